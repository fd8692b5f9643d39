/**
 * Opening the loot editor: empty, from the Default Loot.beacon template or one of its
 * crates (lib/loot-editor/crate-templates), as a copy of
 * any document, or on the user's own document (a new revision). A document the user
 * did not publish is always opened as a copy: a new Identifier, " (copy)" after the
 * title, every other key kept. Items are resolved through the catalogue once, here, so
 * the editor can name them and knows which it does not know.
 */
import { randomUUID } from "node:crypto";
import { catalogueItem, type CatalogueItem } from "@/lib/catalogue/catalogue-item";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import { withoutRawChildren } from "@/lib/loot/edit-document";
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { emptyLootDocument, newSource } from "@/lib/loot/new-loot";
import { readDocumentJson } from "@/lib/documents/document-content";
import { lootItems } from "@/lib/documents/loot-view";
import { isUuid } from "@/lib/uuid";
import { crateTemplate, gameDefaultDocument } from "./crate-templates";
import { gameDefaultForClass, type GameDefault } from "@/lib/loot/game-default-source";
import { defaultLootTemplate } from "./default-loot-template";
import { draftKeyFor, type EditorStart } from "./editor-start";

export type EditorSource =
  | { kind: "empty" }
  | { kind: "template" }
  | { kind: "crate"; crateClass: string }
  | { kind: "document"; id: string; edit: boolean };

export type StartOutcome =
  { ok: true; start: EditorStart } | { ok: false; reason: "not-found" | "not-loot" | "no-template"; message: string };

/** The catalogue's items among those the document names, each once. */
export async function catalogueItemsOf(db: Db, doc: LootDocument): Promise<CatalogueItem[]> {
  const refs = lootItems(doc);
  const resolve = await resolveItems(db, refs);
  const found = new Map<string, CatalogueItem>();
  for (const ref of refs) {
    const engram = resolve(ref);
    if (engram && !found.has(engram.uid)) found.set(engram.uid, catalogueItem(engram));
  }
  return [...found.values()];
}

/** The document under a new Identifier (same place among the keys). */
function asNew(doc: LootDocument, id: string, title = doc.title): LootDocument {
  return { ...doc, title, raw: { ...doc.raw, Identifier: id } };
}

async function started(
  db: Db,
  mode: EditorStart["mode"],
  documentId: string,
  doc: LootDocument,
  extra: Partial<EditorStart> = {},
): Promise<StartOutcome> {
  const start: EditorStart = {
    mode,
    documentId,
    revision: null,
    doc: withoutRawChildren(doc),
    items: await catalogueItemsOf(db, doc),
    notice: null,
    problems: doc.problems,
    draftKey: draftKeyFor(mode, documentId),
    ...extra,
  };
  return { ok: true, start };
}

export async function startEditor(db: Db, options: { userId: string; source: EditorSource }): Promise<StartOutcome> {
  const { source, userId } = options;
  const newId = randomUUID();
  if (source.kind === "empty") return started(db, "create", newId, emptyLootDocument(newId));
  if (source.kind === "template") {
    const doc = readLootDocument(defaultLootTemplate())!;
    return started(db, "create", newId, asNew(doc, newId), {
      notice:
        "Starting from Default Loot.beacon, the desktop client's default loot tables: saving makes a new document of yours.",
    });
  }
  if (source.kind === "crate") {
    const doc = crateTemplate(newId, source.crateClass);
    if (!doc) {
      // Not one of Default Loot's six: the game's own default contents, when its data has the crate.
      const game = gameDefaultDocument(newId, source.crateClass);
      if (!game.ok) return { ok: false, reason: "no-template", message: game.message };
      return started(db, "create", newId, game.doc, {
        notice: `Starting from the game's default contents of ${game.title}${game.mapName ? ` (${game.mapName})` : ""}: give the document a title, change what you like; saving makes a new document of yours. ${game.notes.join(" ")}`,
      });
    }
    return started(db, "create", newId, doc, {
      notice: `Starting from ${doc.sources[0]!.label} as Default Loot.beacon has it: give the document a title, change what you like; saving makes a new document of yours.`,
    });
  }
  const id = source.id.toLowerCase();
  const meta = isUuid(id)
    ? await db.document.findUnique({
        where: { id },
        select: { id: true, userId: true, name: true, revision: true, hiddenAt: true },
      })
    : null;
  // A hidden document is its author's alone (lib/documents/visibility.ts): nobody else copies it.
  if (!meta || (meta.hiddenAt !== null && meta.userId !== userId))
    return { ok: false, reason: "not-found", message: "No document has this id." };
  const content = await readDocumentJson(db, id);
  const doc = content.state === "parsed" ? readLootDocument(content.value) : null;
  if (!doc)
    return {
      ok: false,
      reason: "not-loot",
      message:
        "This document holds no loot sources (it is not a loot document, or it is too large or unreadable), so the loot editor cannot open it.",
    };
  if (meta.userId === userId && source.edit) return started(db, "update", id, doc, { revision: meta.revision });
  const notice =
    meta.userId === userId
      ? `A copy of your document “${meta.name}”: saving makes a new document; the original stays as it is.`
      : `You are not the author of “${meta.name}”, so this is a copy: saving makes a new document of yours, and the original stays as it is.`;
  return started(db, "create", newId, asNew(doc, newId, `${doc.title} (copy)`), { notice });
}

/** The game's default contents for a source of the editor, with the catalogue's items they name. */
export async function gameDefaultForEditor(
  db: Db,
  crateClass: string,
  difficulty: number,
): Promise<GameDefault & { items?: CatalogueItem[] }> {
  const found = gameDefaultForClass(crateClass, difficulty);
  if (!found.ok) return found;
  const holder = { ...emptyLootDocument(""), sources: [{ ...newSource({ crateClass }), ...found.fields }] };
  return { ...found, items: await catalogueItemsOf(db, holder) };
}
