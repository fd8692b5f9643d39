/**
 * The signed time of a request to an endpoint that refuses replays (docs/API.md
 * "Replayed requests"). A signature covers method, URL and body, so the time goes in the
 * query: `signed_at=<Unix time in seconds, up to 3 decimals>`. Plain code with no Node
 * imports: the server (lib/auth/replay.ts), the client library (lib/client/http.ts) and
 * the browser (lib/sign-in/browser-identity.ts) share it.
 */

export const SIGNED_AT_PARAM = "signed_at";

/** A signed_at this far from the server's clock (either way) is refused. */
export const SIGNED_AT_WINDOW_MS = 5 * 60_000;

/**
 * The extension endpoints whose signed writes (every method but GET and HEAD) refuse
 * replays: they change credentials or hand out secrets. The four interface endpoints
 * (user, mod, engram, document) keep the v1 contract and are not among them.
 */
export const REPLAY_PROTECTED_ENDPOINTS = ["key.php", "recovery.php", "token.php", "webhook.php"] as const;

/** Whether a signed `method` to `target` (a raw request target) must carry signed_at. */
export function needsSignedAt(method: string, target: string): boolean {
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD" || upper === "OPTIONS") return false;
  const path = target.split("?")[0]!;
  return REPLAY_PROTECTED_ENDPOINTS.some((name) => path === `/v1/${name}` || path.startsWith(`/v1/${name}/`));
}

/** The value for a moment: seconds with milliseconds, so two requests a millisecond apart differ. */
export function signedAtValue(nowMs: number): string {
  return (nowMs / 1000).toFixed(3);
}

/**
 * `target` with signed_at appended when the request needs one and has none; the client
 * signs the result, so the time is covered by the signature.
 */
export function withSignedAt(method: string, target: string, nowMs: number): string {
  if (!needsSignedAt(method, target)) return target;
  const q = target.indexOf("?");
  if (q >= 0 && new URLSearchParams(target.slice(q + 1)).has(SIGNED_AT_PARAM)) return target;
  return `${target}${q >= 0 ? "&" : "?"}${SIGNED_AT_PARAM}=${signedAtValue(nowMs)}`;
}

/** The signed time in milliseconds, or null when absent or not a number of seconds. */
export function parseSignedAt(value: string | null): number | null {
  if (value === null || !/^\d{1,12}(\.\d{1,3})?$/.test(value)) return null;
  return Math.round(Number(value) * 1000);
}
