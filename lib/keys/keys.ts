/**
 * Several public keys per account. users.public_key is the primary key — what
 * GET /v1/user.php/<id> returns — and is always active; user_keys holds every key with
 * its name, dates and revocation. A user whose keys were never touched has no row yet:
 * the first key operation (or first recorded use) writes one from users.public_key, so
 * v1's user creation stays exactly as it was.
 *
 * A signature is valid when any active key verifies it. Revoked keys are kept so that a
 * signature by one is answered "revoked" rather than "does not match", and so a revoked
 * (perhaps leaked) key can never be added back.
 */
import { processWide } from "@/lib/process/process-wide";
import { createHash } from "node:crypto";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { keyFromPem, parsePublicKey } from "@/lib/auth/public-key";
import { verifySignature } from "@/lib/auth/verify-signature";
import { cachedAtVersion, sharedCache, stringBytes } from "@/lib/cache/versioned-cache";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";

export const KEY_NAME_MAX = 80;
export const FIRST_KEY_NAME = "first key";

export interface KeySet {
  /** users.public_key */
  primary: string;
  /** the primary first, then the other active keys */
  active: string[];
  revoked: string[];
}

export type KeyMatch = { ok: true; pem: string } | { ok: false; revoked: boolean };

// Named "public_keys", the cache's name in /metrics before accounts had several keys. A PEM
// of an RSA-2048 key is ~450 bytes: 4 MiB holds about 8,000 signers' keys.
const keySets = sharedCache<KeySet | null>("public_keys", {
  maxBytes: 4 << 20,
  sizeOf: (set) => 100 + (set === null ? 0 : [...set.active, ...set.revoked].reduce((n, k) => n + stringBytes(k), 0)),
});

/**
 * The keys a signature of this user is checked against. Kept per user until the "users"
 * data version moves (a user or a key added, revoked or removed, on any instance), so a
 * signed request costs no query beyond the version read it already made.
 */
export function findKeySet(db: Db, userId: string): Promise<KeySet | null> {
  return cachedAtVersion(db, "users", keySets, userId, async () => {
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { publicKey: true, keys: { select: { publicKey: true, revokedAt: true }, orderBy: { id: "asc" } } },
    });
    if (!user) return null;
    const others = user.keys.filter((k) => k.revokedAt === null && k.publicKey !== user.publicKey);
    return {
      primary: user.publicKey,
      active: [user.publicKey, ...others.map((k) => k.publicKey)],
      revoked: user.keys.filter((k) => k.revokedAt !== null).map((k) => k.publicKey),
    };
  });
}

/** Active keys first; revoked ones are tried only once no active key verified. */
export function matchSignature(set: KeySet, content: Buffer, signatureHex: string): KeyMatch {
  for (const pem of set.active) if (verifySignature(keyFromPem(pem), content, signatureHex)) return { ok: true, pem };
  for (const pem of set.revoked) {
    if (verifySignature(keyFromPem(pem), content, signatureHex)) return { ok: false, revoked: true };
  }
  return { ok: false, revoked: false };
}

/** Names a key without carrying it (a dashboard session remembers which key signed it in). */
export function keyFingerprint(pem: string): string {
  return createHash("sha256").update(pem, "utf8").digest("hex").slice(0, 32);
}

/**
 * Whether a dashboard session still stands: its user exists and the key that signed it in
 * is active, so revoking a key (or recovering the account, which revokes them all) ends
 * the sessions it opened. A session from before sessions named their key has no
 * fingerprint and stands until it expires.
 */
export async function sessionKeyActive(db: Db, userId: string, fingerprint: string | undefined): Promise<boolean> {
  const set = await findKeySet(db, userId);
  if (set === null) return false;
  return fingerprint === undefined || set.active.some((pem) => keyFingerprint(pem) === fingerprint);
}

// Last use is shown to the minute-ish, not per request: at most one write per key and
// process every LAST_USE_EVERY_MS keeps the signed-request path free of writes.
const LAST_USE_EVERY_MS = 10 * 60_000;
const lastUseWritten = processWide("beaconKeyLastUse", () => new Map<string, number>());

async function writeKeyUse(db: Db, userId: string, pem: string, now: Date): Promise<void> {
  const { count } = await db.userKey.updateMany({ where: { userId, publicKey: pem }, data: { lastUsedAt: now } });
  if (count === 0) await db.userKey.create({ data: { userId, publicKey: pem, name: FIRST_KEY_NAME, lastUsedAt: now } });
}

/**
 * A sign-in with a key is a use of it, written before the sign-in completes (sign-ins
 * are rare, and "last used" is how an owner tells an active key from a forgotten one).
 * Never fails the sign-in.
 */
export async function recordSignInUse(db: Db, userId: string, pem: string, now = new Date()): Promise<void> {
  lastUseWritten.set(`${userId}\n${pem}`, now.getTime());
  await writeKeyUse(db, userId, pem, now).catch(() => lastUseWritten.delete(`${userId}\n${pem}`));
}

/** Notes that a key signed a request; never waits, never fails the request. */
export function recordKeyUse(db: Db, userId: string, pem: string, now = new Date()): void {
  const id = `${userId}\n${pem}`;
  const last = lastUseWritten.get(id);
  if (last !== undefined && now.getTime() - last < LAST_USE_EVERY_MS) return;
  if (lastUseWritten.size > 50_000) lastUseWritten.clear();
  lastUseWritten.set(id, now.getTime());
  writeKeyUse(db, userId, pem, now).catch(() => {
    // A race with a key operation (the row appeared meanwhile) or a closing database:
    // last use is informative only.
    lastUseWritten.delete(id);
  });
}

/** Writes the primary key's row when the user has none yet. */
async function ensurePrimaryRow(tx: Tx, userId: string): Promise<{ primary: string }> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { publicKey: true, createdAt: true } });
  if (!user) throw notFound("No user has this id.", { user_id: userId });
  const row = await tx.userKey.findUnique({
    where: { userId_publicKey: { userId, publicKey: user.publicKey } },
    select: { id: true },
  });
  if (!row)
    await tx.userKey.create({
      data: { userId, publicKey: user.publicKey, name: FIRST_KEY_NAME, createdAt: user.createdAt },
    });
  return { primary: user.publicKey };
}

export interface KeyJson {
  key_id: number;
  name: string;
  public_key: string;
  primary: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export async function listKeys(db: Db, userId: string): Promise<KeyJson[]> {
  const primary = await groupCommit(db, async ({ tx }) => (await ensurePrimaryRow(tx, userId)).primary);
  const rows = await db.userKey.findMany({ where: { userId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({
    key_id: r.id,
    name: r.name,
    public_key: r.publicKey,
    primary: r.publicKey === primary,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  }));
}

/**
 * Key names are unique among an account's active keys (case and spacing aside), so the
 * owner can tell them apart; a revoked key's name is free again, and so is the name of
 * the key a rotation replaces. A name the owner gave that is taken is refused; a name
 * made up for them ("key added <date>") gets " (2)", " (3)", ... instead.
 */
async function uniqueKeyName(
  tx: Tx,
  userId: string,
  name: string,
  options: { given: boolean; replaces?: number },
): Promise<string> {
  const active = await tx.userKey.findMany({
    where: { userId, revokedAt: null, ...(options.replaces === undefined ? {} : { id: { not: options.replaces } }) },
    select: { name: true },
  });
  const taken = new Set(active.map((k) => k.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  if (options.given)
    throw conflict(`This account has a key named “${name}” already: give this one another name.`, { path: "name" });
  for (let n = 2; ; n++) {
    const numbered = `${name} (${n})`;
    if (!taken.has(numbered.toLowerCase())) return numbered;
  }
}

export function checkKeyName(name: unknown, fallback: string): string {
  if (name === undefined || name === null) return fallback;
  if (typeof name !== "string") throw badRequest("A key's name must be a string.", { path: "name" });
  const trimmed = name.replace(/\s+/g, " ").trim();
  if (trimmed.length === 0 || trimmed.length > KEY_NAME_MAX)
    throw badRequest(`A key's name must be 1 to ${KEY_NAME_MAX} characters.`, { path: "name" });
  return trimmed;
}

function parseKey(publicKey: unknown): string {
  if (typeof publicKey !== "string" || publicKey.trim() === "")
    throw badRequest("Send the new key as public_key (PEM or the hex of a DER key).", { path: "public_key" });
  const key = parsePublicKey(publicKey);
  if (!key.ok)
    throw badRequest(`The public_key is unusable: ${key.reason}.`, { path: "public_key", message: key.reason });
  return key.pem;
}

async function revokeInTx(tx: Tx, userId: string, keyId: number, primary: string, now: Date): Promise<void> {
  const row = await tx.userKey.findFirst({ where: { id: keyId, userId } });
  if (!row) throw notFound("This account has no key with this id.", { key_id: keyId });
  if (row.revokedAt) throw conflict("This key is revoked already.", { key_id: keyId });
  const others = await tx.userKey.findMany({
    where: { userId, revokedAt: null, id: { not: keyId } },
    orderBy: { id: "desc" },
    select: { publicKey: true },
  });
  if (others.length === 0)
    throw conflict("The last key of an account cannot be revoked: add another key first.", { key_id: keyId });
  await tx.userKey.update({ where: { id: keyId }, data: { revokedAt: now } });
  // A token dies with the key that made it: whoever held that key may have made it.
  await tx.apiToken.updateMany({ where: { keyId, revokedAt: null }, data: { revokedAt: now } });
  // The newest remaining key becomes the primary one GET /v1/user.php returns.
  if (row.publicKey === primary)
    await tx.user.update({ where: { id: userId }, data: { publicKey: others[0]!.publicKey } });
}

/**
 * Adds a key; with `replaces`, revokes that key in the same transaction (rotation), and
 * the new key becomes the primary one when the replaced key was.
 */
export async function addKey(
  db: Db,
  userId: string,
  input: { publicKey: unknown; name?: unknown; replaces?: number },
  now = new Date(),
): Promise<KeyJson> {
  const pem = parseKey(input.publicKey);
  const given = input.name !== undefined && input.name !== null;
  const fallback = `key added ${now.toISOString().slice(0, 10)}`;
  const asked = checkKeyName(input.name, fallback);
  try {
    await groupCommit(db, async ({ tx }) => {
      const { primary } = await ensurePrimaryRow(tx, userId);
      const existing = await tx.userKey.findUnique({ where: { userId_publicKey: { userId, publicKey: pem } } });
      if (existing?.revokedAt)
        throw conflict("This key was revoked and cannot be added again: make a new key.", { key_id: existing.id });
      if (existing) throw conflict("This account has this key already.", { key_id: existing.id });
      const name = await uniqueKeyName(tx, userId, asked, { given, replaces: input.replaces });
      await tx.userKey.create({ data: { userId, publicKey: pem, name, createdAt: now } });
      if (input.replaces !== undefined) await revokeInTx(tx, userId, input.replaces, primary, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("This account has this key already.");
    throw err;
  }
  const keys = await listKeys(db, userId);
  return keys.find((k) => k.public_key === pem)!;
}

export async function revokeKey(db: Db, userId: string, keyId: number, now = new Date()): Promise<void> {
  await groupCommit(db, async ({ tx }) => {
    const { primary } = await ensurePrimaryRow(tx, userId);
    await revokeInTx(tx, userId, keyId, primary, now);
  });
}

/**
 * Recovery: every key of the account is revoked and `pem` becomes its only (primary) key;
 * every live API token is revoked too, whichever key made it (a thief's token must not
 * outlive the recovery, and tokens made before tokens remembered their key name none).
 * Runs inside the caller's transaction, which has spent the recovery code.
 */
export async function replaceAllKeysInTx(
  tx: Tx,
  userId: string,
  pem: string,
  name: string,
  now: Date,
): Promise<{ keysRevoked: number; tokensRevoked: number }> {
  await ensurePrimaryRow(tx, userId);
  const existing = await tx.userKey.findUnique({ where: { userId_publicKey: { userId, publicKey: pem } } });
  if (existing?.revokedAt)
    throw conflict("This key was revoked and cannot be added again: make a new key.", { key_id: existing.id });
  const keys = await tx.userKey.updateMany({
    where: { userId, revokedAt: null, publicKey: { not: pem } },
    data: { revokedAt: now },
  });
  const tokens = await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  if (!existing) await tx.userKey.create({ data: { userId, publicKey: pem, name, createdAt: now } });
  await tx.user.update({ where: { id: userId }, data: { publicKey: pem } });
  return { keysRevoked: keys.count, tokensRevoked: tokens.count };
}

/**
 * The id of the active key `pem` of the account (its row written first when it is the
 * primary key of an account whose keys were never touched); null when it is not active.
 */
export async function activeKeyIdInTx(tx: Tx, userId: string, pem: string): Promise<number | null> {
  await ensurePrimaryRow(tx, userId);
  const row = await tx.userKey.findUnique({
    where: { userId_publicKey: { userId, publicKey: pem } },
    select: { id: true, revokedAt: true },
  });
  return row && row.revokedAt === null ? row.id : null;
}

/** The active key a dashboard session's fingerprint names (lib/dashboard/auth.ts); null when none does. */
export async function activeKeyByFingerprint(db: Db, userId: string, fingerprint: string): Promise<string | null> {
  const set = await findKeySet(db, userId);
  return set?.active.find((pem) => keyFingerprint(pem) === fingerprint) ?? null;
}

export { parseKey as parseNewKey };
