/**
 * POST /v1/engram.php (docs/CONTRACT.md#engrams): adds or updates every engram or none. The caller
 * must own a confirmed registration of each item's mod_id (403 naming the first item
 * that fails); engrams without a mod come only from the operator's importer.
 * Republishing one existing engram, what mod tools do most, is one guarded UPDATE; all
 * else goes through saveEngrams. Either way the write joins the next group commit
 * (lib/db/group-commit.ts) and is answered once that is committed. POST
 * /v1/creature.php is the same with `kind: "creatures"`. Items of an ASA mod are ASA
 * items (their own uids): the mod says which game, never the item.
 */
import { conflict, forbidden } from "@/lib/api/errors";
import { batchTransactionOptions } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { inGame, type EngramRecord } from "@/lib/engrams/engram-input";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { updateModItem } from "@/lib/engrams/item-table";
import { saveEngrams } from "@/lib/engrams/save-engrams";
import { confirmedModIds } from "@/lib/mods/find-mods";

export async function postEngrams(
  db: Db,
  options: { userId: string; engrams: EngramRecord[]; kind?: ItemKind },
): Promise<void> {
  const { userId, kind = "engrams" } = options;
  const { noun } = itemKinds[kind];
  const mine = await confirmedModIds(db, userId);
  options.engrams.forEach((e, index) => {
    if (e.modId === null)
      throw forbidden(`Item ${index}: ${noun}s without a mod are loaded by the operator, not through the API.`, {
        index,
        mod_id: null,
      });
    if (!mine.has(e.modId))
      throw forbidden(`Item ${index}: you do not own a confirmed registration of mod ${e.modId}.`, {
        index,
        mod_id: e.modId,
      });
  });
  const engrams = options.engrams.map((e) => inGame(e, mine.get(e.modId!)!));
  try {
    await groupCommit(
      db,
      async (scope) => {
        const [one] = engrams;
        // The one-statement update writes the v1 columns only: a row with facts (the
        // dashboard's maps) goes the full way.
        if (
          engrams.length === 1 &&
          one!.modId !== null &&
          one!.facts === undefined &&
          (await updateModItem(scope.sql, kind, { ...one!, modId: one!.modId })) === 1
        )
          return;
        // Read here, not before: a plain-SQL batch has no `tx` (the write then moves to a full one).
        await saveEngrams(scope.tx, engrams, undefined, kind);
      },
      {
        rows: engrams.length,
        timeoutMs: batchTransactionOptions(engrams.length).timeout,
        plainSql: engrams.length === 1,
      },
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(`Some of these ${noun}s were added by a concurrent request; try again.`, null);
    throw err;
  }
}
