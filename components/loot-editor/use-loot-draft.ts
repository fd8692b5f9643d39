"use client";
/**
 * The editor's draft in this browser (draft-storage.ts): offered back when the editor
 * opens (or taken at once for "continue my draft"), written 300 ms after each change,
 * removed when the document is back where it started and once it is saved.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { LootDocument } from "@/lib/loot/loot-document";
import type { EditorStart } from "@/lib/loot-editor/editor-start";
import { readDraft, removeDraft, writeDraft, type LootDraft } from "./draft-storage";

export const draftTime = (iso: string) => new Date(iso).toLocaleString();

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
  const [offer, setOffer] = useState<LootDraft | null>(null);
  const [note, setNote] = useState("");
  const touched = useRef(false);
  const initial = useRef(start.doc);
  const key = start.draftKey;

  const restore = useCallback(
    (draft: LootDraft) => {
      touched.current = true;
      setOffer(null);
      apply(draft);
    },
    [apply],
  );

  useEffect(() => {
    const draft = readDraft(key);
    if (!draft || (start.mode === "update" && draft.documentId !== start.documentId)) return;
    if (autoRestore) restore(draft);
    else setOffer(draft);
  }, [key, start.mode, start.documentId, autoRestore, restore]);

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
      setOffer(null);
    }, []),
    discard: () => {
      removeDraft(key);
      setOffer(null);
    },
    saved: () => {
      touched.current = false;
      removeDraft(key);
    },
  };
}
