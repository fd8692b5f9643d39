/**
 * Makes a mod's engrams match a pulled file exactly (CONTRACT §8), in one transaction:
 * every row validated with the engram POST rules (the file's own mod_id is ignored), the
 * engrams missing from the file removed, the rest added or updated. The first problem
 * stops everything and nothing is applied.
 */
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { lockForTransaction } from "@/lib/db/lock";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { validateRows } from "@/lib/engrams/import-engrams";
import { saveEngrams } from "@/lib/engrams/save-engrams";

export type ApplyResult = { ok: true; added: number; updated: number; removed: number } | { ok: false; message: string };

export async function applyPullFile(db: Db, modId: string, rows: EngramFileRow[]): Promise<ApplyResult> {
  const ownRows = rows.map((r) => (r.value && typeof r.value === "object" && !Array.isArray(r.value) && !(r.value instanceof Error) ? { ...r, value: { ...r.value, mod_id: modId } } : r));
  const { records, rowOf, errors } = validateRows(ownRows);
  const first = errors[0];
  if (first) return { ok: false, message: `row ${first.row}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ""}` };
  try {
    return await db.$transaction(
      async (tx) => {
        await lockForTransaction(tx, `engrams-of-mod:${modId}`);
        const keep = new Set(records.map((r) => r.uid));
        const existing = await tx.engram.findMany({ where: { modId }, select: { uid: true } });
        const doomed = existing.map((e) => e.uid).filter((uid) => !keep.has(uid));
        for (let i = 0; i < doomed.length; i += 500) await tx.engram.deleteMany({ where: { uid: { in: doomed.slice(i, i + 500) } } });
        const saved = await saveEngrams(tx, records);
        return { ok: true as const, added: saved.created, updated: saved.updated, removed: doomed.length };
      },
      { maxWait: 30_000, timeout: 10 * 60_000 },
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const index = (err.details as { index?: number } | null)?.index;
    return { ok: false, message: index === undefined ? err.message : `row ${rowOf[index]}: ${err.message.replace(/^Item \d+: /, "")}` };
  }
}
