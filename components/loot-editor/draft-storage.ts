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

export function readDraft(key: string): LootDraft | null {
  try {
    const text = window.localStorage.getItem(key);
    if (!text) return null;
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
