/**
 * Route-handler form of a v1 endpoint, for `next dev`/`next start`. Production traffic
 * goes through server.ts, which hands /v1/*.php straight to the same endpoint with the
 * client's exact request target; here the target is rebuilt from request.url, which
 * Next.js may have re-encoded, so signed requests with unusual query strings can fail.
 * The same rate limits apply as through server.ts. The client address is the peer
 * address server.ts stamps on what it hands to Next.js; under `next dev`, with no
 * server.ts in front, the header is whatever the client sent (a development server only).
 */
import { handleEndpoint, type Endpoint } from "@/lib/api/endpoint";
import { errorResponse } from "@/lib/api/error-response";
import { checkDeclaredLength, decodeBody, tooLarge } from "@/lib/api/request-body";
import type { ApiRequest, ApiResponse } from "@/lib/api/types";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { PEER_ADDRESS_HEADER } from "@/lib/rate-limit/api-limits";
import { serviceApiRateLimits } from "@/lib/rate-limit/service";
import { findPublicKey } from "@/lib/users/users";

function toResponse(apiRes: ApiResponse, method: string): Response {
  const body =
    method === "HEAD" || apiRes.body === null
      ? null
      : typeof apiRes.body === "string"
        ? apiRes.body
        : Buffer.from(apiRes.body);
  return new Response(body, { status: apiRes.status, headers: apiRes.headers });
}

async function toApiRequest(request: Request, limit: number): Promise<ApiRequest> {
  checkDeclaredLength(request.headers.get("content-length") ?? undefined, limit);
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.length > limit) throw tooLarge(limit);
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    rawTarget: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    body: decodeBody(raw, request.headers.get("content-encoding") ?? undefined, limit),
    remoteAddress: request.headers.get(PEER_ADDRESS_HEADER) ?? "",
  };
}

export function nextRouteHandlers(endpoint: Endpoint) {
  const handler = async (request: Request): Promise<Response> => {
    const cfg = config();
    try {
      const apiReq = await toApiRequest(request, cfg.MAX_BODY_BYTES);
      const apiRes = await handleEndpoint(endpoint, apiReq, {
        baseUrl: cfg.BASE_URL,
        findPublicKey: (id) => findPublicKey(db(), id),
        rateLimits: serviceApiRateLimits(cfg),
      });
      return toResponse(apiRes, apiReq.method);
    } catch (err) {
      const res = errorResponse(err);
      res.headers["access-control-allow-origin"] = "*";
      return toResponse(res, request.method);
    }
  };
  return {
    GET: handler,
    HEAD: handler,
    POST: handler,
    PUT: handler,
    PATCH: handler,
    DELETE: handler,
    OPTIONS: handler,
  };
}
