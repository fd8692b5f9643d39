/**
 * The editor's unsaved draft in the browser's localStorage, under the key the server
 * chose (one for new documents, one per document revised): written as the document
 * changes, offered back when the editor opens again, removed once saved. Storage may be
 * full or switched off: then nothing is kept, and the editor says so.
 */
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { LootDocument } from "@/lib/loot/loot-document";

export interface LootDraft {
  format: 1;
  /** ISO time of the last change */
  savedAt: string;
  mode: "create" | "update";
  documentId: string;
  revision: number | null;
  doc: LootDocument;
  /** the catalogue items the editor knew, so a restored draft names them */
  items: CatalogueItem[];
}

/** The draft kept under `key` as stored (text compares equal while nothing changed it), or null. */
export function keptDraftText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readDraft(key: string): LootDraft | null {
  return parseDraft(keptDraftText(key));
}

export function parseDraft(text: string | null): LootDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as LootDraft;
    const ok =
      draft?.format === 1 &&
      typeof draft.documentId === "string" &&
      Array.isArray(draft.doc?.sources) &&
      Array.isArray(draft.items);
    return ok ? draft : null;
  } catch {
    return null;
  }
}

/** The title of the draft kept under `key` ("" for an untitled one), or null when there is none. */
export function keptDraftTitle(key: string): string | null {
  const draft = readDraft(key);
  return draft ? draft.doc.title : null;
}

/** Calls `onChange` when another tab of this browser changes the kept drafts; returns the unsubscribe. */
export function subscribeToDrafts(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** false when the browser would not keep it (storage full or off). */
export function writeDraft(key: string, draft: LootDraft): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}
