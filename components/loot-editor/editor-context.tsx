"use client";
/**
 * What every part of the loot editor needs from the editor: make an edit (a pure
 * function of the document, lib/loot/edit-document), end an undo group, look items up
 * in what it knows of the catalogue, and the issues of a part or field.
 */
import { createContext, useContext } from "react";
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { GameDefault } from "@/lib/loot/game-default-source";
import type { LootDocument, LootItem } from "@/lib/loot/loot-document";
import type { LootIssue } from "@/lib/loot/validate-loot";

/** An edit: the next document from the present one. */
export type DocEdit = (doc: LootDocument) => LootDocument;

export interface EditorApi {
  /** applies `fn` to the present document; edits with the same `group` in a row are one undo step */
  edit: (fn: DocEdit, group?: string) => void;
  closeGroup: () => void;
  /** the catalogue's item for a document item, when known (by path, else by class) */
  lookup: (item: Pick<LootItem, "class" | "path">) => CatalogueItem | undefined;
  /** makes a picked catalogue item known to the editor */
  remember: (item: CatalogueItem) => void;
  /** the user acted on this field (typed in it or left it): its issues show from now on */
  touch: (path: readonly number[], field: string) => void;
  /** issues at `path`, for `field` (undefined: those about the part as a whole) */
  issues: (path: readonly number[], field?: string) => LootIssue[];
  /** how many errors and warnings the part at `path` and everything in it have */
  countUnder: (path: readonly number[]) => { errors: number; warnings: number };
  /** moves keyboard focus to an element by id once the next render is on screen */
  focusLater: (id: string) => void;
  /** a part's list key, kept through moves and edits (lib/loot-editor/part-keys) */
  keyOf: (part: object) => number;
  /** the game's default contents of a crate (a server action), where the page offers them */
  gameDefault?: GameDefaultAction;
}

/** The server action behind "Use the game's default contents" (app/documents/editor-actions). */
export type GameDefaultAction = (input: {
  crateClass: string;
  difficulty: number;
}) => Promise<GameDefault & { items?: CatalogueItem[] }>;

export const EditorContext = createContext<EditorApi | null>(null);

export function useEditor(): EditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error("useEditor outside the loot editor");
  return api;
}

/** DOM id prefix of a part: loot-doc, loot-0, loot-0-1, ... */
export const partId = (path: readonly number[]) => (path.length === 0 ? "loot-doc" : `loot-${path.join("-")}`);
/** Undo group of a field of a part. */
export const groupOf = (path: readonly number[], field: string) => `${path.join(".")}:${field}`;
