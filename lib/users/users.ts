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
import { cachedAtVersion, sharedCache, stringBytes } from "@/lib/cache/versioned-cache";

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
        for (const part of chunks(rows)) await tx.user.createMany({ data: part });
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

// A PEM of an RSA-2048 key is ~450 bytes: 4 MiB holds about 8,000 signers.
const publicKeys = sharedCache<string | null>("public_keys", {
  maxBytes: 4 << 20,
  sizeOf: (pem) => 100 + (pem === null ? 0 : stringBytes(pem)),
});

/**
 * The PEM key signed requests are verified with. Kept per user until the "users" data
 * version moves (any user created, changed or deleted, on any instance), so a signed
 * request costs no user query.
 */
export async function findPublicKey(db: Db, userId: string): Promise<string | null> {
  return cachedAtVersion(db, "users", publicKeys, userId, async () => {
    const user = await db.user.findUnique({ where: { id: userId }, select: { publicKey: true } });
    return user?.publicKey ?? null;
  });
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  const { count } = await groupCommit(db, ({ tx }) => tx.user.deleteMany({ where: { id: userId } }));
  if (count === 0) throw notFound("No user has this id.", { user_id: userId });
}
