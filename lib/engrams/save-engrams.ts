/**
 * Adds or updates engrams inside the caller's transaction (docs/CONTRACT.md#engrams): an existing
 * path of the same mod is updated; a path that belongs to another mod (or to the base
 * game, or to a mod when saving base-game engrams) is a 409 naming the item. Used by
 * the API, the operator's importer and the pull job alike, for creatures too (`kind`).
 */
import { conflict } from "@/lib/api/errors";
import { chunks, ROWS_PER_STATEMENT } from "@/lib/db/chunks";
import type { Tx } from "@/lib/db/client";
import type { EngramRecord } from "@/lib/engrams/engram-input";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { createItems, itemTable, OWNERSHIP, updateItem } from "@/lib/engrams/item-table";

export interface SaveResult {
  created: number;
  updated: number;
}

function belongsElsewhere(index: number, e: EngramRecord, owner: string | null) {
  const where = owner === null ? "the base game" : `mod ${owner}`;
  return conflict(`Item ${index}: the path ${e.path} belongs to ${where}.`, {
    index,
    uid: e.uid,
    path: e.path,
    mod_id: owner,
  });
}

export async function saveEngrams(
  tx: Tx,
  engrams: EngramRecord[],
  onProgress?: (done: number) => void,
  kind: ItemKind = "engrams",
): Promise<SaveResult> {
  const owners = new Map<string, string | null>();
  for (const part of chunks(engrams)) {
    const rows = await itemTable(tx, kind).findMany({
      where: { uid: { in: part.map((e) => e.uid) } },
      select: OWNERSHIP,
    });
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
    await createItems(tx, kind, part);
    done += part.length;
    report();
  }
  for (const [index, e] of engrams.entries()) {
    if (!owners.has(e.uid)) continue;
    // Guarded by mod: a concurrent delete-and-recreate by another mod must not be overwritten.
    const count = await updateItem(tx, kind, e);
    if (count === 0)
      throw conflict(`Item ${index}: the ${itemKinds[kind].noun} ${e.path} changed during this request; try again.`, {
        index,
        uid: e.uid,
      });
    if (++done % ROWS_PER_STATEMENT === 0) report();
  }
  report();
  return { created: fresh.length, updated: engrams.length - fresh.length };
}
