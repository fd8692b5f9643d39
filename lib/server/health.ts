/**
 * /healthz: ok only when the database answers. GET and HEAD (the same headers, no
 * content); any other method is 405 with Allow (RFC 9110 §15.5.6), as it changes nothing.
 */
import type { Db } from "@/lib/db/client";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { logger } from "@/lib/logging/logger";

export async function health(db: Db, method = "GET"): Promise<ApiResponse> {
  if (method !== "GET" && method !== "HEAD") {
    return jsonResponse({ message: "/healthz answers GET and HEAD only.", details: { allow: "GET, HEAD" } }, 405, {
      allow: "GET, HEAD",
      "cache-control": "no-store",
    });
  }
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return jsonResponse({ status: "ok" }, 200, { "cache-control": "no-store" });
  } catch (err) {
    logger().warn({ error: (err as Error).message }, "health check failed: the database is not answering");
    return jsonResponse({ status: "unavailable", message: "The database is not answering." }, 503, {
      "cache-control": "no-store",
      "retry-after": "5",
    });
  }
}
