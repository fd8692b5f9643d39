/**
 * The operator's engram import (scripts/engrams-import.ts): validates every row with the
 * API's rules (engramInput), reports every bad row by number, and writes nothing unless
 * all rows are good; then adds or updates them all in one transaction, so running it
 * twice changes nothing the second time. A row without mod_id belongs to no mod (the
 * base game's catalogue); a row naming a mod needs that mod to be confirmed.
 */
import { ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { engramInput, type EngramRecord } from "@/lib/engrams/engram-input";
import { saveEngrams, type SaveResult } from "@/lib/engrams/save-engrams";

export interface RowError {
  row: number;
  message: string;
}

export type ImportResult = ({ ok: true } & SaveResult) | { ok: false; errors: RowError[] };

export function validateRows(rows: EngramFileRow[]): { records: EngramRecord[]; rowOf: number[]; errors: RowError[] } {
  const records: EngramRecord[] = [];
  const rowOf: number[] = [];
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
    const result = engramInput.safeParse({ mod_id: null, ...value });
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ row, message: `${issue.path.join(".") || "value"}: ${issue.message}` });
      continue;
    }
    const first = seen.get(result.data.uid);
    if (first !== undefined) {
      errors.push({ row, message: `path: the same path as row ${first}` });
      continue;
    }
    seen.set(result.data.uid, row);
    records.push(result.data);
    rowOf.push(row);
  }
  return { records, rowOf, errors };
}

async function checkAgainstDatabase(db: Db | Tx, records: EngramRecord[], rowOf: number[]): Promise<RowError[]> {
  const errors: RowError[] = [];
  const modIds = [...new Set(records.map((r) => r.modId).filter((m) => m !== null))];
  const confirmed = new Set(
    (await db.modRegistration.findMany({ where: { confirmedModId: { in: modIds } }, select: { workshopId: true } })).map((m) => m.workshopId),
  );
  const owners = new Map<string, string | null>();
  for (let i = 0; i < records.length; i += 500) {
    const part = records.slice(i, i + 500).map((r) => r.uid);
    for (const e of await db.engram.findMany({ where: { uid: { in: part } }, select: { uid: true, modId: true } })) owners.set(e.uid, e.modId);
  }
  records.forEach((r, i) => {
    const row = rowOf[i]!;
    if (r.modId !== null && !confirmed.has(r.modId)) errors.push({ row, message: `mod_id: mod ${r.modId} is not a confirmed mod` });
    const owner = owners.get(r.uid);
    if (owner !== undefined && owner !== r.modId) errors.push({ row, message: `path: belongs to ${owner === null ? "the base game" : `mod ${owner}`}` });
  });
  return errors;
}

export async function importEngrams(db: Db, options: { rows: EngramFileRow[]; onProgress?: (done: number, total: number) => void }): Promise<ImportResult> {
  const { records, rowOf, errors } = validateRows(options.rows);
  if (errors.length > 0) return { ok: false, errors };
  const dbErrors = await checkAgainstDatabase(db, records, rowOf);
  if (dbErrors.length > 0) return { ok: false, errors: dbErrors.sort((a, b) => a.row - b.row) };
  return saveReportingRows(rowOf, () =>
    db.$transaction((tx) => saveEngrams(tx, records, (done) => options.onProgress?.(done, records.length)), {
      maxWait: 30_000,
      timeout: 30 * 60_000,
    }),
  );
}

/**
 * The same checks and writes inside the caller's transaction (the base catalogue at
 * start-up, which holds a lock around "is it there yet?" and the load). On a refusal
 * part of the rows may already be written: the caller must roll back (throw).
 */
export async function importEngramsWithin(tx: Tx, rows: EngramFileRow[]): Promise<ImportResult> {
  const { records, rowOf, errors } = validateRows(rows);
  if (errors.length > 0) return { ok: false, errors };
  const dbErrors = await checkAgainstDatabase(tx, records, rowOf);
  if (dbErrors.length > 0) return { ok: false, errors: dbErrors.sort((a, b) => a.row - b.row) };
  return saveReportingRows(rowOf, () => saveEngrams(tx, records));
}

async function saveReportingRows(rowOf: number[], save: () => Promise<SaveResult>): Promise<ImportResult> {
  try {
    return { ok: true, ...(await save()) };
  } catch (err) {
    // Changed by someone else since the check above: report it against its row.
    const index = err instanceof ApiError ? (err.details as { index?: number } | null)?.index : undefined;
    if (err instanceof ApiError && index !== undefined) return { ok: false, errors: [{ row: rowOf[index]!, message: err.message }] };
    throw err;
  }
}
