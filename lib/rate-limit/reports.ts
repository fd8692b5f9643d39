/**
 * Reports (lib/moderation/reports.ts), from the Report form or POST /v1/report.php:
 * limited per client address and, for a signed-in or signing reporter, per user, in
 * clock-hour windows, so one address cannot bury the moderators' queue. Throws the same
 * JSON 429 as the API (Retry-After, RateLimit-*).
 */
import type { RateLimiter } from "./limiter";
import { tooManyRequests } from "./api-limits";
import { limitAddress } from "./limit-address";

export function checkReport(
  limiter: RateLimiter,
  options: { address: string; userId?: string; perHour: number },
): void {
  if (options.perHour <= 0) return;
  const byAddress = limiter.hit(`report-ip:${limitAddress(options.address)}`, options.perHour);
  if (!byAddress.allowed) throw tooManyRequests(byAddress, "client address", "hour", "reports");
  if (!options.userId) return;
  const byReporter = limiter.hit(`report-user:${options.userId}`, options.perHour);
  if (!byReporter.allowed) throw tooManyRequests(byReporter, "reporter", "hour", "reports");
}
