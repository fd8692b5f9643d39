/**
 * The error translator: ApiError -> its status and `{"message","details"}`; anything
 * else -> a logged 500 (or 503 when the database is unreachable) that reveals nothing.
 * Every 5xx carries the request's id in `details.request_id` (lib/server/request-id.ts),
 * the same id as its X-Request-Id header and its log lines, so a user can quote it.
 */
import { ApiError } from "@/lib/api/errors";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { NUL_MESSAGE } from "@/lib/api/json-limits";
import { isConcurrencyFailure, isDatabaseUnavailable, isNulInText } from "@/lib/db/errors";
import { logTarget } from "@/lib/logging/log-target";
import { logger } from "@/lib/logging/logger";

export interface ErrorContext {
  method?: string;
  /** the raw request target (logged without query secrets) */
  target?: string;
  requestId?: string;
}

/** `details` of a 5xx: the given ones (an object keeps its keys) plus request_id. */
function withRequestId(details: unknown, requestId: string | undefined): unknown {
  if (!requestId) return details ?? null;
  if (details === null || details === undefined) return { request_id: requestId };
  if (typeof details === "object" && !Array.isArray(details)) return { ...details, request_id: requestId };
  return { detail: details, request_id: requestId };
}

export function errorResponse(err: unknown, context: ErrorContext = {}): ApiResponse {
  const where = {
    req_id: context.requestId,
    method: context.method,
    path: context.target === undefined ? undefined : logTarget(context.target),
  };
  if (err instanceof ApiError) {
    const details = err.status >= 500 ? withRequestId(err.details, context.requestId) : (err.details ?? null);
    return jsonResponse({ message: err.message, details }, err.status, { ...err.headers });
  }
  if (isNulInText(err)) {
    // A rolled-back write (the transaction failed as a whole): nothing was written.
    logger().warn({ ...where, error: (err as Error).message }, "NUL character refused by the database");
    return jsonResponse({ message: `Text ${NUL_MESSAGE}.`, details: null }, 400);
  }
  if (isDatabaseUnavailable(err)) {
    logger().error({ ...where, error: (err as Error).message }, "database unavailable");
    return jsonResponse(
      { message: "The database is unavailable; try again shortly.", details: withRequestId(null, context.requestId) },
      503,
      { "retry-after": "5" },
    );
  }
  if (isConcurrencyFailure(err)) {
    logger().warn({ ...where, error: (err as Error).message }, "transaction aborted by a concurrent one");
    return jsonResponse(
      {
        message: "A concurrent change got in the way of this one; nothing was written. Send it again.",
        details: withRequestId(null, context.requestId),
      },
      503,
      { "retry-after": "1" },
    );
  }
  logger().error({ ...where, err }, "unexpected error");
  return jsonResponse({ message: "Internal server error.", details: withRequestId(null, context.requestId) }, 500);
}
