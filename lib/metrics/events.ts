/**
 * The one-call hooks other modules use to count what /metrics reports, so none of them
 * needs to know prom-client (lib/metrics/registry.ts).
 */
import { metrics } from "@/lib/metrics/registry";

const SCOPES: Record<string, string> = {
  ip: "ip",
  user: "user",
  "signin-ip": "signin_ip",
  "signin-user": "signin_account",
};

/** A request refused by the limiter; `key` is the limiter's ("ip:<address>", "user:<id>"): only its kind is kept. */
export function countRateLimitRefusal(key: string): void {
  const kind = key.slice(0, Math.max(0, key.indexOf(":")));
  metrics().rateLimitRefusals.inc({ scope: SCOPES[kind] ?? "other" });
}

/** An engram pull's outcome: "ok", "unchanged" or "error". */
export function countPullOutcome(status: string): void {
  metrics().pulls.inc({ outcome: status === "ok" || status === "unchanged" ? status : "error" });
}
