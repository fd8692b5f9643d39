/** GET /healthz: ok only when the database answers. */
import type { Db } from "@/lib/db/client";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";

export async function health(db: Db): Promise<ApiResponse> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return jsonResponse({ status: "ok" }, 200, { "cache-control": "no-store" });
  } catch (err) {
    console.error("health check failed:", (err as Error).message);
    return jsonResponse({ status: "unavailable", message: "The database is not answering." }, 503, { "cache-control": "no-store", "retry-after": "5" });
  }
}
