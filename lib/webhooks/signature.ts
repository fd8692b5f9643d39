/**
 * Standard Webhooks signatures (version 1.0.0 of the specification): the signed content
 * is `<webhook-id>.<webhook-timestamp>.<body>`, signed with HMAC-SHA256 under the
 * secret's decoded bytes; `webhook-signature` lists `v1,<base64>` entries separated by
 * spaces, one per secret in use (two during a rotation). Receivers check the timestamp
 * is recent (5 minutes either way) and compare in constant time.
 */
import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/auth/safe-equal";
import { secretKey } from "@/lib/webhooks/secret-box";

export const TOLERANCE_SECONDS = 5 * 60;

export function signOne(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The webhook-signature header value: one signature per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => signOne(s, id, timestamp, body)).join(" ");
}

export type Verdict =
  | { valid: true; matched: number; of: number }
  | { valid: false; reason: "no signature matches" | "timestamp too old or too new" | "malformed headers" };

export interface SignedRequest {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** What a receiver does: the timestamp within the tolerance (0: not checked), then any v1 signature matching. */
export function verifySignature(
  secret: string,
  request: SignedRequest,
  options: { now?: number; toleranceSeconds?: number } = {},
): Verdict {
  const timestamp = Number(request.timestamp);
  if (!request.id || !/^\d+$/.test(request.timestamp) || !request.signature)
    return { valid: false, reason: "malformed headers" };
  const tolerance = options.toleranceSeconds ?? TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  if (tolerance > 0 && Math.abs(now - timestamp) > tolerance)
    return { valid: false, reason: "timestamp too old or too new" };
  const expected = signOne(secret, request.id, timestamp, request.body);
  const given = request.signature.split(" ").filter((s) => s.startsWith("v1,"));
  const matched = given.findIndex((s) => safeEqual(s, expected));
  return matched >= 0
    ? { valid: true, matched: matched + 1, of: given.length }
    : { valid: false, reason: "no signature matches" };
}
