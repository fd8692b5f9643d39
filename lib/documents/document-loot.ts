/**
 * A document's content as a loot document with its items resolved through the
 * catalogue: what the document page and the Game.ini export share. `loot` is null when
 * the content is missing, unreadable, too large or not a loot document; `content` then
 * tells the page which summary to show instead.
 */
import { canBlueprintWith, resolveItems, type ItemResolver } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import { crateLines, writeGameIni, type CrateLine, type GameIniOptions } from "@/lib/loot/game-ini";
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { readDocumentJson, readRevisionJson, type DocumentContentJson } from "@/lib/documents/document-content";
import { lootItems } from "@/lib/documents/loot-view";

export interface DocumentLoot {
  content: DocumentContentJson;
  loot: { doc: LootDocument; resolve: ItemResolver } | null;
}

/** The current content, or with `revision` that kept revision's. */
export async function documentLoot(db: Db, documentId: string, revision?: number): Promise<DocumentLoot> {
  const content =
    revision === undefined ? await readDocumentJson(db, documentId) : await readRevisionJson(db, documentId, revision);
  const doc = content.state === "parsed" ? readLootDocument(content.value) : null;
  if (!doc) return { content, loot: null };
  return { content, loot: { doc, resolve: await resolveItems(db, lootItems(doc)) } };
}

type Loot = NonNullable<DocumentLoot["loot"]>;
const iniOptions = (loot: Loot, difficulty?: number): GameIniOptions => ({
  difficulty: difficulty ?? loot.doc.difficulty,
  canBlueprint: canBlueprintWith(loot.resolve),
});

/** The Game.ini text of a resolved loot document; `difficulty` overrides the document's. */
export function lootGameIni(loot: Loot, difficulty?: number): string {
  return writeGameIni(loot.doc, iniOptions(loot, difficulty));
}

/** Its lines per crate, for a merge into an existing Game.ini. */
export function lootCrateLines(loot: Loot, difficulty?: number): CrateLine[] {
  return crateLines(loot.doc, iniOptions(loot, difficulty));
}

/** Largest difficulty accepted in `?difficulty=` (the game's own values stay far below). */
export const MAX_DIFFICULTY = 100;

/** `?difficulty=`: absent or empty = the document's; else a number in (0, 100]. */
export function parseDifficulty(
  value: string | null | undefined,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (value === null || value === undefined || value.trim() === "") return { ok: true, value: undefined };
  const n = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!(n > 0 && n <= MAX_DIFFICULTY))
    return {
      ok: false,
      message: `difficulty must be a number above 0 and at most ${MAX_DIFFICULTY} (5 for wild creatures up to level 150), not "${value.slice(0, 40)}".`,
    };
  return { ok: true, value: n };
}
