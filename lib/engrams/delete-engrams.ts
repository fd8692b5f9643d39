/**
 * DELETE /v1/engram.php (CONTRACT §6): removes engrams by uid or class, only from the
 * caller's confirmed mods. A uid of anyone else's engram, or a class that matches only
 * others' engrams, is a 403 and nothing is deleted; a class shared with another mod
 * deletes just the caller's copies. 404 when nothing matched at all.
 */
import { forbidden, notFound } from "@/lib/api/errors";
import { chunks, findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import type { EngramIds } from "@/lib/engrams/engram-id";

export async function deleteEngrams(db: Db, options: { userId: string; ids: EngramIds }): Promise<void> {
  const { userId, ids } = options;
  await groupCommit(db, async ({ tx }) => {
    const select = { uid: true, classKey: true, modId: true, mod: { select: { userId: true } } } as const;
    const byUid = await findInChunks(ids.uids, (part) => tx.engram.findMany({ where: { uid: { in: part } }, select }));
    const byClass = await findInChunks(ids.classKeys, (part) => tx.engram.findMany({ where: { classKey: { in: part } }, select }));
    const rows = [...new Map([...byUid, ...byClass].map((r) => [r.uid, r])).values()];
    if (rows.length === 0) throw notFound("No engram matches these ids.", { ids: [...ids.uids, ...ids.classKeys].slice(0, 20) });
    const mine = (r: (typeof rows)[number]) => r.mod?.userId === userId;
    const asked = new Set(ids.uids);
    const deniedUids = rows.filter((r) => asked.has(r.uid) && !mine(r)).map((r) => r.uid);
    const ownClasses = new Set(rows.filter(mine).map((r) => r.classKey));
    const deniedClasses = ids.classKeys.filter((k) => !ownClasses.has(k) && rows.some((r) => r.classKey === k));
    if (deniedUids.length > 0 || deniedClasses.length > 0) {
      throw forbidden("Only engrams of your own confirmed mods can be deleted.", { uids: deniedUids.slice(0, 20), classes: deniedClasses.slice(0, 20) });
    }
    const doomed = rows.filter(mine).map((r) => r.uid);
    for (const part of chunks(doomed)) await tx.engram.deleteMany({ where: { uid: { in: part } } });
  }, { rows: ids.uids.length + ids.classKeys.length });
}
