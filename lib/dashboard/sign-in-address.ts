/**
 * The client address a dashboard sign-in attempt is counted against
 * (RATE_LIMIT_SIGNIN_PER_MINUTE), by the same rule as the API's limits
 * (lib/rate-limit clientAddress): the socket's peer, which server.ts stamps on every
 * request it hands to Next.js as PEER_ADDRESS_HEADER (overwriting whatever a client
 * sent), or behind a trusted proxy (TRUST_PROXY) the last X-Forwarded-For entry, the one
 * the proxy appended.
 */
import { PEER_ADDRESS_HEADER } from "@/lib/rate-limit/api-limits";

export { PEER_ADDRESS_HEADER };

export function signInAddress(peer: string | null, forwardedFor: string | null, trustProxy: boolean): string {
  if (trustProxy) {
    const last = (forwardedFor ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return peer?.trim() || "unknown";
}
