/**
 * The one adapter of the portal's route handlers (app/**\/route.ts), as lib/api/endpoint.ts
 * is of /v1: a handler returns an ApiResponse or throws an ApiError, and gets back a web
 * Response with the API's conditional GET (a strong ETag on every 200, 304 for a client
 * that holds it: lib/api/conditional-get.ts), no body for HEAD, and an ApiError as one
 * plain-text sentence with its status and headers: these routes serve people, feed readers
 * and crawlers, who read the sentence, not a JSON error.
 */
import { applyConditionalGet } from "@/lib/api/conditional-get";
import { ApiError } from "@/lib/api/errors";
import type { ApiResponse } from "@/lib/api/types";

/** A plain-text reply (one line, newline-terminated), never sniffed into anything else. */
export function textResponse(status: number, message: string, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", ...headers },
    body: message.endsWith("\n") ? message : `${message}\n`,
  };
}

export function routeHandler<Context>(
  handle: (req: Request, context: Context) => Promise<ApiResponse | Response> | ApiResponse | Response,
): (req: Request, context: Context) => Promise<Response> {
  return async (req, context) => {
    let reply: ApiResponse | Response;
    try {
      reply = await handle(req, context);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      reply = textResponse(err.status, err.message, err.headers);
    }
    // A redirect or a stream made by the handler itself goes out as it is.
    if (reply instanceof Response) return reply;
    const res = applyConditionalGet(
      { method: req.method.toUpperCase(), headers: Object.fromEntries(req.headers.entries()) },
      reply,
    );
    const body = req.method.toUpperCase() === "HEAD" || res.body === null ? null : res.body;
    return new Response(body as BodyInit | null, { status: res.status, headers: res.headers });
  };
}
