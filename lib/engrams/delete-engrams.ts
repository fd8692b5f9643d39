/**
 * DELETE /v1/engram.php (docs/CONTRACT.md#engrams): removes engrams by uid or class, only from the
 * caller's confirmed mods. A uid of anyone else's engram, or a class that matches only
 * others' engrams, is a 403 and nothing is deleted; a class shared with another mod
 * deletes just the caller's copies. 404 when nothing matched at all. DELETE
 * /v1/creature.php is the same with `kind: "creatures"`.
 */
import { forbidden, notFound } from "@/lib/api/errors";
import { chunks, findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import type { EngramIds } from "@/lib/engrams/engram-id";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { itemTable, OWNERSHIP } from "@/lib/engrams/item-table";

export async function deleteEngrams(
  db: Db,
  options: { userId: string; ids: EngramIds; kind?: ItemKind },
): Promise<void> {
  const { userId, ids, kind = "engrams" } = options;
  const { noun } = itemKinds[kind];
  await groupCommit(
    db,
    async ({ tx }) => {
      const table = itemTable(tx, kind);
      const byUid = await findInChunks(ids.uids, (part) =>
        table.findMany({ where: { uid: { in: part } }, select: OWNERSHIP }),
      );
      const byClass = await findInChunks(ids.classKeys, (part) =>
        table.findMany({ where: { classKey: { in: part } }, select: OWNERSHIP }),
      );
      const rows = [...new Map([...byUid, ...byClass].map((r) => [r.uid, r])).values()];
      if (rows.length === 0)
        throw notFound(`No ${noun} matches these ids.`, { ids: [...ids.uids, ...ids.classKeys].slice(0, 20) });
      const mine = (r: (typeof rows)[number]) => r.mod?.userId === userId;
      const asked = new Set(ids.uids);
      const deniedUids = rows.filter((r) => asked.has(r.uid) && !mine(r)).map((r) => r.uid);
      const ownClasses = new Set(rows.filter(mine).map((r) => r.classKey));
      const deniedClasses = ids.classKeys.filter((k) => !ownClasses.has(k) && rows.some((r) => r.classKey === k));
      if (deniedUids.length > 0 || deniedClasses.length > 0) {
        throw forbidden(`Only ${noun}s of your own confirmed mods can be deleted.`, {
          uids: deniedUids.slice(0, 20),
          classes: deniedClasses.slice(0, 20),
        });
      }
      const doomed = rows.filter(mine).map((r) => r.uid);
      for (const part of chunks(doomed)) await table.deleteMany({ where: { uid: { in: part } } });
    },
    { rows: ids.uids.length + ids.classKeys.length },
  );
}
