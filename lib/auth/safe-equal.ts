/**
 * Comparing secrets (session tokens, API keys, anything a caller could guess byte by
 * byte) in constant time. Both sides are hashed first, so neither their lengths nor the
 * position of the first difference shows in the timing. Signatures never come here:
 * crypto.verify checks them (lib/auth/verify-signature.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string | Uint8Array) => createHash("sha256").update(value).digest();

export function safeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
