/**
 * The error translator: ApiError -> its status and `{"message","details"}`; anything
 * else -> a logged 500 (or 503 when the database is unreachable) that reveals nothing.
 */
import { ApiError } from "@/lib/api/errors";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { isDatabaseUnavailable } from "@/lib/db/errors";

export function errorResponse(err: unknown, context: Record<string, unknown> = {}): ApiResponse {
  if (err instanceof ApiError) {
    return jsonResponse({ message: err.message, details: err.details ?? null }, err.status, { ...err.headers });
  }
  if (isDatabaseUnavailable(err)) {
    console.error("database unavailable:", (err as Error).message, context);
    return jsonResponse({ message: "The database is unavailable; try again shortly.", details: null }, 503, { "retry-after": "5" });
  }
  console.error("unexpected error", context, err);
  return jsonResponse({ message: "Internal server error.", details: null }, 500);
}
