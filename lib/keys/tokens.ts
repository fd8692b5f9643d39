/**
 * Scoped API tokens for automation (a release pipeline pushing a mod's engrams): "bh_"
 * and 43 base64url characters (256 random bits), so secret scanners can spot a leaked one.
 * A token is shown once; only its SHA-256 is kept. A fast hash is enough here, unlike for
 * recovery codes: a token is 256 random bits, so no table of hashes can be searched for
 * it, and slow hashing would only slow every request that carries one. The lookup is by
 * that hash (a unique index); the stored hash is then compared in constant time anyway.
 *
 * Scopes: engrams:write (POST of engrams and creatures, limited to the mods the token
 * names), documents:write (publish and delete documents), webhooks:manage. Every token
 * expires, at most a year after it is made; a token never manages keys, codes or tokens.
 */
import { processWide } from "@/lib/process/process-wide";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ApiError, badRequest, conflict, forbidden, notFound } from "@/lib/api/errors";
import { safeEqual } from "@/lib/auth/safe-equal";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { activeKeyIdInTx } from "@/lib/keys/keys";
import { canonicalModId } from "@/lib/mods/mod-id";

export const TOKEN_PREFIX = "bh_";
export const TOKEN_SCOPES = ["engrams:write", "documents:write", "webhooks:manage"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const MAX_TOKEN_DAYS = 365;
export const TOKENS_PER_USER = 50;
/**
 * The dashboard warns of a token's end at most this long before it (a year's token: its
 * last week), and only in the last third of its life, so a token made for a week is not
 * announced as expiring the moment it is made (it warns in its last 56 hours; a day's
 * token in its last 8).
 */
export const EXPIRY_WARNING_MS = 7 * 24 * 3600_000;
export const EXPIRY_WARNING_SHARE = 1 / 3;
const DAY_MS = 24 * 3600_000;
const TOKEN_SHAPE = /^bh_[A-Za-z0-9_-]{43}$/;

export interface TokenGrant {
  tokenId: string;
  userId: string;
  scopes: TokenScope[];
  /** the workshop ids engrams:write is limited to */
  modIds: string[];
}

export interface TokenJson {
  token_id: string;
  name: string;
  /** the first characters, to tell tokens apart */
  hint: string;
  scopes: TokenScope[];
  mod_ids: string[];
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const sha256 = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const splitList = (s: string) => (s === "" ? [] : s.split(/[ ,]/).filter(Boolean));

function tokenJson(row: {
  id: string;
  name: string;
  hint: string;
  scopes: string;
  modIds: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): TokenJson {
  return {
    token_id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: splitList(row.scopes) as TokenScope[],
    mod_ids: splitList(row.modIds),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export interface NewToken {
  name: unknown;
  scopes: unknown;
  modIds?: unknown;
  /** ISO date-time; or expiresInDays */
  expiresAt?: unknown;
  expiresInDays?: unknown;
}

function checkInput(
  input: NewToken,
  now: Date,
): { name: string; scopes: TokenScope[]; modIds: string[]; expiresAt: Date } {
  if (typeof input.name !== "string" || input.name.trim() === "" || input.name.trim().length > 80)
    throw badRequest("Name the token (1 to 80 characters), e.g. after the pipeline that uses it.", { path: "name" });
  const scopes = input.scopes;
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.some((s) => !TOKEN_SCOPES.includes(s as TokenScope)))
    throw badRequest(`scopes must list one or more of ${TOKEN_SCOPES.join(", ")}.`, { path: "scopes" });
  const rawMods = input.modIds ?? [];
  const modIds = Array.isArray(rawMods) ? rawMods.map(canonicalModId) : [null];
  if (modIds.some((m) => m === null)) throw badRequest("mod_ids must list workshop ids (digits).", { path: "mod_ids" });
  if (scopes.includes("engrams:write") && modIds.length === 0)
    throw badRequest("A token with engrams:write names the mods it may push: mod_ids.", { path: "mod_ids" });
  let expiresAt: Date;
  if (input.expiresInDays !== undefined) {
    const days = input.expiresInDays;
    if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)
      throw badRequest(`expires_in_days must be a whole number from 1 to ${MAX_TOKEN_DAYS}.`, {
        path: "expires_in_days",
      });
    expiresAt = new Date(now.getTime() + days * DAY_MS);
  } else {
    if (typeof input.expiresAt !== "string" || Number.isNaN(Date.parse(input.expiresAt)))
      throw badRequest("Every token expires: send expires_at (a date-time) or expires_in_days.", {
        path: "expires_at",
      });
    expiresAt = new Date(input.expiresAt);
  }
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + MAX_TOKEN_DAYS * DAY_MS)
    throw badRequest(`A token expires in the future and at most ${MAX_TOKEN_DAYS} days from now.`, {
      path: "expires_at",
    });
  return {
    name: input.name.trim(),
    scopes: TOKEN_SCOPES.filter((s) => scopes.includes(s)),
    modIds: [...new Set(modIds as string[])],
    expiresAt,
  };
}

/**
 * Makes a token; the reply is the only time its secret is seen. `keyPem` is the key that
 * asked (the request's signer, the session's key): the token is revoked with that key.
 */
export async function createToken(
  db: Db,
  userId: string,
  input: NewToken,
  now = new Date(),
  keyPem?: string,
): Promise<TokenJson & { token: string }> {
  const checked = checkInput(input, now);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await groupCommit(db, async ({ tx }) => {
    const keyId = keyPem === undefined ? null : await activeKeyIdInTx(tx, userId, keyPem);
    // Revoked between the signature check and this transaction: the token would die at once.
    if (keyPem !== undefined && keyId === null)
      throw unauthorized("The key that signed this request was revoked meanwhile: sign with an active key.");
    const live = await tx.apiToken.count({ where: { userId, revokedAt: null, expiresAt: { gt: now } } });
    if (live >= TOKENS_PER_USER)
      throw conflict(`At most ${TOKENS_PER_USER} live tokens per account: revoke one first.`, null);
    return tx.apiToken.create({
      data: {
        id: `tok_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
        userId,
        name: checked.name,
        tokenHash: sha256(token),
        hint: token.slice(0, 7),
        scopes: checked.scopes.join(" "),
        modIds: checked.modIds.join(","),
        expiresAt: checked.expiresAt,
        createdAt: now,
        keyId,
      },
    });
  });
  return { ...tokenJson(row), token };
}

export async function listTokens(db: Db, userId: string): Promise<TokenJson[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map(tokenJson);
}

export async function revokeToken(db: Db, userId: string, tokenId: string, now = new Date()): Promise<void> {
  const { count } = await groupCommit(db, ({ tx }) =>
    tx.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: now } }),
  );
  if (count === 0) throw notFound("This account has no live token with this id.", { token_id: tokenId });
}

// The interface's challenge, as on every other 401 of /v1 (docs/CONTRACT.md#errors): a v1
// client knows only it, and a signature is accepted wherever a token is.
const unauthorized = (message: string) =>
  new ApiError("unauthorized", message, null, { "www-authenticate": 'Basic realm="Beacon API"' });

const LAST_USE_EVERY_MS = 60_000;
const lastUseWritten = processWide("beaconTokenLastUse", () => new Map<string, number>());

/**
 * The grant of a Bearer token. Replies and errors never repeat the token: a 401 says only
 * which rule failed (unknown, expired, revoked).
 */
export async function authenticateToken(db: Db, token: string, now = new Date()): Promise<TokenGrant> {
  if (!TOKEN_SHAPE.test(token))
    throw unauthorized("The Bearer token is not a Beacon Hub API token (bh_ and 43 characters).");
  const hash = sha256(token);
  const row = await db.apiToken.findUnique({ where: { tokenHash: hash } });
  if (!row || !safeEqual(hash, row.tokenHash)) throw unauthorized("This API token is not known here.");
  if (row.revokedAt) throw unauthorized("This API token was revoked.");
  if (row.expiresAt.getTime() <= now.getTime())
    throw unauthorized(`This API token expired at ${row.expiresAt.toISOString()}: make a new one.`);
  const last = lastUseWritten.get(row.id);
  if (last === undefined || now.getTime() - last >= LAST_USE_EVERY_MS) {
    lastUseWritten.set(row.id, now.getTime());
    if (lastUseWritten.size > 50_000) lastUseWritten.clear();
    void db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => {
      // informative only
    });
  }
  return {
    tokenId: row.id,
    userId: row.userId,
    scopes: splitList(row.scopes) as TokenScope[],
    modIds: splitList(row.modIds),
  };
}

/** engrams:write is limited to the token's mods: the first item of another mod is a 403. */
export function checkTokenMods(grant: TokenGrant | undefined, modIds: (string | null)[]): void {
  if (!grant) return;
  const allowed = new Set(grant.modIds);
  const index = modIds.findIndex((m) => m === null || !allowed.has(m));
  if (index >= 0)
    throw forbidden(`Item ${index}: this API token may write only the items of mods ${grant.modIds.join(", ")}.`, {
      index,
      mod_id: modIds[index],
    });
}

export function expiresSoon(token: TokenJson, now = new Date()): boolean {
  const end = Date.parse(token.expires_at);
  const left = end - now.getTime();
  const warnFor = Math.min(EXPIRY_WARNING_MS, (end - Date.parse(token.created_at)) * EXPIRY_WARNING_SHARE);
  return token.revoked_at === null && left > 0 && left <= warnFor;
}
