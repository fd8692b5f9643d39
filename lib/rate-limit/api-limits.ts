/**
 * Rate limits of the v1 API (docs/CONTRACT.md#rate-limits): per client address before anything else, per
 * user once the signature is verified. A refused request is a JSON 429 with Retry-After;
 * every reply carries the tighter of the two limits as RateLimit-* (IETF draft: Reset in
 * seconds) and X-RateLimit-* (Reset as a Unix time) headers.
 */
import { ApiError } from "@/lib/api/errors";
import type { ApiRequest } from "@/lib/api/types";
import type { Decision, RateLimiter } from "./limiter";
import { limitAddress } from "./limit-address";

export interface ApiLimitOptions {
  limiter: RateLimiter;
  /** per user and minute; 0: no limit */
  perUser: number;
  /** per client address and minute; 0: no limit */
  perIp: number;
  /** the client is the last X-Forwarded-For address (the one our proxy added) */
  trustProxy: boolean;
}

export interface RequestLimits {
  /** counts the request against its address; 429 when over */
  checkIp(): void;
  /** counts the request against its signed user; 429 when over */
  checkUser(userId: string): void;
  headers(): Record<string, string>;
}

export interface ApiRateLimits {
  /** from the request's headers and address alone: called before its body is read */
  begin(req: Pick<ApiRequest, "headers" | "remoteAddress">): RequestLimits;
}

/**
 * The header server.ts stamps with the socket's peer address on every request it hands to
 * Next.js (overwriting whatever a client sent), for code that never sees the socket.
 */
export const PEER_ADDRESS_HEADER = "x-beacon-peer-address";

/** The client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry (the proxy's own addition). */
export function clientAddress(req: Pick<ApiRequest, "headers" | "remoteAddress">, trustProxy: boolean): string {
  if (trustProxy) {
    const last = req.headers["x-forwarded-for"]?.split(",").pop()?.trim();
    if (last) return last;
  }
  return req.remoteAddress;
}

export function rateLimitHeaders(d: Decision): Record<string, string> {
  return {
    "ratelimit-limit": String(d.limit),
    "ratelimit-remaining": String(d.remaining),
    "ratelimit-reset": String(d.resetSeconds),
    "x-ratelimit-limit": String(d.limit),
    "x-ratelimit-remaining": String(d.remaining),
    "x-ratelimit-reset": String(d.resetAt),
  };
}

export function tooManyRequests(
  d: Decision,
  scope: string,
  per: "minute" | "hour" = "minute",
  what = "requests",
): ApiError {
  return new ApiError(
    "too_many_requests",
    `Too many ${what}; at most ${d.limit} per ${per} per ${scope}. Try again in ${d.resetSeconds} s.`,
    { scope, limit: d.limit, retry_after: d.resetSeconds },
    { "retry-after": String(d.resetSeconds), ...rateLimitHeaders(d) },
  );
}

export function apiRateLimits(options: ApiLimitOptions): ApiRateLimits {
  return {
    begin(req) {
      let tightest: Decision | null = null;
      const apply = (key: string, limit: number, scope: string) => {
        if (limit <= 0) return;
        const d = options.limiter.hit(key, limit);
        if (!tightest || d.remaining < tightest.remaining) tightest = d;
        if (!d.allowed) throw tooManyRequests(d, scope);
      };
      return {
        checkIp: () =>
          apply(`ip:${limitAddress(clientAddress(req, options.trustProxy))}`, options.perIp, "client address"),
        checkUser: (userId) => apply(`user:${userId}`, options.perUser, "user"),
        headers: () => (tightest ? rateLimitHeaders(tightest) : {}),
      };
    },
  };
}
