"use client";
/**
 * The loot editor (issue 19): a loot document in the loot model, changed only through
 * the pure edit functions of lib/loot/edit-document, with undo/redo
 * (lib/loot/edit-history), validation where each problem is (lib/loot/validate-loot),
 * the chances per roll and the live Game.ini line of each source, and a draft kept in
 * this browser until saved. Saving writes version-2 content (lib/loot/
 * write-loot-document) and hands it to the save action, which publishes it as the
 * signed-in user through the v1 publish code.
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { saveLootAction } from "@/app/documents/editor-actions";
import { input, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import { insertPart } from "@/lib/loot/edit-document";
import { closeGroup, record, redo, startHistory, undo } from "@/lib/loot/edit-history";
import { KNOWN_CRATES, knownCrate } from "@/lib/loot/known-crates";
import type { LootItem } from "@/lib/loot/loot-document";
import { newSource } from "@/lib/loot/new-loot";
import { blocksSaving, validateLoot, type LootIssue } from "@/lib/loot/validate-loot";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import type { EditorStart } from "@/lib/loot-editor/editor-start";
import { DocumentFields } from "./document-fields";
import { readDraft, removeDraft, writeDraft, type LootDraft } from "./draft-storage";
import { EditorContext, partId, type DocEdit, type EditorApi } from "./editor-context";
import { IssueSummary } from "./issue-summary";
import { SourceEditor } from "./source-editor";

/** Above this many entries sources start closed (each open entry is a dozen fields). */
const OPEN_UP_TO_ENTRIES = 60;

interface ItemIndex {
  byPath: Map<string, CatalogueItem>;
  byClass: Map<string, CatalogueItem>;
}

function indexItems(items: readonly CatalogueItem[], into?: ItemIndex): ItemIndex {
  const index = { byPath: new Map(into?.byPath), byClass: new Map(into?.byClass) };
  for (const item of items) {
    index.byPath.set(item.path.toLowerCase(), item);
    if (!index.byClass.has(item.class.toLowerCase())) index.byClass.set(item.class.toLowerCase(), item);
  }
  return index;
}

const issueKey = (path: readonly number[], field?: string) => `${path.join(".")}|${field ?? ""}`;
const time = (iso: string) => new Date(iso).toLocaleString();

export function LootEditor({ start, autoRestore = false }: { start: EditorStart; autoRestore?: boolean }) {
  const router = useRouter();
  const [history, setHistory] = useState(() => startHistory(start.doc));
  const doc = history.present;
  const [target, setTarget] = useState({ mode: start.mode, documentId: start.documentId, revision: start.revision });
  const [items, setItems] = useState(() => indexItems(start.items));
  const [offer, setOffer] = useState<LootDraft | null>(null);
  const [draftNote, setDraftNote] = useState("");
  const [saveError, setSaveError] = useState("");
  const [saving, startSaving] = useTransition();
  const [opened, setOpened] = useState<Record<number, boolean>>({});
  const [crateToAdd, setCrateToAdd] = useState(KNOWN_CRATES[0]!.crateClass);
  const touched = useRef(false);
  const pendingFocus = useRef<string | null>(null);
  const initialDoc = useRef(start.doc);
  const startOpen = start.doc.sources.reduce((n, s) => n + s.itemSets.reduce((m, t) => m + t.entries.length, 0), 0) <= OPEN_UP_TO_ENTRIES;

  const lookup = useCallback(
    (item: Pick<LootItem, "class" | "path">) => (item.path ? items.byPath.get(item.path.toLowerCase()) : undefined) ?? (item.class ? items.byClass.get(item.class.toLowerCase()) : undefined),
    [items],
  );
  const issues = useMemo(() => validateLoot(doc, { isKnownItem: (i) => lookup(i) !== undefined }), [doc, lookup]);
  const blocked = blocksSaving(issues);
  const issueIndex = useMemo(() => {
    const exact = new Map<string, LootIssue[]>();
    const under = new Map<string, { errors: number; warnings: number }>();
    for (const issue of issues) {
      const key = issueKey(issue.path, issue.field);
      exact.set(key, [...(exact.get(key) ?? []), issue]);
      for (let depth = 0; depth <= issue.path.length; depth++) {
        const prefix = issue.path.slice(0, depth).join(".");
        const count = under.get(prefix) ?? { errors: 0, warnings: 0 };
        under.set(prefix, issue.severity === "error" ? { ...count, errors: count.errors + 1 } : { ...count, warnings: count.warnings + 1 });
      }
    }
    return { exact, under };
  }, [issues]);

  const edit = useCallback((fn: DocEdit, group?: string) => {
    touched.current = true;
    setOffer(null);
    setSaveError("");
    setHistory((h) => record(h, fn(h.present), group));
  }, []);

  const restore = useCallback(
    (draft: LootDraft) => {
      touched.current = true;
      setOffer(null);
      setHistory((h) => record(h, draft.doc));
      setItems((index) => indexItems(draft.items, index));
      if (start.mode === "create") setTarget({ mode: "create", documentId: draft.documentId, revision: null });
    },
    [start.mode],
  );

  // A draft left in this browser: offered back (or taken at once, for "continue my draft").
  useEffect(() => {
    const draft = readDraft(start.draftKey);
    if (!draft || (start.mode === "update" && draft.documentId !== start.documentId)) return;
    if (autoRestore) restore(draft);
    else setOffer(draft);
  }, [start.draftKey, start.mode, start.documentId, autoRestore, restore]);

  // Every change is kept in this browser until saved; back where it started, nothing is kept.
  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => {
      if (history.present === initialDoc.current) {
        removeDraft(start.draftKey);
        setDraftNote("");
        return;
      }
      const savedAt = new Date().toISOString();
      const kept = writeDraft(start.draftKey, { format: 1, savedAt, ...target, doc: history.present, items: [...new Set([...items.byPath.values()])] });
      setDraftNote(kept ? `Draft kept in this browser (${time(savedAt)}).` : "This browser would not keep a draft (storage full or switched off): save to keep your changes.");
    }, 300);
    return () => clearTimeout(timer);
  }, [history.present, start.draftKey, target, items]);

  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    document.getElementById(id)?.focus();
  });

  const api: EditorApi = useMemo(
    () => ({
      edit,
      closeGroup: () => setHistory((h) => closeGroup(h)),
      lookup,
      remember: (item) => setItems((index) => indexItems([item], index)),
      issues: (path, field) => issueIndex.exact.get(issueKey(path, field)) ?? [],
      countUnder: (path) => issueIndex.under.get(path.join(".")) ?? { errors: 0, warnings: 0 },
      focusLater: (id) => {
        pendingFocus.current = id;
      },
    }),
    [edit, lookup, issueIndex],
  );

  function save() {
    if (saving) return;
    if (blocked) {
      setSaveError("Fix the errors first (listed above): the game could not use the document as it is.");
      document.getElementById("loot-issues")?.focus();
      return;
    }
    const form = new FormData();
    form.set("document_id", target.documentId);
    form.set("mode", target.mode);
    form.set("content", JSON.stringify(writeLootDocument(doc), null, "\t"));
    startSaving(async () => {
      const state = await saveLootAction({}, form);
      if (state.ok) {
        touched.current = false;
        removeDraft(start.draftKey);
        router.push(`/documents/${target.documentId}?saved=1`);
      } else {
        setSaveError(state.errors?.form ?? Object.values(state.errors ?? {})[0] ?? "The document could not be saved.");
      }
    });
  }

  function addSource() {
    const crate = knownCrate(crateToAdd);
    const index = doc.sources.length;
    edit((d) => insertPart(d, [], newSource(crate ?? { crateClass: "" })));
    setOpened((o) => ({ ...o, [index]: true }));
    api.focusLater(`${partId([index])}-crate`);
  }

  return (
    <EditorContext.Provider value={api}>
      <div
        className="space-y-5"
        data-testid="loot-editor"
        data-document-id={target.documentId}
        onKeyDown={(e) => {
          if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
          const key = e.key.toLowerCase();
          if (key === "z" && !e.shiftKey) setHistory(undo);
          else if ((key === "z" && e.shiftKey) || key === "y") setHistory(redo);
          else if (key === "s") save();
          else return;
          e.preventDefault();
        }}
      >
        {start.notice && (
          <p className="rounded border border-sky-800 bg-sky-950/40 p-3 text-sm text-sky-100" data-testid="loot-editor-notice">
            {start.notice}
          </p>
        )}
        {start.problems.length > 0 && (
          <details open className="rounded border border-amber-800 p-3 text-sm" data-testid="loot-read-problems">
            <summary className="cursor-pointer font-semibold text-amber-200">
              {start.problems.length} {start.problems.length === 1 ? "thing" : "things"} could not be read
            </summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-100">
              {start.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </details>
        )}
        {offer && (
          <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-amber-700 bg-amber-950/40 p-3 text-sm">
            <span>
              An unsaved draft{offer.doc.title ? ` of “${offer.doc.title}”` : ""} from {time(offer.savedAt)} is kept in this browser
              {start.mode === "update" && offer.revision !== start.revision ? ` (made on revision ${offer.revision}; the document is now at revision ${start.revision})` : ""}. Editing here
              replaces it.
            </span>
            <button type="button" className={primaryButton} onClick={() => restore(offer)}>
              Restore the draft
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                removeDraft(start.draftKey);
                setOffer(null);
              }}
            >
              Discard it
            </button>
          </div>
        )}

        <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-b border-slate-800 bg-slate-950/95 px-4 py-2">
          <button type="button" className={secondaryButton} disabled={history.past.length === 0} aria-keyshortcuts="Control+Z" onClick={() => setHistory(undo)}>
            Undo
          </button>
          <button type="button" className={secondaryButton} disabled={history.future.length === 0} aria-keyshortcuts="Control+Shift+Z Control+Y" onClick={() => setHistory(redo)}>
            Redo
          </button>
          <button type="button" className={primaryButton} aria-keyshortcuts="Control+S" aria-describedby="loot-save-status" disabled={saving} onClick={save}>
            {target.mode === "create" ? "Save as new document" : "Save revision"}
          </button>
          <span id="loot-save-status" role="status" className="text-xs text-slate-400">
            {saving ? "Saving…" : blocked ? "Errors below block saving." : draftNote}
          </span>
          {saveError && (
            <p role="alert" className="w-full text-sm text-rose-300" data-testid="loot-save-error">
              {saveError}
            </p>
          )}
        </div>

        <DocumentFields doc={doc} />
        <IssueSummary doc={doc} issues={issues} reveal={(path) => path.length > 0 && setOpened((o) => ({ ...o, [path[0]!]: true }))} />

        <section aria-labelledby="loot-sources-title" className="space-y-3">
          <h2 id="loot-sources-title" className="text-lg font-semibold">
            Loot sources <span className="text-sm font-normal text-slate-400">({doc.sources.length})</span>
          </h2>
          <ol className="space-y-4">
            {doc.sources.map((source, s) => (
              <SourceEditor
                key={s}
                index={s}
                source={source}
                count={doc.sources.length}
                difficulty={doc.difficulty}
                open={opened[s] ?? startOpen}
                onToggle={(open) => setOpened((o) => ({ ...o, [s]: open }))}
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-slate-700 p-3">
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="loot-new-crate" className="text-xs font-medium text-slate-300">
                Crate of the new source
              </label>
              <select id="loot-new-crate" value={crateToAdd} onChange={(e) => setCrateToAdd(e.target.value)} className={`${input} py-1`}>
                {KNOWN_CRATES.map((c) => (
                  <option key={c.crateClass} value={c.crateClass}>
                    {c.label}
                  </option>
                ))}
                <option value="">Another crate (type its class)</option>
              </select>
            </div>
            <button type="button" id="loot-doc-add" className={secondaryButton} onClick={addSource}>
              Add loot source
            </button>
          </div>
        </section>
      </div>
    </EditorContext.Provider>
  );
}
