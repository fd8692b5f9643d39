/**
 * One-time sign-in challenges of the web dashboard. The browser signs the
 * challenge's content with the identity's private key; the server checks that signature
 * with the same key parsing and verification as signed API requests (lib/auth).
 *
 * Rules: random (256 bits), bound to the user id it was issued for, expires after
 * CHALLENGE_TTL_MS, and consumed by one conditional DELETE before the signature is
 * checked, so a challenge is spent even by a wrong signature and can never be used twice,
 * however many requests race for it. Plain code: no Next.js.
 */
import { randomBytes } from "node:crypto";
import { badRequest } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { findKeySet, matchSignature, recordSignInUse } from "@/lib/keys/keys";
import { findPublicKey } from "@/lib/users/users";
import { isUuid } from "@/lib/uuid";

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface Challenge {
  challengeId: string;
  userId: string;
  /** the exact text the browser signs (UTF-8) */
  content: string;
  expiresAt: Date;
}

/**
 * What is signed. Its first line can never be an HTTP method, so a signed challenge is
 * never also a valid signature of an API request (whose first line is the method).
 */
export function challengeContent(challengeId: string, userId: string, baseUrl: string): string {
  return `Beacon Hub sign-in\n${baseUrl}\n${userId}\n${challengeId}`;
}

export async function issueChallenge(
  db: Db,
  options: { userId: string; baseUrl: string; now?: Date },
): Promise<Challenge> {
  const now = options.now ?? new Date();
  if (!isUuid(options.userId))
    throw badRequest("A user id is a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).", { field: "user_id" });
  const userId = options.userId.toLowerCase();
  if ((await findPublicKey(db, userId)) === null)
    throw badRequest("No identity has this user id on this server.", { field: "user_id" });
  // Spent and expired challenges are never needed again: keep the table small.
  await db.signInChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
  const challengeId = randomBytes(32).toString("hex");
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db.signInChallenge.create({ data: { id: challengeId, userId, expiresAt } });
  return { challengeId, userId, content: challengeContent(challengeId, userId, options.baseUrl), expiresAt };
}

const isString = (v: unknown): v is string => typeof v === "string";

export type ChallengeResult =
  | { ok: true; userId: string; /** the key that signed */ pem: string }
  | { ok: false; reason: "malformed" | "unknown-or-used" | "no-user" | "bad-signature" | "revoked-key" };

/** Spends the challenge, then checks the signature against the user's active keys. */
export async function redeemChallenge(
  db: Db,
  options: { userId: unknown; challengeId: unknown; signature: unknown; baseUrl: string; now?: Date },
): Promise<ChallengeResult> {
  const { challengeId, signature } = options;
  if (!isUuid(options.userId) || !isString(challengeId) || !/^[0-9a-f]{64}$/.test(challengeId) || !isString(signature))
    return { ok: false, reason: "malformed" };
  const userId = options.userId.toLowerCase();
  const now = options.now ?? new Date();
  // One statement: of any number of concurrent redeemers exactly one deletes the row.
  const { count } = await db.signInChallenge.deleteMany({ where: { id: challengeId, userId, expiresAt: { gt: now } } });
  if (count !== 1) return { ok: false, reason: "unknown-or-used" };
  const keys = await findKeySet(db, userId);
  if (keys === null) return { ok: false, reason: "no-user" };
  const content = Buffer.from(challengeContent(challengeId, userId, options.baseUrl), "utf8");
  const match = matchSignature(keys, content, signature);
  if (match.ok) {
    // Signing in is a use of the key: its "last used" says so.
    await recordSignInUse(db, userId, match.pem, now);
    return { ok: true, userId, pem: match.pem };
  }
  return { ok: false, reason: match.revoked ? "revoked-key" : "bad-signature" };
}
