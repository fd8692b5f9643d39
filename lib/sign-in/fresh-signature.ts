/**
 * Credential changes in the dashboard (adding or revoking a key, new recovery codes, a new
 * API token) need a signature made moments ago, not only a session: a session cookie that
 * leaked (a shared computer, a copied browser profile) must not be enough to add the
 * holder's own key or mint a token that outlives the session. The session remembers when
 * its key signed the sign-in challenge; past FRESH_SIGNATURE_SECONDS the person signs in
 * again, signing a new one-time challenge, which cannot be replayed.
 */

function duration(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minutes`;
}

/** Why the session may not change credentials now, or null when its sign-in is recent enough. */
export function staleSignature(
  signedAtSeconds: number | undefined,
  windowSeconds: number,
  nowMs: number,
): string | null {
  if (signedAtSeconds !== undefined && nowMs / 1000 - signedAtSeconds <= windowSeconds) return null;
  return `Sign in again to confirm it is you: adding or revoking a key, new recovery codes and new API tokens need a sign-in from the last ${duration(windowSeconds)}.`;
}

/** The sign-in page, asked to sign in again although a session exists, then back to `next`. */
export function signInAgainPath(next: string): string {
  return `/sign-in?again=1&next=${encodeURIComponent(next)}`;
}
