/**
 * Users (docs/CONTRACT.md#users): a lowercase UUID and a PEM public key. Deleting a
 * user cascades in the database to documents, mod registrations and the engrams of
 * confirmed mods.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import { parsePublicKey } from "@/lib/auth/public-key";
import { batchTransactionOptions, chunks, findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { FIRST_KEY_NAME, findKeySet } from "@/lib/keys/keys";

export interface UserJson {
  user_id: string;
  public_key: string;
}

export interface NewUser {
  userId: string;
  publicKey: string;
}

export function userJson(user: { id: string; publicKey: string }): UserJson {
  return { user_id: user.id, public_key: user.publicKey };
}

/**
 * Creates every user or none, in one transaction of ROWS_PER_STATEMENT-row inserts; a
 * user that exists already is a 400 (docs/CONTRACT.md#users).
 */
export async function createUsers(db: Db, users: NewUser[]): Promise<void> {
  const rows = users.map((u, index) => {
    const key = parsePublicKey(u.publicKey);
    if (!key.ok)
      throw badRequest(`Item ${index} has an unusable public_key: ${key.reason}.`, {
        index,
        path: "public_key",
        message: key.reason,
      });
    return { id: u.userId.toLowerCase(), publicKey: key.pem };
  });
  const existing = await findInChunks(
    rows.map((r) => r.id),
    (part) => db.user.findMany({ where: { id: { in: part } }, select: { id: true } }),
  );
  if (existing.length > 0) {
    throw badRequest("A user with this id exists already.", { user_ids: existing.map((e) => e.id).slice(0, 20) });
  }
  try {
    await groupCommit(
      db,
      async ({ tx }) => {
        // The key's own row too: the first signed request then only notes its last use,
        // which changes no data version (inserting the row there would, after the reply,
        // and throw away the pages kept in memory).
        for (const part of chunks(rows)) {
          await tx.user.createMany({ data: part });
          await tx.userKey.createMany({
            data: part.map((u) => ({ userId: u.id, publicKey: u.publicKey, name: FIRST_KEY_NAME })),
          });
        }
      },
      { rows: rows.length, timeoutMs: batchTransactionOptions(rows.length).timeout },
    );
  } catch (err) {
    // A concurrent request created one of them between our check and the insert.
    if (isUniqueViolation(err))
      throw badRequest("A user with this id exists already.", { user_ids: rows.map((r) => r.id).slice(0, 20) });
    throw err;
  }
}

export async function findUsers(db: Db, ids: string[]): Promise<UserJson[]> {
  const found = await findInChunks([...new Set(ids.map((id) => id.toLowerCase()))], (part) =>
    db.user.findMany({ where: { id: { in: part } }, orderBy: { id: "asc" } }),
  );
  // Lowercase UUIDs sort the same in code as under any collation: chunks merge exactly.
  return found.sort((a, b) => (a.id < b.id ? -1 : 1)).map(userJson);
}

/**
 * The user's primary public key (the one `GET /v1/user.php/<id>` returns), from the same
 * cached key set signed requests are verified with, so a sign-in costs no user query.
 */
export async function findPublicKey(db: Db, userId: string): Promise<string | null> {
  return (await findKeySet(db, userId))?.primary ?? null;
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  const { count } = await groupCommit(db, ({ tx }) => tx.user.deleteMany({ where: { id: userId } }));
  if (count === 0) throw notFound("No user has this id.", { user_id: userId });
}
