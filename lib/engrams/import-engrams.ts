/**
 * The operator's engram import (scripts/engrams-import.ts): validates every row with the
 * API's rules (engramInput), reports every bad row by number, and writes nothing unless
 * all rows are good; then adds or updates them all in one transaction, so running it
 * twice changes nothing the second time. A row without mod_id belongs to no mod (the
 * base game's catalogue); a row naming a mod needs that mod to be confirmed. A row's
 * `kind` (engram or creature, item-kind.ts) says which catalogue it goes to; without
 * one it is an engram. `game` (ASE unless given, `--game asa`) is the game every row is
 * of; a row's mod must be a confirmed mod of that game.
 */
import { ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { inGame, itemFactsInput, itemInput, type EngramRecord } from "@/lib/engrams/engram-input";
import { GAME_SHORT_NAMES, V1_GAME, type Game } from "@/lib/catalogue/game";
import { ITEM_KINDS, parseItemKindOr, type ItemKind } from "@/lib/engrams/item-kind";
import { itemTable, OWNERSHIP } from "@/lib/engrams/item-table";
import { saveEngrams, type SaveResult } from "@/lib/engrams/save-engrams";

export interface RowError {
  row: number;
  message: string;
}

export type ImportResult = ({ ok: true } & SaveResult) | { ok: false; errors: RowError[] };

export interface ValidRows {
  records: EngramRecord[];
  /** the file row of each record */
  rowOf: number[];
  /** the kind of each record */
  kindOf: ItemKind[];
  errors: RowError[];
}

/**
 * `absent`: the kind of rows that name none (engrams, but for a file pushed as creatures).
 * `facts`: rows with a `maps` key carry the catalogue's facts (engram-input.ts:
 * itemFactsInput); only the operator's files do, mod files stay v1.
 */
export function validateRows(
  rows: EngramFileRow[],
  absent: ItemKind = "engrams",
  options: { facts?: boolean; game?: Game } = {},
): ValidRows {
  const game = options.game ?? V1_GAME;
  const records: EngramRecord[] = [];
  const rowOf: number[] = [];
  const kindOf: ItemKind[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, value } of rows) {
    if (value instanceof Error) {
      errors.push({ row, message: value.message });
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      errors.push({ row, message: "is not an engram object" });
      continue;
    }
    const kind = parseItemKindOr((value as { kind?: unknown }).kind, absent);
    if (kind === null) {
      errors.push({ row, message: "kind: must be engram or creature (or left empty: engram)" });
      continue;
    }
    const schema = options.facts && "maps" in value ? itemFactsInput(kind) : itemInput(kind);
    const result = schema.safeParse({ mod_id: null, ...value });
    if (!result.success) {
      for (const issue of result.error.issues)
        errors.push({ row, message: `${issue.path.join(".") || "value"}: ${issue.message}` });
      continue;
    }
    const key = `${kind}:${result.data.uid}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row, message: `path: the same path as row ${first}` });
      continue;
    }
    seen.set(key, row);
    records.push(inGame(result.data, game));
    rowOf.push(row);
    kindOf.push(kind);
  }
  return { records, rowOf, kindOf, errors };
}

/** The records of each kind that has any, with their file rows. */
export function byKind({
  records,
  rowOf,
  kindOf,
}: ValidRows): { kind: ItemKind; records: EngramRecord[]; rowOf: number[] }[] {
  return ITEM_KINDS.map((kind) => {
    const at = kindOf.flatMap((k, i) => (k === kind ? [i] : []));
    return { kind, records: at.map((i) => records[i]!), rowOf: at.map((i) => rowOf[i]!) };
  }).filter((group) => group.records.length > 0);
}

async function checkAgainstDatabase(db: Db | Tx, valid: ValidRows, game: Game): Promise<RowError[]> {
  const errors: RowError[] = [];
  const modIds = [...new Set(valid.records.map((r) => r.modId).filter((m) => m !== null))];
  const confirmed = new Set(
    (
      await db.modRegistration.findMany({
        where: { confirmedModId: { in: modIds }, game },
        select: { workshopId: true },
      })
    ).map((m) => m.workshopId),
  );
  for (const { kind, records, rowOf } of byKind(valid)) {
    const owners = new Map<string, string | null>();
    for (let i = 0; i < records.length; i += 500) {
      const part = records.slice(i, i + 500).map((r) => r.uid);
      for (const e of await itemTable(db, kind).findMany({ where: { uid: { in: part } }, select: OWNERSHIP }))
        owners.set(e.uid, e.modId);
    }
    records.forEach((r, i) => {
      const row = rowOf[i]!;
      if (r.modId !== null && !confirmed.has(r.modId))
        errors.push({ row, message: `mod_id: mod ${r.modId} is not a confirmed ${GAME_SHORT_NAMES[game]} mod` });
      const owner = owners.get(r.uid);
      if (owner !== undefined && owner !== r.modId)
        errors.push({ row, message: `path: belongs to ${owner === null ? "the base game" : `mod ${owner}`}` });
    });
  }
  return errors.sort((a, b) => a.row - b.row);
}

/** Every kind's records saved in the caller's transaction; a refusal names its file row. */
async function saveAll(
  tx: Tx,
  valid: ValidRows,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  const total: SaveResult = { created: 0, updated: 0 };
  let before = 0;
  for (const { kind, records, rowOf } of byKind(valid)) {
    const saved = await saveReportingRows(rowOf, () =>
      saveEngrams(tx, records, (done) => onProgress?.(before + done, valid.records.length), kind),
    );
    if (!saved.ok) return saved;
    total.created += saved.created;
    total.updated += saved.updated;
    before += records.length;
  }
  return { ok: true, ...total };
}

/** Thrown inside the transaction to roll back a refusal found while writing. */
class Refused extends Error {
  constructor(readonly result: ImportResult) {
    super("refused");
  }
}

export async function importEngrams(
  db: Db,
  options: { rows: EngramFileRow[]; onProgress?: (done: number, total: number) => void; game?: Game },
): Promise<ImportResult> {
  const game = options.game ?? V1_GAME;
  const valid = validateRows(options.rows, "engrams", { facts: true, game });
  if (valid.errors.length > 0) return { ok: false, errors: valid.errors };
  const dbErrors = await checkAgainstDatabase(db, valid, game);
  if (dbErrors.length > 0) return { ok: false, errors: dbErrors };
  try {
    return await db.$transaction(
      async (tx) => {
        const result = await saveAll(tx, valid, options.onProgress);
        // A refusal after some rows were written: roll them back.
        if (!result.ok) throw new Refused(result);
        return result;
      },
      { maxWait: 30_000, timeout: 30 * 60_000 },
    );
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}

/**
 * The same checks and writes inside the caller's transaction (the base catalogue at
 * start-up, which holds a lock around "is it there yet?" and the load). On a refusal
 * part of the rows may already be written: the caller must roll back (throw).
 */
export async function importEngramsWithin(tx: Tx, rows: EngramFileRow[], game: Game = V1_GAME): Promise<ImportResult> {
  const valid = validateRows(rows, "engrams", { facts: true, game });
  if (valid.errors.length > 0) return { ok: false, errors: valid.errors };
  const dbErrors = await checkAgainstDatabase(tx, valid, game);
  if (dbErrors.length > 0) return { ok: false, errors: dbErrors };
  return saveAll(tx, valid);
}

async function saveReportingRows(rowOf: number[], save: () => Promise<SaveResult>): Promise<ImportResult> {
  try {
    return { ok: true, ...(await save()) };
  } catch (err) {
    // Changed by someone else since the check above: report it against its row.
    const index = err instanceof ApiError ? (err.details as { index?: number } | null)?.index : undefined;
    if (err instanceof ApiError && index !== undefined)
      return { ok: false, errors: [{ row: rowOf[index]!, message: err.message }] };
    throw err;
  }
}
