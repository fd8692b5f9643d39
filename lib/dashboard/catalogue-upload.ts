/**
 * The dashboard's bulk upload of a mod's engrams or creatures: a JSON or CSV file
 * checked with the rules the API and the CLI apply (validatePushRows: the kind's input
 * schema per row, row numbers; rows without mod_id belong to this mod, rows without
 * kind are of the kind uploaded, a row naming a kind is of that kind: one file may carry
 * engrams and creatures), plus paths another mod or the base game owns, then compared
 * with the mod's items of each kind so the preview says what would change. The apply
 * step then POSTs each kind's `send` in slices through postEngrams, as the API does.
 */
import type { EngramInputJson } from "@/lib/client/beacon-api";
import type { Db } from "@/lib/db/client";
import { chunks } from "@/lib/db/chunks";
import { parseGame, V1_GAME } from "@/lib/catalogue/game";
import { gameUidOf } from "@/lib/engrams/derive";
import { EngramFileError, engramFileFormat, readEngramFile } from "@/lib/engrams/engram-file";
import { creatureJson, creatureSelect } from "@/lib/engrams/creature-json";
import { inGame } from "@/lib/engrams/engram-input";
import { engramJson, engramSelect } from "@/lib/engrams/engram-json";
import type { ItemJson } from "@/lib/engrams/find-engrams";
import type { RowError } from "@/lib/engrams/import-engrams";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { itemTable, OWNERSHIP } from "@/lib/engrams/item-table";
import { planPush, validatePushRows } from "@/lib/engrams/push-plan";

export const MAX_SHOWN_ERRORS = 100;
export { MAX_APPLY_ITEMS } from "@/lib/dashboard/upload-limits";

/** What an upload would change in one kind of the mod's catalogue. */
export interface UploadPart {
  kind: ItemKind;
  total: number;
  added: number;
  updated: number;
  unchanged: number;
  notInFile: number;
  send: EngramInputJson[];
}

export type UploadPreview =
  | {
      ok: true;
      /** the kind uploaded first, then the other when the file has rows of it */
      parts: UploadPart[];
    }
  | { ok: false; message: string; errors: RowError[]; errorCount: number };

/** The mod's items of the kind; resource_url plays no part in the comparison: no base URL needed. */
async function currentItems(db: Db, kind: ItemKind, modId: string): Promise<ItemJson[]> {
  if (kind === "engrams")
    return (await db.engram.findMany({ where: { modId }, select: engramSelect })).map((r) => engramJson(r, ""));
  return (await db.creature.findMany({ where: { modId }, select: creatureSelect })).map((r) => creatureJson(r, ""));
}

const refused = (message: string): UploadPreview => ({ ok: false, message, errors: [], errorCount: 0 });

export async function previewCatalogueUpload(
  db: Db,
  options: { modId: string; kind?: ItemKind; fileName: string; text: string },
): Promise<UploadPreview> {
  const { modId, kind = "engrams" } = options;
  const format = engramFileFormat(options.fileName);
  if (!format) return refused("Choose a .csv or .json file.");
  let rows;
  try {
    rows = readEngramFile(options.text, format);
  } catch (err) {
    if (err instanceof EngramFileError) return refused(`The file is ${err.message}.`);
    throw err;
  }
  if (rows.length === 0) return refused(`The file holds no ${itemKinds[kind].noun}s.`);
  const validated = validatePushRows(rows, modId, kind);
  const { errors } = validated;
  // The mod says which game its rows are (docs/API.md#games): an ASA mod's are compared,
  // and checked against other owners, by their ASA uids.
  const reg = await db.modRegistration.findUnique({ where: { confirmedModId: modId }, select: { game: true } });
  const game = parseGame(reg?.game) ?? V1_GAME;
  const byKind = {
    engrams: validated.byKind.engrams.map((r) => inGame(r, game)),
    creatures: validated.byKind.creatures.map((r) => inGame(r, game)),
  };
  const kinds = [kind, ...(Object.keys(byKind) as ItemKind[]).filter((k) => k !== kind && byKind[k].length > 0)];
  const rowOfUid = new Map<string, number>();
  for (const { row, value } of rows) {
    const path = (value as { path?: unknown } | null)?.path;
    if (typeof path === "string") rowOfUid.set(gameUidOf(path, game), row);
  }
  for (const k of kinds) {
    for (const part of chunks(byKind[k].map((r) => r.uid))) {
      for (const e of await itemTable(db, k).findMany({ where: { uid: { in: part } }, select: OWNERSHIP }))
        if (e.modId !== modId)
          errors.push({
            row: rowOfUid.get(e.uid) ?? 0,
            message: `path: belongs to ${e.modId === null ? "the base game" : `mod ${e.modId}`}`,
          });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  if (errors.length > 0) {
    return {
      ok: false,
      message: `${errors.length} problem${errors.length === 1 ? "" : "s"} found; nothing was saved.`,
      errors: errors.slice(0, MAX_SHOWN_ERRORS),
      errorCount: errors.length,
    };
  }
  const parts: UploadPart[] = [];
  for (const k of kinds) {
    const plan = planPush(byKind[k], await currentItems(db, k, modId));
    parts.push({
      kind: k,
      total: byKind[k].length,
      added: plan.added,
      updated: plan.updated,
      unchanged: plan.unchanged,
      notInFile: plan.missing.length,
      send: plan.send,
    });
  }
  return { ok: true, parts };
}
