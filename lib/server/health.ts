/**
 * /healthz: what a load balancer needs to decide whether to send this instance requests.
 * GET and HEAD (the same headers, no content); any other method is 405 with Allow
 * (RFC 9110 §15.5.6), as it changes nothing.
 *
 * - All well (the database answers; with replicas, every replica usable): 200
 *   `{"status":"ok"}`, the body monitors and the v1 suite match.
 * - With replicas, when one is not fine: still 200 `ok`, the body says each database apart.
 * - **Degraded**: the primary does not answer but a usable replica does. The instance
 *   still serves every anonymous read, and its writes answer 503 with Retry-After, so
 *   `/healthz` answers **200** with `"status":"degraded"`, `"reads":"ok"`,
 *   `"writes":"unavailable"`. 200 because it is the one status every balancer's check
 *   counts as "in rotation" (nginx, HAProxy's httpchk, Kubernetes probes, cloud load
 *   balancers' default matchers; none knows a "degraded" code); a 503 there took every
 *   instance out while the replicas could still serve the portal (docs/OPERATIONS.md,
 *   "Health checks").
 * - `/healthz?writes`: for checks that need writes (a pool that takes only writes, an alert
 *   on lost writes): 503 in the degraded state too, else as above.
 * - Nothing can be served (the primary down and no usable replica, or no replicas): 503
 *   `"status":"unavailable"` with Retry-After.
 *
 * The replicas' state is the last position check's (they run every 100 ms), without a
 * query of its own; lag as a number is on /metrics (beacon_db_replica_lag_seconds).
 */
import type { Db } from "@/lib/db/client";
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { logger } from "@/lib/logging/logger";

/** What lib/db/replicas.ts knows of each replica (ReplicaSet.state()). */
export interface ReplicaHealth {
  replicas: { index: number; up: boolean; lagMs: number; usable: boolean }[];
}

/** How long a client or balancer should wait before asking again while writes are refused. */
const RETRY_AFTER_SECONDS = "5";

function replicaBody(primaryOk: boolean, state: ReplicaHealth) {
  const replicas = state.replicas.map((r) => ({
    replica: r.index,
    status: r.usable ? "ok" : r.up ? "lagging" : "unavailable",
    lag_ms: r.up && Number.isFinite(r.lagMs) ? Math.round(r.lagMs) : null,
  }));
  const reads = primaryOk || replicas.some((r) => r.status === "ok");
  return {
    primary: primaryOk ? "ok" : "unavailable",
    replicas,
    reads: reads ? "ok" : "unavailable",
    writes: primaryOk ? "ok" : "unavailable",
  };
}

export interface HealthOptions {
  /** `/healthz?writes`: the degraded state (reads only) is a 503 too */
  needWrites?: boolean;
}

export async function health(
  db: Db,
  method = "GET",
  replicas?: ReplicaHealth | null,
  options: HealthOptions = {},
): Promise<ApiResponse> {
  if (method !== "GET" && method !== "HEAD") {
    return jsonResponse({ message: "/healthz answers GET and HEAD only.", details: { allow: "GET, HEAD" } }, 405, {
      allow: "GET, HEAD",
      "cache-control": "no-store",
    });
  }
  try {
    await db.$queryRawUnsafe("SELECT 1");
    const detail = replicas?.replicas.some((r) => !r.usable) ? replicaBody(true, replicas) : {};
    return jsonResponse({ status: "ok", ...detail }, 200, { "cache-control": "no-store" });
  } catch (err) {
    const body = replicas ? replicaBody(false, replicas) : null;
    const degraded = body?.reads === "ok";
    logger().warn(
      { error: (err as Error).message, reads: degraded ? "ok" : "unavailable" },
      degraded
        ? "health check: the primary database is not answering; reads go on from the replicas, writes are refused"
        : "health check failed: the database is not answering",
    );
    const retry = { "cache-control": "no-store", "retry-after": RETRY_AFTER_SECONDS };
    if (degraded) {
      const status = options.needWrites ? 503 : 200;
      return jsonResponse(
        {
          status: "degraded",
          message: "The primary database is not answering: reads are served from the replicas, writes are refused.",
          ...body,
        },
        status,
        status === 503 ? retry : { "cache-control": "no-store" },
      );
    }
    return jsonResponse({ status: "unavailable", message: "The database is not answering.", ...body }, 503, retry);
  }
}

/** Whether a /healthz request target asks for writes too (`/healthz?writes`, `?writes=1`). */
export function healthNeedsWrites(url: string): boolean {
  const query = url.split("?")[1];
  return query !== undefined && new URLSearchParams(query).has("writes");
}
