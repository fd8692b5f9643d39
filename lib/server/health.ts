/**
 * /healthz: ok only when the database answers. GET and HEAD (the same headers, no
 * content); any other method is 405 with Allow (RFC 9110 §15.5.6), as it changes nothing.
 *
 * With read replicas the status is still the primary's (a load balancer that checks it
 * takes out an instance that cannot write). While the primary and every replica are
 * fine the body is `{"status":"ok"}`, as without replicas (what monitors and the v1
 * suite match); otherwise it says apart what each database is doing: `primary`, every
 * replica as the last position check found it (no query of its own: the checks run
 * every 100 ms), and `reads`, whether public reads are served. Lag as a number is on
 * /metrics (beacon_db_replica_lag_seconds).
 */
import type { Db } from "@/lib/db/client";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { logger } from "@/lib/logging/logger";

/** What lib/db/replicas.ts knows of each replica (ReplicaSet.state()). */
export interface ReplicaHealth {
  replicas: { index: number; up: boolean; lagMs: number; usable: boolean }[];
}

function replicaBody(primaryOk: boolean, state: ReplicaHealth) {
  const replicas = state.replicas.map((r) => ({
    replica: r.index,
    status: r.usable ? "ok" : r.up ? "lagging" : "unavailable",
    lag_ms: r.up && Number.isFinite(r.lagMs) ? Math.round(r.lagMs) : null,
  }));
  const reads = primaryOk || replicas.some((r) => r.status === "ok");
  return { primary: primaryOk ? "ok" : "unavailable", replicas, reads: reads ? "ok" : "unavailable" };
}

export async function health(db: Db, method = "GET", replicas?: ReplicaHealth | null): Promise<ApiResponse> {
  if (method !== "GET" && method !== "HEAD") {
    return jsonResponse({ message: "/healthz answers GET and HEAD only.", details: { allow: "GET, HEAD" } }, 405, {
      allow: "GET, HEAD",
      "cache-control": "no-store",
    });
  }
  try {
    await db.$queryRawUnsafe("SELECT 1");
    const degraded = replicas?.replicas.some((r) => !r.usable) ? replicaBody(true, replicas) : {};
    return jsonResponse({ status: "ok", ...degraded }, 200, { "cache-control": "no-store" });
  } catch (err) {
    logger().warn({ error: (err as Error).message }, "health check failed: the database is not answering");
    return jsonResponse(
      {
        status: "unavailable",
        message: "The database is not answering.",
        ...(replicas ? replicaBody(false, replicas) : {}),
      },
      503,
      { "cache-control": "no-store", "retry-after": "5" },
    );
  }
}
