/**
 * The process's limiter, counting into the service database's rate_limits table, and
 * the v1 API limits built on it from the configuration (docs/CONFIGURATION.md: RATE_LIMIT_*).
 */
import { processWide } from "@/lib/process/process-wide";
import type { Config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { databaseCounterStore } from "./counter-store";
import { apiRateLimits, type ApiRateLimits } from "./api-limits";
import { RateLimiter } from "./limiter";
import { logger } from "@/lib/logging/logger";

// Once per process: server.ts and Next.js's bundle each carry a copy of this module, and
// two limiters would each count half of an address's requests (sign-ins count in Next.js).
export function serviceRateLimiter(): RateLimiter {
  return processWide(
    "beaconRateLimiter",
    () =>
      new RateLimiter(databaseCounterStore(db()), {
        onError: (err) => logger().warn({ error: (err as Error).message }, "rate limit counts not shared this time"),
      }),
  );
}

/** undefined when both API limits are off */
export function serviceApiRateLimits(
  cfg: Pick<Config, "RATE_LIMIT_PER_MINUTE" | "RATE_LIMIT_IP_PER_MINUTE" | "TRUST_PROXY">,
): ApiRateLimits | undefined {
  if (cfg.RATE_LIMIT_PER_MINUTE <= 0 && cfg.RATE_LIMIT_IP_PER_MINUTE <= 0) return undefined;
  return apiRateLimits({
    limiter: serviceRateLimiter(),
    perUser: cfg.RATE_LIMIT_PER_MINUTE,
    perIp: cfg.RATE_LIMIT_IP_PER_MINUTE,
    trustProxy: cfg.TRUST_PROXY,
  });
}

// On globalThis: the report form (Next.js's copy of lib/) and POST /v1/report.php (the
// server's copy) count in one limiter, so a burst through both is judged on one count.
/** The reports' limiter: clock-hour windows in the same rate_limits table (keys report-ip:, report-user:). */
export function serviceReportLimiter(): RateLimiter {
  return processWide(
    "beaconReportLimiter",
    () =>
      new RateLimiter(databaseCounterStore(db()), {
        windowMs: 60 * 60_000,
        onError: (err) => logger().warn({ error: (err as Error).message }, "report counts not shared this time"),
      }),
  );
}
