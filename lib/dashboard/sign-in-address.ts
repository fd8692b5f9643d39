/**
 * The client address a dashboard sign-in attempt is counted against
 * (RATE_LIMIT_SIGNIN_PER_MINUTE). Server actions never see the socket; Next.js puts the
 * socket's address in X-Forwarded-For when the request did not carry one. Behind a
 * trusted proxy (TRUST_PROXY) the proxy appends the client last, as lib/rate-limit's
 * clientAddress reads it. Without a proxy a client can name any address here, so the
 * per-account limit is the one that cannot be dodged.
 */
export function signInAddress(forwardedFor: string | null, trustProxy: boolean): string {
  const entries = (forwardedFor ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return (trustProxy ? entries.at(-1) : entries[0]) ?? "unknown";
}
