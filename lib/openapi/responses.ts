/**
 * The error replies of docs/CONTRACT.md#errors, one per status, each `{"message", "details"}` with an
 * example of what the server really says; operations refer to them by $ref. Every v1
 * reply also carries the rate-limit headers (lib/rate-limit/api-limits.ts), so these do too.
 */
import type { Example, Header, Response } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";

const integer = (description: string): Header => ({ description, schema: { type: "integer", minimum: 0 } });

/** On every /v1 reply while a rate limit is configured (the tighter of the per-address and per-user limits). */
export const RATE_LIMIT_HEADERS: Record<string, Header> = {
  "RateLimit-Limit": integer(
    "Requests allowed per minute by the tighter of the two limits (per client address, per signed user).",
  ),
  "RateLimit-Remaining": integer("Requests left in the current minute."),
  "RateLimit-Reset": integer("Seconds until the current minute ends and the count starts again."),
  "X-RateLimit-Limit": integer("As RateLimit-Limit."),
  "X-RateLimit-Remaining": integer("As RateLimit-Remaining."),
  "X-RateLimit-Reset": integer("Unix time (seconds) at which the count starts again."),
};

/** On every reply (lib/server/observe-requests.ts): the rate-limit headers and the request id. */
export const EVERY_REPLY_HEADERS: Record<string, Header> = {
  ...RATE_LIMIT_HEADERS,
  "X-Request-Id": {
    description:
      "This request's id: the one a trusted proxy sent (TRUST_PROXY), or one the server made. The server's log line of the request names it, and a 5xx reply repeats it in details.request_id.",
    schema: { type: "string" },
  },
};

const retryAfter = (description: string): Record<string, Header> => ({ "Retry-After": integer(description) });

const errorJson = (examples: Record<string, Example>) => ({
  "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples },
});

const error = (
  description: string,
  examples: Record<string, Example>,
  headers: Response["headers"] = {},
): Response => ({
  description,
  headers: { ...headers, ...EVERY_REPLY_HEADERS },
  content: errorJson(examples),
});

export const responses: Record<string, Response> = {
  BadRequest: error(
    "Bad input: malformed JSON, wrong Content-Type, missing or invalid keys, a bad UUID or query parameter. In a batch, details name the item.",
    {
      invalidItem: {
        value: {
          message: "Item 0 is not a valid engram: label: must not be empty.",
          details: { index: 0, issues: [{ index: 0, path: "label", message: "must not be empty" }] },
        },
      },
      wrongType: {
        value: {
          message: "The body must be sent with Content-Type: application/json.",
          details: { content_type: "text/plain" },
        },
      },
    },
  ),
  Unauthorized: error(
    "Missing, malformed, unknown-user or bad-signature credentials. For a bad signature, details show the method and URL lines the server verified (never the body).",
    {
      badSignature: {
        value: {
          message: "The signature does not match this request.",
          details: { method: "GET", url: `${EXAMPLE.baseUrl}/v1/mod.php` },
        },
      },
    },
    {
      "WWW-Authenticate": {
        description: 'Always Basic realm="Beacon API".',
        schema: { type: "string", const: 'Basic realm="Beacon API"' },
      },
    },
  ),
  Forbidden: error(
    "Signed, but not allowed: not the owner (another user's document, engram or user record, or a mod you have not confirmed).",
    {
      notOwner: {
        value: {
          message: "Only engrams of your own confirmed mods can be deleted.",
          details: { uids: ["1bbac3b53ec338c3ae6ac1cf66d43b16"], classes: [] },
        },
      },
    },
  ),
  NotFound: error("Nothing was found (for several ids: none of them), or the workshop item is not the game's.", {
    none: { value: { message: "You have not registered any of these mods.", details: { mod_ids: [EXAMPLE.modId] } } },
  }),
  MethodNotAllowed: error(
    "Wrong method for the endpoint, listing users, or a HEAD that is not exactly one document UUID.",
    { listing: { value: { message: "Users cannot be listed; ask for one or more user ids.", details: null } } },
    { Allow: { description: "The methods the endpoint accepts.", schema: { type: "string" } } },
  ),
  Conflict: error(
    "Conflict: a mod registered already or confirmed by another user; an engram path that belongs to another mod.",
    {
      registered: {
        value: {
          message: `Item 0: you registered mod ${EXAMPLE.modId} already; send pull_url to change it.`,
          details: { index: 0, mod_id: EXAMPLE.modId },
        },
      },
    },
  ),
  Gone: error(
    "The cursor (or changes_since) is older than the changes this server keeps (CHANGES_RETENTION_DAYS): start again with a full read.",
    {
      expired: {
        value: {
          message: "This cursor is older than the changes this server keeps; start again without one (a full read).",
          details: { cursor_timestamp: "2026-08-01 09:30:00+0000" },
        },
      },
    },
  ),
  PayloadTooLarge: error("The body is larger than MAX_BODY_BYTES (after gzip decoding).", {
    tooLarge: {
      value: { message: "The request body is larger than the limit of 16777216 bytes.", details: { limit: 16777216 } },
    },
  }),
  TooManyRequests: error(
    "Over a rate limit: RATE_LIMIT_IP_PER_MINUTE requests per client address, or RATE_LIMIT_PER_MINUTE per signed user, in the current minute; for POST /v1/report.php also RATE_LIMIT_REPORTS_PER_HOUR reports per client address or per reporter in the current clock hour.",
    {
      tooMany: {
        value: {
          message: "Too many requests; at most 1200 per minute per user. Try again in 42 s.",
          details: { scope: "user", limit: 1200, retry_after: 42 },
        },
      },
    },
    retryAfter("Seconds until the current minute (a report's: the current hour) ends."),
  ),
  BadGateway: error("The Steam Workshop could not be reached or answered nonsense.", {
    steam: {
      value: {
        message: "The Steam Workshop could not be reached or answered something unusable; try again later.",
        details: { mod_id: EXAMPLE.modId, reason: "timeout", request_id: "4f1c2a9e-7b3d-4e52-9a61-0c8d5e2f7b13" },
      },
    },
  }),
  ServerError: error(
    "An unexpected failure; logged on the server, and the reply reveals nothing internal but the request's id (details.request_id, also the X-Request-Id header and the server's log line).",
    {
      internal: {
        value: { message: "Internal server error.", details: { request_id: "4f1c2a9e-7b3d-4e52-9a61-0c8d5e2f7b13" } },
      },
    },
  ),
  ServiceUnavailable: error(
    "The database did not answer; nothing was changed. Try again after Retry-After.",
    {
      database: {
        value: {
          message: "The database is unavailable; try again shortly.",
          details: { request_id: "4f1c2a9e-7b3d-4e52-9a61-0c8d5e2f7b13" },
        },
      },
    },
    retryAfter("Always 5."),
  ),
  NotModified: {
    description: "If-None-Match named the current ETag: no body.",
    headers: { ETag: { description: "The current strong ETag.", schema: { type: "string" } }, ...EVERY_REPLY_HEADERS },
  },
};

export const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The errors every operation can answer (400, 413, 429, 500, 503), plus the ones it names. */
export function errors(...names: ("401" | "403" | "404" | "405" | "409" | "410" | "502")[]) {
  const byStatus = {
    "401": "Unauthorized",
    "403": "Forbidden",
    "404": "NotFound",
    "405": "MethodNotAllowed",
    "409": "Conflict",
    "410": "Gone",
    "502": "BadGateway",
  } as const;
  return {
    "400": r("BadRequest"),
    ...Object.fromEntries(names.map((n) => [n, r(byStatus[n])])),
    "413": r("PayloadTooLarge"),
    "429": r("TooManyRequests"),
    "500": r("ServerError"),
    "503": r("ServiceUnavailable"),
  };
}
