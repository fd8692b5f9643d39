/**
 * Makes a mod's engrams match a pulled file exactly (docs/CONTRACT.md#pull), in one transaction:
 * every row validated with the engram POST rules (the file's own mod_id is ignored), the
 * engrams missing from the file removed, the rest added or updated. The first problem
 * stops everything and nothing is applied.
 *
 * Creatures (docs/CONTRACT.md#creatures): a file in which any row names a `kind` (a CSV cell, a JSON key)
 * describes the mod's whole catalogue, so its creatures are made to match it too; a
 * file where none does is about engrams only, as files were before creatures, and
 * leaves the mod's creatures alone.
 *
 * The mod's game is the rows' game, as for a signed POST: an ARK: Survival Ascended mod's
 * pulled items are ASA items, which the v1 interface never serves.
 */
import { ApiError } from "@/lib/api/errors";
import { parseGame, V1_GAME } from "@/lib/catalogue/game";
import type { Db } from "@/lib/db/client";
import { lockForTransaction } from "@/lib/db/lock";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { byKind, validateRows } from "@/lib/engrams/import-engrams";
import { ITEM_KINDS, type ItemKind } from "@/lib/engrams/item-kind";
import { itemTable, OWNERSHIP } from "@/lib/engrams/item-table";
import { saveEngrams } from "@/lib/engrams/save-engrams";

export type ApplyResult =
  { ok: true; added: number; updated: number; removed: number } | { ok: false; message: string };

export async function applyPullFile(db: Db, modId: string, rows: EngramFileRow[]): Promise<ApplyResult> {
  const ownRows = rows.map((r) =>
    r.value && typeof r.value === "object" && !Array.isArray(r.value) && !(r.value instanceof Error)
      ? { ...r, value: { ...r.value, mod_id: modId } }
      : r,
  );
  const registration = await db.modRegistration.findFirst({
    where: { workshopId: modId, confirmed: true },
    select: { game: true },
  });
  const game = parseGame(registration?.game) ?? V1_GAME;
  const valid = validateRows(ownRows, "engrams", { game });
  const { rowOf, errors } = valid;
  const first = errors[0];
  if (first)
    return {
      ok: false,
      message: `row ${first.row}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ""}`,
    };
  const kinds: readonly ItemKind[] = rows.some(
    (r) => r.value !== null && typeof r.value === "object" && "kind" in r.value,
  )
    ? ITEM_KINDS
    : ["engrams"];
  /** the file rows of the kind being saved, to name the row of a refusal */
  let failedRows = rowOf;
  try {
    return await db.$transaction(
      async (tx) => {
        await lockForTransaction(tx, `engrams-of-mod:${modId}`);
        const result = { ok: true as const, added: 0, updated: 0, removed: 0 };
        const groups = byKind(valid);
        for (const kind of kinds) {
          const group = groups.find((g) => g.kind === kind) ?? { records: [], rowOf: [] };
          const table = itemTable(tx, kind);
          const keep = new Set(group.records.map((r) => r.uid));
          const existing = await table.findMany({ where: { modId }, select: OWNERSHIP });
          const doomed = existing.map((e) => e.uid).filter((uid) => !keep.has(uid));
          for (let i = 0; i < doomed.length; i += 500)
            await table.deleteMany({ where: { uid: { in: doomed.slice(i, i + 500) } } });
          failedRows = group.rowOf;
          const saved = await saveEngrams(tx, group.records, undefined, kind);
          result.added += saved.created;
          result.updated += saved.updated;
          result.removed += doomed.length;
        }
        return result;
      },
      { maxWait: 30_000, timeout: 10 * 60_000 },
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const index = (err.details as { index?: number } | null)?.index;
    return {
      ok: false,
      message:
        index === undefined ? err.message : `row ${failedRows[index]}: ${err.message.replace(/^Item \d+: /, "")}`,
    };
  }
}
