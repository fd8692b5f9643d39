// Operators (docs/OPERATIONS.md#logs, #metrics): request ids, what a log line may show of a target, route
// labels from the build's manifest, the metric families' names and labels (a snapshot:
// dashboards and alerts depend on them), the scrape's cost, and the 5xx request_id.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/error-response";
import { captureConsole } from "@/lib/logging/capture-console";
import { createLogger, setLogger, turnBufferedStdout } from "@/lib/logging/logger";
import { isSecretName, logTarget } from "@/lib/logging/log-target";
import { VersionedCache } from "@/lib/cache/versioned-cache";
import { registerCache } from "@/lib/cache/cache-stats";
import { countPullOutcome, countRateLimitRefusal } from "@/lib/metrics/events";
import { enableProcessMetrics, methodLabel, metrics } from "@/lib/metrics/registry";
import { serveMetrics } from "@/lib/metrics/serve-metrics";
import { requestIdFor } from "@/lib/server/request-id";
import { routeLabeler, UNMATCHED, PUBLIC_FILE } from "@/lib/server/route-label";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("takes a plain id from a trusted proxy, and makes one otherwise", () => {
    expect(requestIdFor("a3f9c2d1e0b84f6a9c1d2e3f4a5b6c7d", true)).toBe("a3f9c2d1e0b84f6a9c1d2e3f4a5b6c7d");
    expect(requestIdFor("Root=1-5759e988-bd862e3fe1be46a994272793", true)).toBe(
      "Root=1-5759e988-bd862e3fe1be46a994272793",
    );
    expect(requestIdFor("a3f9c2d1e0b84f6a9c1d2e3f4a5b6c7d", false)).toMatch(UUID);
    expect(requestIdFor(undefined, true)).toMatch(UUID);
    // Not a plain token: spaces, quotes, line breaks, two headers joined, too long.
    for (const bad of ["a b", 'x"y', "x\r\nSet-Cookie: a=b", "a, b", "x".repeat(129), ""])
      expect(requestIdFor(bad, true)).toMatch(UUID);
    expect(requestIdFor(["a", "b"], true)).toMatch(UUID);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });
});

describe("log targets", () => {
  it("keeps the path and harmless parameters, and redacts parameters named like secrets", () => {
    expect(logTarget("/v1/engram.php?mod_id=731604991&author=x")).toBe("/v1/engram.php?mod_id=731604991&author=x");
    expect(logTarget("/api/auth/callback?code=SECRETCODE&state=S1&next=/dashboard")).toBe(
      "/api/auth/callback?code=[redacted]&state=[redacted]&next=/dashboard",
    );
    expect(logTarget("/x?access_token=T&apiKey=K&sig=S&X-Amz-Signature=Z&password=P&q=ok")).toBe(
      "/x?access_token=[redacted]&apiKey=[redacted]&sig=[redacted]&X-Amz-Signature=[redacted]&password=[redacted]&q=ok",
    );
    expect(logTarget("/x?%74oken=T")).toBe("/x?%74oken=[redacted]");
    expect(isSecretName("author")).toBe(false);
    expect(isSecretName("sort")).toBe(false);
    expect(isSecretName("session_id")).toBe(true);
  });

  it("cuts very long paths and queries", () => {
    const path = `/v1/engram.php/${"a".repeat(10_000)}`;
    const shown = logTarget(`${path}?count=1`);
    expect(shown.length).toBeLessThan(600);
    expect(shown).toContain(`(${path.length} characters)`);
    expect(logTarget(`/x?q=${"b".repeat(5000)}`).length).toBeLessThan(600);
  });
});

describe("route labels", () => {
  // The shape of Next.js's .next/routes-manifest.json (only what the labeler reads).
  const label = routeLabeler(
    {
      caseSensitive: false,
      staticRoutes: [
        { page: "/", regex: "^/(?:/)?$" },
        { page: "/documents", regex: "^/documents(?:/)?$" },
      ],
      dynamicRoutes: [
        { page: "/documents/[id]", regex: "^/documents/([^/]+?)(?:/)?$" },
        { page: "/documents/[id]/game.ini", regex: "^/documents/([^/]+?)/game\\.ini(?:/)?$" },
      ],
    },
    ["favicon.ico", "robots.txt"],
  );

  it("names the pattern, never the path, so ids cannot grow the label set", () => {
    expect(label("/")).toBe("/");
    expect(label("/documents")).toBe("/documents");
    expect(label("/documents/9d4c2e7a-1b3f-4a58-8e6d-2c7b9a0f1e34")).toBe("/documents/[id]");
    expect(label("/documents/anything/game.ini")).toBe("/documents/[id]/game.ini");
    expect(label("/_next/static/chunks/app.js")).toBe("/_next/static");
    expect(label("/_next/image")).toBe("/_next/image");
    expect(label("/favicon.ico")).toBe(PUBLIC_FILE);
    expect(label("/wp-login.php")).toBe(UNMATCHED);
    expect(label("/.env")).toBe(UNMATCHED);
  });

  it("methods outside the usual ones are one label", () => {
    expect(methodLabel("get")).toBe("GET");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(methodLabel(undefined)).toBe("other");
  });
});

describe("metrics", () => {
  enableProcessMetrics();
  const m = metrics();

  it("keeps the metric families' names and labels (dashboards and alerts depend on them)", () => {
    const families = (m.registry.getMetricsAsArray() as unknown as { name: string; labelNames: string[] }[])
      .map((f) => `${f.name}{${[...f.labelNames].sort().join(",")}}`)
      .sort();
    expect(families).toEqual([
      "beacon_cache_bytes{cache}",
      "beacon_cache_entries{cache}",
      "beacon_cache_lookups_total{cache,result}",
      "beacon_cache_max_bytes{cache}",
      "beacon_db_pool_connections{state}",
      "beacon_http_request_duration_seconds{method,route}",
      "beacon_http_requests_total{method,route,status}",
      "beacon_pull_outcomes_total{outcome}",
      "beacon_rate_limit_refusals_total{scope}",
      "beacon_sqlite_file_bytes{file}",
      "nodejs_active_handles_total{}",
      "nodejs_active_handles{type}",
      "nodejs_active_requests_total{}",
      "nodejs_active_requests{type}",
      "nodejs_active_resources_total{}",
      "nodejs_active_resources{type}",
      "nodejs_eventloop_lag_max_seconds{}",
      "nodejs_eventloop_lag_mean_seconds{}",
      "nodejs_eventloop_lag_min_seconds{}",
      "nodejs_eventloop_lag_p50_seconds{}",
      "nodejs_eventloop_lag_p90_seconds{}",
      "nodejs_eventloop_lag_p99_seconds{}",
      "nodejs_eventloop_lag_seconds{}",
      "nodejs_eventloop_lag_stddev_seconds{}",
      "nodejs_external_memory_bytes{}",
      "nodejs_gc_duration_seconds{kind}",
      "nodejs_heap_size_total_bytes{}",
      "nodejs_heap_size_used_bytes{}",
      "nodejs_heap_space_size_available_bytes{space}",
      "nodejs_heap_space_size_total_bytes{space}",
      "nodejs_heap_space_size_used_bytes{space}",
      "nodejs_version_info{major,minor,patch,version}",
      "process_cpu_seconds_total{}",
      "process_cpu_system_seconds_total{}",
      "process_cpu_user_seconds_total{}",
      "process_heap_bytes{}",
      "process_max_fds{}",
      "process_open_fds{}",
      "process_resident_memory_bytes{}",
      "process_start_time_seconds{}",
      "process_virtual_memory_bytes{}",
    ]);
  });

  it("renders what the hooks counted, in Prometheus text format", async () => {
    // The caches' one stats registry (the memory report reads it too) feeds the metrics.
    const cache = new VersionedCache<string>({ maxBytes: 4096, sizeOf: (s) => s.length });
    registerCache("unit_test_cache", () => cache.stats());
    for (const key of ["a", "b", "c"]) await cache.get(key, 1, async () => "x".repeat(100));
    await cache.get("a", 1, async () => "unused");
    await cache.get("b", 1, async () => "unused");
    countRateLimitRefusal("ip:10.0.0.1");
    countRateLimitRefusal("signin-user:alice");
    countPullOutcome("unchanged");
    countPullOutcome("something else");
    m.requests.inc({ route: "/v1/user.php", method: "GET", status: "200" });
    m.poolStats = () => ({ total: 4, idle: 3, waiting: 0 });
    const text = await m.registry.metrics();
    expect(text).toContain('beacon_cache_lookups_total{cache="unit_test_cache",result="hit"} 2');
    expect(text).toContain('beacon_cache_lookups_total{cache="unit_test_cache",result="miss"} 3');
    expect(text).toContain('beacon_cache_entries{cache="unit_test_cache"} 3');
    expect(text).toContain('beacon_cache_bytes{cache="unit_test_cache"} 300');
    expect(text).toContain('beacon_cache_max_bytes{cache="unit_test_cache"} 4096');
    expect(text).toContain('beacon_rate_limit_refusals_total{scope="ip"} 1');
    expect(text).toContain('beacon_rate_limit_refusals_total{scope="signin_account"} 1');
    expect(text).toContain('beacon_pull_outcomes_total{outcome="unchanged"} 1');
    expect(text).toContain('beacon_pull_outcomes_total{outcome="error"} 1');
    expect(text).toContain('beacon_db_pool_connections{state="waiting"} 0');
    expect(text).toMatch(/^# TYPE beacon_http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
  });

  it("a scrape costs well under 5 ms (median of 300 renders, measured; asserted loosely)", async () => {
    for (let i = 0; i < 30; i++) await m.registry.metrics();
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await m.registry.metrics();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[150]!;
    console.log(
      `metrics render: median ${median.toFixed(3)} ms, p90 ${times[270]!.toFixed(3)} ms over 300 (in-process, no HTTP)`,
    );
    expect(median).toBeLessThan(25);
  });

  it("/metrics answers only the bearer of the token, in constant-time comparison", async () => {
    const token = "t0k3n-for-the-unit-test-0123456789";
    expect((await serveMetrics({ method: "GET", authorization: undefined, token })).status).toBe(401);
    expect((await serveMetrics({ method: "GET", authorization: `Bearer ${token}x`, token })).status).toBe(401);
    expect((await serveMetrics({ method: "GET", authorization: `Basic ${token}`, token })).status).toBe(401);
    expect((await serveMetrics({ method: "POST", authorization: `Bearer ${token}`, token })).status).toBe(405);
    const ok = await serveMetrics({ method: "GET", authorization: `bearer ${token}`, token });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe("5xx replies and the logger", () => {
  it("5xx details carry the request id; 4xx details are unchanged", () => {
    const body = (r: { body: unknown }) => JSON.parse(String(r.body)) as { message: string; details: unknown };
    const out = new PassThrough();
    let logged = "";
    out.on("data", (d: Buffer) => (logged += d.toString()));
    setLogger(createLogger({ destination: out }));
    const failed = body(
      errorResponse(new Error("boom"), { requestId: "req-1", method: "GET", target: "/v1/user.php?token=T0P" }),
    );
    expect(failed).toEqual({ message: "Internal server error.", details: { request_id: "req-1" } });
    // The log line says what failed and names the same id; the reply says nothing internal.
    expect(JSON.parse(logged.trim().split("\n")[0]!)).toMatchObject({
      level: "error",
      msg: "unexpected error",
      req_id: "req-1",
      path: "/v1/user.php?token=[redacted]",
      err: { message: "boom" },
    });
    expect(
      body(errorResponse(new ApiError("bad_gateway", "Steam.", { mod_id: "1" }), { requestId: "req-2" })).details,
    ).toEqual({ mod_id: "1", request_id: "req-2" });
    expect(body(errorResponse(new ApiError("not_found", "No.", { ids: [] }), { requestId: "req-3" })).details).toEqual({
      ids: [],
    });
    expect(body(errorResponse(new Error("boom"))).details).toBeNull();
  });

  it("writes one JSON object per line with an ISO time and the level by name, and redacts secrets it is handed", () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    const log = createLogger({ level: "info", destination: out });
    log.info({ step: "migrate", headers: { authorization: "Basic c2VjcmV0" } }, "database ready");
    log.debug("hidden at info");
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "info",
      step: "migrate",
      msg: "database ready",
      headers: { authorization: "[redacted]" },
    });
    expect(String(line.time)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(text).not.toContain("c2VjcmV0");
  });

  it("writes the lines of one turn of the event loop together, an error line at once", async () => {
    const writes: string[] = [];
    const out = turnBufferedStdout({ write: (text) => writes.push(text), flushSync: () => {} });
    const log = createLogger({ level: "info", destination: out });
    for (let i = 0; i < 5; i++) log.info({ i }, "request");
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { i: number }).i),
    ).toEqual([0, 1, 2, 3, 4]);
    log.info({ i: 5 }, "request");
    log.error({ i: 6 }, "request");
    // The error goes out at once, with the line waiting before it, in their order.
    expect(writes).toHaveLength(2);
    expect(
      writes[1]!
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { i: number }).i),
    ).toEqual([5, 6]);
    log.warn({ i: 7 }, "request");
    out.flushSync();
    expect(writes).toHaveLength(3);
  });

  it("LOG_FORMAT=pretty renders the same events for a person", async () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    createLogger({ format: "pretty", destination: out }).warn({ step: "base_catalogue" }, "base catalogue: NOT LOADED");
    await new Promise((r) => setImmediate(r));
    expect(text).toMatch(
      /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\] WARN: base catalogue: NOT LOADED\n\s+step: "base_catalogue"/,
    );
  });

  it("console output becomes log lines once captured (Next.js's own lines)", () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    const saved = {
      log: console.log,
      error: console.error,
      warn: console.warn,
      info: console.info,
      debug: console.debug,
      trace: console.trace,
    };
    try {
      captureConsole(createLogger({ destination: out }));
      console.log("\x1b[32m✓\x1b[39m Ready in %d ms", 42);
      console.error(new Error("render failed"));
    } finally {
      Object.assign(console, saved);
    }
    const [ready, failed] = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ready).toMatchObject({ level: "info", source: "console", msg: "✓ Ready in 42 ms" });
    expect(failed).toMatchObject({ level: "error", source: "console", err: { message: "render failed" } });
  });
});
