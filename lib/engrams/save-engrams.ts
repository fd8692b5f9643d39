/**
 * Adds or updates engrams inside the caller's transaction (CONTRACT §6): an existing
 * path of the same mod is updated; a path that belongs to another mod (or to the base
 * game, or to a mod when saving base-game engrams) is a 409 naming the item. Used by
 * the API, the operator's importer and the pull job alike.
 */
import { conflict } from "@/lib/api/errors";
import { chunks, ROWS_PER_STATEMENT } from "@/lib/db/chunks";
import type { Tx } from "@/lib/db/client";
import type { Sql } from "@/lib/db/sql";
import type { EngramRecord } from "@/lib/engrams/engram-input";

export interface SaveResult {
  created: number;
  updated: number;
}

function belongsElsewhere(index: number, e: EngramRecord, owner: string | null) {
  const where = owner === null ? "the base game" : `mod ${owner}`;
  return conflict(`Item ${index}: the path ${e.path} belongs to ${where}.`, { index, uid: e.uid, path: e.path, mod_id: owner });
}

/** The update of an existing engram, only where it still belongs to the same mod. */
export function guardedUpdate(e: EngramRecord) {
  const { uid, canBlueprint, ...data } = e;
  return { where: { uid, modId: e.modId }, data: canBlueprint === undefined ? data : { ...data, canBlueprint } };
}

/**
 * guardedUpdate of one engram of a mod as one plain statement (lib/db/sql.ts): the
 * republish of a single engram, what mod tools send most, costs microseconds instead of
 * a Prisma call. Sets what Prisma would (updated_at included). 1 when it was updated.
 */
export async function updateModEngram(sql: Sql, e: EngramRecord & { modId: string }): Promise<number> {
  const set = ["path", "class_name", "class_key", "label", "environments", "updated_at", ...(e.canBlueprint === undefined ? [] : ["can_blueprint"])];
  const values = [e.path, e.className, e.classKey, e.label, e.environments, new Date(), ...(e.canBlueprint === undefined ? [] : [e.canBlueprint])];
  return sql.run(`UPDATE "engrams" SET ${set.map((c) => `"${c}" = ?`).join(", ")} WHERE "uid" = ? AND "mod_id" = ?`, [...values, e.uid, e.modId]);
}

export async function saveEngrams(tx: Tx, engrams: EngramRecord[], onProgress?: (done: number) => void): Promise<SaveResult> {
  const owners = new Map<string, string | null>();
  for (const part of chunks(engrams)) {
    const rows = await tx.engram.findMany({ where: { uid: { in: part.map((e) => e.uid) } }, select: { uid: true, modId: true } });
    for (const r of rows) owners.set(r.uid, r.modId);
  }
  engrams.forEach((e, index) => {
    const owner = owners.get(e.uid);
    if (owner !== undefined && owner !== e.modId) throw belongsElsewhere(index, e, owner);
  });

  const fresh = engrams.filter((e) => !owners.has(e.uid));
  let done = 0;
  let reported = 0;
  const report = () => {
    if (done !== reported) onProgress?.((reported = done));
  };
  for (const part of chunks(fresh)) {
    await tx.engram.createMany({ data: part.map((e) => ({ ...e, canBlueprint: e.canBlueprint ?? true })) });
    done += part.length;
    report();
  }
  for (const [index, e] of engrams.entries()) {
    if (!owners.has(e.uid)) continue;
    // Guarded by mod: a concurrent delete-and-recreate by another mod must not be overwritten.
    const { count } = await tx.engram.updateMany(guardedUpdate(e));
    if (count === 0) throw conflict(`Item ${index}: the engram ${e.path} changed during this request; try again.`, { index, uid: e.uid });
    if (++done % ROWS_PER_STATEMENT === 0) report();
  }
  report();
  return { created: fresh.length, updated: engrams.length - fresh.length };
}
