"use client";
/**
 * The loot editor (docs/PORTAL.md#loot-editor): a loot document in the loot model, changed only through
 * the pure edit functions of lib/loot/edit-document, with undo/redo
 * (lib/loot/edit-history), validation where each problem is (lib/loot/validate-loot),
 * the chances per roll and the live Game.ini line of each source, and a draft kept in
 * this browser until saved. Saving writes version-2 content (lib/loot/
 * write-loot-document) and hands it to the save action, which publishes it as the
 * signed-in user through the v1 publish code (the page passes the action in).
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import type { FormState } from "@/lib/dashboard/form-data";
import { closeGroup, record, redo, startHistory, undo } from "@/lib/loot/edit-history";
import { blocksSaving, validateLoot } from "@/lib/loot/validate-loot";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import type { EditorStart } from "@/lib/loot-editor/editor-start";
import { PartKeys } from "@/lib/loot-editor/part-keys";
import { AddSource } from "./add-source";
import { DocumentFields } from "./document-fields";
import type { LootDraft } from "./draft-storage";
import { EditorContext, type DocEdit, type EditorApi, type GameDefaultAction } from "./editor-context";
import { EditorNotices } from "./editor-notices";
import { EditorToolbar } from "./editor-toolbar";
import { IssueSummary } from "./issue-summary";
import { LootWarnings } from "@/components/documents/loot-warnings";
import { lootWarnings } from "@/lib/loot/loot-warnings";
import { indexIssues, issueKey } from "./issue-index";
import { indexedItems, indexItems, lookupItem } from "./item-index";
import { SourceEditor } from "./source-editor";
import { useLootDraft } from "./use-loot-draft";

/** Above this many entries sources start closed (each open entry is a dozen fields). */
const OPEN_UP_TO_ENTRIES = 60;

/** The save action (app/documents/editor-actions): fields document_id, mode, content. */
export type SaveLootAction = (state: FormState, form: FormData) => Promise<FormState>;

export function LootEditor({
  start,
  saveAction,
  gameDefaultAction,
  autoRestore = false,
}: {
  start: EditorStart;
  saveAction: SaveLootAction;
  /** "Use the game's default contents" in each source (app/documents/editor-actions) */
  gameDefaultAction?: GameDefaultAction;
  autoRestore?: boolean;
}) {
  const router = useRouter();
  const [history, setHistory] = useState(() => startHistory(start.doc));
  const doc = history.present;
  const [target, setTarget] = useState({ mode: start.mode, documentId: start.documentId, revision: start.revision });
  const [items, setItems] = useState(() => indexItems(start.items));
  const [saveError, setSaveError] = useState("");
  const [saving, startSaving] = useTransition();
  const [keys] = useState(() => new PartKeys());
  // Sources opened or closed by the reader, by their key: the panel follows the source when it moves.
  const [opened, setOpened] = useState<Record<number, boolean>>({});
  const pendingFocus = useRef<string | null>(null);
  const startOpen =
    start.doc.sources.reduce((n, s) => n + s.itemSets.reduce((m, t) => m + t.entries.length, 0), 0) <=
    OPEN_UP_TO_ENTRIES;

  // Issues of the document's own fields that are there when the editor opens (no title
  // yet) wait until the user acts: types in or leaves that field, or tries to save.
  // Everything else is said as soon as it is true.
  const [quiet, setQuiet] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        validateLoot(start.doc)
          .filter((i) => i.path.length === 0)
          .map((i) => issueKey(i.path, i.field)),
      ),
  );
  const lookup = useCallback((item: Parameters<EditorApi["lookup"]>[0]) => lookupItem(items, item), [items]);
  const issues = useMemo(() => validateLoot(doc, { isKnownItem: (i) => lookup(i) !== undefined }), [doc, lookup]);
  const blocked = blocksSaving(issues);
  // Crash risks and sanity warnings, recomputed as the admin types (they never block saving).
  const warnings = useMemo(() => lootWarnings(doc), [doc]);
  const shown = useMemo(
    () => (quiet.size === 0 ? issues : issues.filter((i) => !quiet.has(issueKey(i.path, i.field)))),
    [issues, quiet],
  );
  const issueIndex = useMemo(() => indexIssues(shown), [shown]);

  const apply = useCallback(
    (draft: LootDraft) => {
      setHistory((h) => record(h, draft.doc));
      setItems((index) => indexItems(draft.items, index));
      if (start.mode === "create") setTarget({ mode: "create", documentId: draft.documentId, revision: null });
    },
    [start.mode],
  );
  const draftItems = useCallback(() => indexedItems(items), [items]);
  const draft = useLootDraft({ start, autoRestore, doc, target, items: draftItems, apply });
  const { changed } = draft;

  const edit = useCallback(
    (fn: DocEdit, group?: string) => {
      changed();
      setSaveError("");
      setHistory((h) => {
        const next = fn(h.present);
        keys.follow(h.present, next);
        return record(h, next, group);
      });
    },
    [changed, keys],
  );

  // Focus asked for by the last action (a moved or new part), once it is on the page.
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
      touch: (path, field) =>
        setQuiet((q) => {
          const key = issueKey(path, field);
          if (!q.has(key)) return q;
          const next = new Set(q);
          next.delete(key);
          return next;
        }),
      focusLater: (id) => {
        pendingFocus.current = id;
      },
      keyOf: (part) => keys.keyOf(part),
      gameDefault: gameDefaultAction,
    }),
    [edit, lookup, issueIndex, keys, gameDefaultAction],
  );

  function save() {
    if (saving) return;
    if (blocked) {
      setQuiet(new Set());
      setSaveError("Fix the errors first (listed above): the game could not use the document as it is.");
      // After the render that shows the issues held back until now.
      pendingFocus.current = "loot-issues";
      return;
    }
    const form = new FormData();
    form.set("document_id", target.documentId);
    form.set("mode", target.mode);
    form.set("content", JSON.stringify(writeLootDocument(doc), null, "\t"));
    startSaving(async () => {
      const state = await saveAction({}, form);
      if (state.ok) {
        draft.saved();
        router.push(`/documents/${target.documentId}?saved=1`);
      } else {
        setSaveError(state.errors?.form ?? Object.values(state.errors ?? {})[0] ?? "The document could not be saved.");
      }
    });
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
        <EditorNotices start={start} offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
        <EditorToolbar
          canUndo={history.past.length > 0}
          canRedo={history.future.length > 0}
          onUndo={() => setHistory(undo)}
          onRedo={() => setHistory(redo)}
          onSave={save}
          saving={saving}
          mode={target.mode}
          status={blocksSaving(shown) ? "Errors below block saving." : draft.note}
          error={saveError}
        />
        <DocumentFields doc={doc} />
        <LootWarnings warnings={warnings} />
        <IssueSummary
          doc={doc}
          issues={shown}
          waiting={issues.length - shown.length}
          reveal={(path) => {
            const source = path.length > 0 ? doc.sources[path[0]!] : undefined;
            if (source) setOpened((o) => ({ ...o, [keys.keyOf(source)]: true }));
          }}
        />
        <section aria-labelledby="loot-sources-title" className="space-y-3">
          <h2 id="loot-sources-title" className="text-lg font-semibold">
            Loot sources <span className="text-sm font-normal text-slate-400">({doc.sources.length})</span>
          </h2>
          <ol className="space-y-4">
            {doc.sources.map((source, s) => {
              const key = keys.keyOf(source);
              return (
                <SourceEditor
                  key={key}
                  index={s}
                  source={source}
                  count={doc.sources.length}
                  difficulty={doc.difficulty}
                  open={opened[key] ?? startOpen}
                  onToggle={(open) => setOpened((o) => ({ ...o, [key]: open }))}
                />
              );
            })}
          </ol>
          <AddSource
            count={doc.sources.length}
            onAdded={(source) => setOpened((o) => ({ ...o, [keys.keyOf(source)]: true }))}
          />
        </section>
      </div>
    </EditorContext.Provider>
  );
}
