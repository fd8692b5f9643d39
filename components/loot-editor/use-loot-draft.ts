"use client";
/**
 * The editor's draft in this browser (draft-storage.ts): offered back when the editor
 * opens (or taken at once for "continue my draft"), written 300 ms after each change,
 * removed when the document is back where it started and once it is saved.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { LootDocument } from "@/lib/loot/loot-document";
import type { EditorStart } from "@/lib/loot-editor/editor-start";
import { formatUtc } from "@/lib/portal/format";
import { keptDraftText, parseDraft, removeDraft, subscribeToDrafts, writeDraft, type LootDraft } from "./draft-storage";

const noDraft = () => null;

export const draftTime = (iso: string) => formatUtc(iso);

interface Options {
  start: EditorStart;
  autoRestore: boolean;
  doc: LootDocument;
  target: Pick<LootDraft, "mode" | "documentId" | "revision">;
  items: () => CatalogueItem[];
  /** puts a restored draft into the editor */
  apply: (draft: LootDraft) => void;
}

export function useLootDraft({ start, autoRestore, doc, target, items, apply }: Options) {
  // Restored, discarded or overtaken by a change: the kept draft is offered no more (nor read).
  const [settled, setSettled] = useState(false);
  const [note, setNote] = useState("");
  const touched = useRef(false);
  const initial = useRef(start.doc);
  const key = start.draftKey;
  // The server renders without the browser's storage; the draft shows once it can be read.
  const stored = useSyncExternalStore(subscribeToDrafts, settled ? noDraft : () => keptDraftText(key), noDraft);
  const found = useMemo(() => {
    const draft = parseDraft(stored);
    return draft && (start.mode === "create" || draft.documentId === start.documentId) ? draft : null;
  }, [stored, start.mode, start.documentId]);

  const restore = useCallback(
    (draft: LootDraft) => {
      touched.current = true;
      setSettled(true);
      apply(draft);
    },
    [apply],
  );

  // "Continue my draft": taken once, as soon as the browser's storage is read, instead of offered.
  const autoRestored = useRef(false);
  useEffect(() => {
    if (!autoRestore || !found || autoRestored.current) return;
    autoRestored.current = true;
    touched.current = true;
    apply(found);
  }, [autoRestore, found, apply]);
  const offer = autoRestore ? null : found;

  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => {
      // Saved meanwhile: nothing left to keep.
      if (!touched.current) return;
      if (doc === initial.current) {
        removeDraft(key);
        setNote("");
        return;
      }
      const savedAt = new Date().toISOString();
      const kept = writeDraft(key, { format: 1, savedAt, ...target, doc, items: items() });
      setNote(
        kept
          ? `Draft kept in this browser (${draftTime(savedAt)}).`
          : "This browser would not keep a draft (storage full or switched off): save to keep your changes.",
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [doc, key, target, items]);

  return {
    offer,
    note,
    restore,
    /** a change was made: from now on it is kept (and replaces an offered draft) */
    changed: useCallback(() => {
      touched.current = true;
      setSettled(true);
    }, []),
    discard: () => {
      removeDraft(key);
      setSettled(true);
    },
    saved: () => {
      touched.current = false;
      removeDraft(key);
    },
  };
}
