/**
 * GET /metrics: the registry in Prometheus's text format, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. The server routes /metrics here only when
 * METRICS_TOKEN is set, so metrics are never public by default (docs/OPERATIONS.md says
 * why a token on the service's port and not a second port). The token is compared in
 * constant time; a missing or wrong one is a JSON 401 like the API's.
 */
import { jsonResponse, type ApiResponse } from "@/lib/api/types";
import { safeEqual } from "@/lib/auth/safe-equal";
import { metrics } from "@/lib/metrics/registry";

export async function serveMetrics(options: {
  method: string;
  authorization: string | undefined;
  token: string;
}): Promise<ApiResponse> {
  if (options.method !== "GET" && options.method !== "HEAD") {
    return jsonResponse({ message: "/metrics answers GET and HEAD only.", details: { allow: "GET, HEAD" } }, 405, {
      allow: "GET, HEAD",
    });
  }
  const match = /^Bearer +(\S+) *$/i.exec(options.authorization ?? "");
  if (!match || !safeEqual(match[1]!, options.token)) {
    return jsonResponse({ message: "/metrics needs Authorization: Bearer <METRICS_TOKEN>.", details: null }, 401, {
      "www-authenticate": 'Bearer realm="metrics"',
      "cache-control": "no-store",
    });
  }
  const registry = metrics().registry;
  return {
    status: 200,
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
    body: await registry.metrics(),
  };
}
