/**
 * Recovery codes: ten one-time codes, shown once when an identity is made (or asked for
 * again, which replaces the unused ones). One code and a new public key replace every key
 * of the account (lib/keys/keys.ts): the lost or stolen keys are revoked, the new one
 * becomes the only, primary key, and every API token is revoked.
 *
 * A code is 60 random bits (12 characters of a 32-letter alphabet without look-alikes).
 * Each row keeps two hashes of it:
 * - lookup: HMAC-SHA-256 of user id and code under a key derived from AUTH_SECRET. An
 *   attempt finds the one row it could match by this keyed fast hash (an index), so a
 *   wrong code costs one indexed read and no slow hash, whether or not the account has
 *   codes: no thread-pool exhaustion by wrong codes, and no timing signal of whether an
 *   account has codes. Keyed, so the column alone (a partial dump)
 *   lets no one test guesses.
 * - codeHash: scrypt with a random salt, checked only for the row the lookup found, so a
 *   stolen table and secret still cost a slow hash per guess.
 * Rows from before lookups existed (lookup null) are checked the old way, by scrypt
 * against each, one such check at a time in the process so they cannot fill the pool;
 * new codes replace them.
 *
 * The code is checked outside the write transaction (scrypt is slow on purpose) and spent
 * inside it by one conditional UPDATE, so of requests racing with the same code exactly
 * one wins.
 */
import { createHmac, hkdfSync, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { ApiError, badRequest } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { checkKeyName, parseNewKey, replaceAllKeysInTx } from "@/lib/keys/keys";
import { tooManyRequests } from "@/lib/rate-limit/api-limits";
import { limitAddress } from "@/lib/rate-limit/limit-address";
import type { RateLimiter } from "@/lib/rate-limit/limiter";
import { isUuid } from "@/lib/uuid";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghijkmnpqrstuvwxyz"; // 32 letters: no 0/o or 1/l
const CODE_CHARS = 12;
const SCRYPT_KEY_BYTES = 32;
// Node's default cost (N = 2^14, r = 8): ~16 MiB and tens of milliseconds per hash.
const SCRYPT_OPTIONS = { N: 1 << 14, r: 8, p: 1 };

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

function newCode(): string {
  // 32 letters: a byte mod 32 is uniform, 5 bits a character.
  const bytes = randomBytes(CODE_CHARS);
  let code = "";
  for (const b of bytes) code += ALPHABET[b % ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** What a user typed, as it was made: lowercase, no spaces or dashes. */
export function normaliseCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, "");
}

/** The lookup key, derived from AUTH_SECRET (every instance shares it; lib/server/auth-secret.ts). */
function lookupKey(): Buffer {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set: recovery codes are looked up with a key derived from it.");
  return Buffer.from(hkdfSync("sha256", secret, "", "beacon-hub recovery-code lookup", 32));
}

/** The keyed fast hash an attempt finds its row by (hex). */
export function codeLookup(userId: string, code: string): string {
  return createHmac("sha256", lookupKey())
    .update(`${userId}\n${normaliseCode(code)}`, "utf8")
    .digest("hex");
}

async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(normaliseCode(code), salt, SCRYPT_KEY_BYTES, SCRYPT_OPTIONS);
  return `${salt.toString("hex")}:${hash.toString("hex")}`;
}

async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(":");
  if (!saltHex || !hashHex) return false;
  const hash = await scryptAsync(code, Buffer.from(saltHex, "hex"), SCRYPT_KEY_BYTES, SCRYPT_OPTIONS);
  const expected = Buffer.from(hashHex, "hex");
  return expected.length === hash.length && timingSafeEqual(hash, expected);
}

/** Ten new codes; the account's unused ones stop working. The only time the codes are seen. */
export async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map(hashCode));
  await groupCommit(db, async ({ tx }) => {
    await tx.recoveryCode.deleteMany({ where: { userId, usedAt: null } });
    await tx.recoveryCode.createMany({
      data: hashes.map((codeHash, i) => ({ userId, codeHash, lookup: codeLookup(userId, codes[i]!) })),
    });
  });
  return codes;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}

export interface RecoverInput {
  userId: unknown;
  code: unknown;
  publicKey: unknown;
  name?: unknown;
}

export interface RecoverLimits {
  limiter: RateLimiter;
  address: string;
  perMinute: number;
}

// Rows from before lookups: scrypt against each, one such check at a time per process.
let legacyQueue: Promise<unknown> = Promise.resolve();

async function legacyMatch(db: Db, userId: string, code: string): Promise<number | null> {
  const rows = await db.recoveryCode.findMany({
    where: { userId, usedAt: null, lookup: null },
    select: { id: true, codeHash: true },
  });
  if (rows.length === 0) return null;
  const run = legacyQueue.then(async () => {
    let match: number | null = null;
    for (const row of rows) if ((await codeMatches(code, row.codeHash)) && match === null) match = row.id;
    return match;
  });
  legacyQueue = run.catch(() => null);
  return run;
}

// One answer for every refusal, so a reply never tells whether the account exists or
// whether the code was a used one.
const refused = () =>
  new ApiError("unauthorized", "This recovery code is not valid for this account (or was used already).", null);

/**
 * Replaces every key of the account by `publicKey` (and revokes every API token) when
 * `code` is one of its unused recovery codes. Attempts count per client network before
 * anything is looked up.
 */
export async function recoverAccount(
  db: Db,
  input: RecoverInput,
  limits: RecoverLimits,
  now = new Date(),
): Promise<{ userId: string; keysRevoked: number; tokensRevoked: number }> {
  if (typeof input.userId !== "string" || !isUuid(input.userId))
    throw badRequest("user_id must be the account's user id (a UUID).", { path: "user_id" });
  if (typeof input.code !== "string" || input.code.trim() === "")
    throw badRequest("Send one of the account's recovery codes as code.", { path: "code" });
  const userId = input.userId.toLowerCase();
  const pem = parseNewKey(input.publicKey);
  const name = checkKeyName(input.name, `recovered ${now.toISOString().slice(0, 10)}`);
  // Per client network only (an IPv6 client's /64): a per-account count would let anyone
  // lock the owner out of recovery by sending wrong codes for the account. Guessing needs
  // no per-account bound: hitting one of 10 codes of 60 bits takes ~2^56 tries, however
  // many addresses send them, and a wrong code costs one indexed read.
  if (limits.perMinute > 0) {
    const byAddress = limits.limiter.hit(`recover-ip:${limitAddress(limits.address)}`, limits.perMinute);
    if (!byAddress.allowed) throw tooManyRequests(byAddress, "client address", "minute", "recovery attempts");
  }
  const code = normaliseCode(input.code);
  const found = await db.recoveryCode.findFirst({
    where: { userId, lookup: codeLookup(userId, code), usedAt: null },
    select: { id: true, codeHash: true },
  });
  let match: number | null = null;
  if (found) {
    if (await codeMatches(code, found.codeHash)) match = found.id;
  } else {
    match = await legacyMatch(db, userId, code);
  }
  if (match === null) throw refused();
  const id = match;
  const revoked = await groupCommit(db, async ({ tx }) => {
    const { count } = await tx.recoveryCode.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
    if (count !== 1) throw refused();
    return replaceAllKeysInTx(tx, userId, pem, name, now);
  });
  return { userId, ...revoked };
}
