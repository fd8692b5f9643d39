/**
 * ETag and If-None-Match for every v1 GET and HEAD (docs/CONTRACT.md#caching): a 200 with a body gets a
 * strong ETag (prepared bodies bring theirs; others are hashed here), and a request
 * that already holds that version gets 304 with no body.
 */
import { etagOf } from "@/lib/cache/cached-body";
import type { ApiRequest, ApiResponse } from "@/lib/api/types";

/** Whether an If-None-Match header names `etag` (or is `*`). */
export function ifNoneMatchHolds(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison (RFC 9110 13.1.2): W/ prefixes do not matter for If-None-Match.
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** Only the request's method and headers count (route handlers and kept pages have no ApiRequest). */
export function applyConditionalGet(req: Pick<ApiRequest, "method" | "headers">, res: ApiResponse): ApiResponse {
  if ((req.method !== "GET" && req.method !== "HEAD") || res.status !== 200 || res.body === null) return res;
  const etag = res.headers["etag"] ?? etagOf(res.body);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatchHolds(ifNoneMatch, etag)) {
    const kept = Object.fromEntries(
      Object.entries(res.headers).filter(([k]) => k === "vary" || k === "cache-control" || k === "content-location"),
    );
    return { status: 304, headers: { ...kept, etag }, body: null };
  }
  return { ...res, headers: { ...res.headers, etag } };
}
