/**
 * Sets, changes or removes (empty text) a user's display name. Uniqueness is the
 * database's: the unique index over name_key refuses a second author, whatever ran at
 * the same moment on this or another instance; the refusal becomes a 409 that says the
 * name is taken. Nothing is read before the write. Writes go through the group commit
 * (lib/db/commit.ts) like every other write of the service.
 */
import { badRequest, conflict } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { parseDisplayName } from "@/lib/display-names/display-name-rules";

export async function setDisplayName(
  db: Db,
  options: { userId: string; name: string },
): Promise<{ name: string | null }> {
  const { userId } = options;
  if (options.name.trim() === "") {
    await groupCommit(db, ({ tx }) => tx.displayName.deleteMany({ where: { userId } }));
    return { name: null };
  }
  const parsed = parseDisplayName(options.name);
  if (!parsed.ok) throw badRequest(parsed.message, { field: "display_name" });
  const data = { name: parsed.name, nameKey: parsed.key };
  for (let attempt = 0; ; attempt++) {
    try {
      await groupCommit(db, ({ tx }) =>
        tx.displayName.upsert({ where: { userId }, create: { userId, ...data }, update: data }),
      );
      return { name: parsed.name };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Which index refused it: only after the write failed, to word the answer. Read in the
      // write queue's turn: on SQLite a read beside it shares the connection of a batch still
      // open, and would take another claim's uncommitted (and perhaps rolled back) row for the holder.
      const holder = await groupCommit(db, ({ tx }) =>
        tx.displayName.findUnique({ where: { nameKey: parsed.key }, select: { userId: true } }),
      );
      if (holder && holder.userId !== userId)
        throw conflict(`The name “${parsed.name}” is taken; choose another.`, { field: "display_name" });
      // Our own row raced itself (two saves at once), or the holder let the name go: once more.
      if (attempt >= 2) throw err;
    }
  }
}
