/**
 * What every v1 operation shares, added in one place so that none can miss it: the
 * rate-limit headers and X-Request-Id on every reply and the 429 (lib/api/endpoint.ts counts every
 * request), and on every GET that answers a body its ETag and the 304 for If-None-Match
 * (lib/api/conditional-get.ts).
 */
import type { Header, Operation, PathItem, Ref, Response } from "@/lib/openapi/types";
import { HTTP_METHODS } from "@/lib/openapi/types";
import { EVERY_REPLY_HEADERS, r } from "@/lib/openapi/responses";

const ETAG: Record<string, Header> = {
  ETag: {
    description: "Strong ETag of this body; send it back in If-None-Match to get 304 while it is current.",
    schema: { type: "string" },
  },
};

function withHeaders(response: Ref<Response>, headers: Record<string, Header>): Ref<Response> {
  if ("$ref" in response) return response;
  return { ...response, headers: { ...response.headers, ...headers } };
}

function commonResponses(method: string, op: Operation): Operation {
  const responses: Record<string, Ref<Response>> = {};
  for (const [status, response] of Object.entries(op.responses))
    responses[status] = withHeaders(response, EVERY_REPLY_HEADERS);
  const ok = op.responses["200"];
  if (method === "get" && ok && !("$ref" in ok) && ok.content) {
    responses["200"] = withHeaders(responses["200"]!, ETAG);
    responses["304"] = r("NotModified");
  }
  responses["429"] ??= r("TooManyRequests");
  const sorted = Object.keys(responses).sort((a, b) => Number(a) - Number(b));
  return { ...op, responses: Object.fromEntries(sorted.map((s) => [s, responses[s]!])) };
}

export function withCommonResponses(paths: Record<string, PathItem>): Record<string, PathItem> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const out: PathItem = { ...item };
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (op) out[method] = commonResponses(method, op);
      }
      return [path, out];
    }),
  );
}
