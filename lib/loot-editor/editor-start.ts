/**
 * What the loot editor opens with (plain data for its client component): the document
 * in the loot model, whether saving creates a new document or a revision of an existing
 * one, the catalogue's view of the items it names, and what to tell the user first.
 */
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { LootDocument } from "@/lib/loot/loot-document";

export interface EditorStart {
  /** create: a new document of the user's; update: a revision of their own document */
  mode: "create" | "update";
  /** lowercase UUID: the new document's, or the one updated */
  documentId: string;
  /** the revision being edited (update only) */
  revision: number | null;
  doc: LootDocument;
  /** the catalogue's items among those the document names */
  items: CatalogueItem[];
  /** said above the editor: whose document this copies, why it is a copy */
  notice: string | null;
  /** what could not be read (a Game.ini import's list, skipped parts of content) */
  problems: string[];
  /** where the browser keeps the unsaved draft (localStorage) */
  draftKey: string;
}

/** One draft for new documents, one per document being revised. */
export const draftKeyFor = (mode: EditorStart["mode"], documentId: string) =>
  mode === "create" ? "beacon-hub.loot-draft.new" : `beacon-hub.loot-draft.${documentId}`;
