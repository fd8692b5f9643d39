// Operators (docs/OPERATIONS.md#logs, #metrics) on the production server: X-Request-Id on every kind of
// reply and in 5xx details, one JSON log line per request with the fields operators
// need and none of the secrets (signatures, keys, cookies, query secrets, document
// content), and /metrics behind its bearer token with bounded labels. One dedicated
// server per engine (its logs must be readable here, and it needs METRICS_TOKEN).
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization, newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { dedicatedServer, type Dedicated } from "../support/hostile";
import { startEarlyInMinute } from "../support/rate-window";
import { steamItem } from "../support/steam";

const engine = inject("engine");
const TOKEN = `metrics-${randomUUID()}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PER_USER = 5;

let dedicated: Dedicated;
let base: string;
beforeAll(async () => {
  dedicated = await dedicatedServer("observe", {
    METRICS_TOKEN: TOKEN,
    TRUST_PROXY: "true",
    LOG_LEVEL: "info",
    RATE_LIMIT_PER_MINUTE: String(PER_USER),
  });
  base = dedicated.server.url;
}, 120_000);
afterAll(async () => dedicated?.close());

interface LogLine {
  level: string;
  time: string;
  msg: string;
  req_id?: string;
  method?: string;
  path?: string;
  route?: string;
  status?: number;
  duration_ms?: number;
  user_id?: string;
  client?: string;
  [key: string]: unknown;
}

/** The server's output so far, as parsed lines (Next.js's own warnings, if any, are plain text). */
function logLines(): LogLine[] {
  return dedicated.server
    .logs()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
}

/** The request line of request `id`, once the server has written it. */
async function requestLine(id: string): Promise<LogLine> {
  for (let i = 0; i < 100; i++) {
    const line = logLines().find((l) => l.msg === "request" && l.req_id === id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no log line for request ${id}`);
}

async function signed(
  who: Identity,
  method: string,
  target: string,
  body = "",
  headers: Record<string, string> = {},
): Promise<Response> {
  const bytes = Buffer.from(body);
  const authorization = basicAuthorization(who, signedContent(method, base, target, bytes));
  return fetch(`${base}${target}`, {
    method,
    headers: { authorization, "content-type": "application/json", ...headers },
    body: method === "GET" || method === "HEAD" ? undefined : bytes,
  });
}

async function register(who: Identity): Promise<void> {
  const res = await fetch(`${base}/v1/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user_id: who.userId, public_key: publicKeyPem(who) }),
  });
  expect(res.status).toBe(200);
}

describe(`request ids on ${engine}`, () => {
  it("every kind of reply carries one: v1, /healthz, /metrics, Next.js pages, the 404 page", async () => {
    for (const path of ["/v1/engram.php?mod_id=", "/healthz", "/metrics", "/documents", "/no/such/page"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("x-request-id"), path).toMatch(UUID);
      const line = await requestLine(res.headers.get("x-request-id")!);
      expect(line.status, path).toBe(res.status);
    }
  });

  it("a trusted proxy's id is kept; a malformed one is replaced; an untrusting server ignores the client's", async () => {
    const kept = await fetch(`${base}/healthz`, { headers: { "x-request-id": "nginx-0f3a9c" } });
    expect(kept.headers.get("x-request-id")).toBe("nginx-0f3a9c");
    const replaced = await fetch(`${base}/healthz`, { headers: { "x-request-id": "two words" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    // The shared server of this project runs with TRUST_PROXY=false.
    const shared = await fetch(`${inject("serverUrl")}/healthz`, { headers: { "x-request-id": "chosen-by-client" } });
    expect(shared.headers.get("x-request-id")).toMatch(UUID);
  });

  it("a 5xx names the request id in its details, the same as the header and the log line", async () => {
    const who = newIdentity();
    await register(who);
    const id = await steamItem({ failure: "http500" });
    const res = await signed(who, "POST", "/v1/mod.php", JSON.stringify({ mod_id: id }), {
      "x-request-id": `trace-${id}`,
    });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { details: { request_id?: string } };
    expect(res.headers.get("x-request-id")).toBe(`trace-${id}`);
    expect(body.details.request_id).toBe(`trace-${id}`);
    expect(await requestLine(`trace-${id}`)).toMatchObject({
      level: "error",
      status: 502,
      route: "/v1/mod.php",
      user_id: who.userId,
    });
  });
});

describe(`request logs on ${engine}`, () => {
  it("one JSON line per request, with id, method, path, route, status, duration, signer and client", async () => {
    const who = newIdentity();
    await register(who);
    const docId = randomUUID();
    const res = await signed(
      who,
      "POST",
      "/v1/document.php",
      JSON.stringify({ Identifier: docId, Title: "Logged", Description: "x" }),
      { "x-forwarded-for": "203.0.113.9" },
    );
    expect(res.status).toBe(200);
    const line = await requestLine(res.headers.get("x-request-id")!);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "POST",
      path: "/v1/document.php",
      route: "/v1/document.php",
      status: 200,
      user_id: who.userId,
      client: "203.0.113.9",
    });
    expect(typeof line.duration_ms).toBe("number");
    expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // An unsigned read names no user; a page gets its route pattern, not its path.
    const page = await fetch(`${base}/documents/${docId}`);
    expect(await requestLine(page.headers.get("x-request-id")!)).toMatchObject({
      route: "/documents/[id]",
      path: `/documents/${docId}`,
      status: 200,
    });
    expect((await requestLine(page.headers.get("x-request-id")!)).user_id).toBeUndefined();
    // Start-up steps are lines too.
    expect(logLines().some((l) => l.step === "migrate" && /database .* ready/.test(l.msg))).toBe(true);
    expect(logLines().some((l) => l.step === "listen")).toBe(true);
  });

  it("never logs a signature, an Authorization header, a key, a cookie, a query secret or document content", async () => {
    const who = newIdentity();
    const pem = publicKeyPem(who);
    await register(who);
    const marker = `MARKER${randomUUID().replace(/-/g, "")}`;
    const docId = randomUUID();
    const body = JSON.stringify({
      Identifier: docId,
      Title: `Title ${marker}T`,
      Description: `Description ${marker}D`,
      Secret: `${marker}C`,
    });
    const authorization = basicAuthorization(who, signedContent("POST", base, "/v1/document.php", Buffer.from(body)));
    const signature = Buffer.from(authorization.slice(6), "base64").toString().split(":")[1]!;
    const posted = await fetch(`${base}/v1/document.php`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json", cookie: `session=${marker}K` },
      body,
    });
    expect(posted.status).toBe(200);
    // A bad signature (401 details name the lines, never the body), a download, a query secret, a cookie on a page.
    const bad = await fetch(`${base}/v1/document.php`, {
      method: "POST",
      headers: { authorization: authorization.replace(/.{4}$/, "AAAA"), "content-type": "application/json" },
      body,
    });
    expect(bad.status).toBe(401);
    const downloaded = await fetch(`${base}/v1/document.php/${docId}`);
    expect(Buffer.from(await downloaded.arrayBuffer()).toString()).toBe(body);
    const query = await fetch(`${base}/v1/document.php?count=1&token=${marker}Q&access_token=${marker}A`);
    expect(query.status).toBe(200);
    await fetch(`${base}/documents`, { headers: { cookie: `authjs.session-token=${marker}S` } });
    const rateLimited = [];
    await startEarlyInMinute(55_000);
    for (let i = 0; i < PER_USER + 1; i++) rateLimited.push((await signed(who, "GET", "/v1/mod.php")).status);
    expect(rateLimited).toContain(429);
    await requestLine(query.headers.get("x-request-id")!);

    const logs = dedicated.server.logs();
    for (const secret of [
      marker,
      signature,
      signature.toUpperCase(),
      authorization.slice(6),
      pem.split("\n")[1]!,
      createHash("sha256").update(body).digest("hex"),
    ]) {
      expect(logs.includes(secret), `the logs contain ${secret.slice(0, 20)}...`).toBe(false);
    }
    expect((await requestLine(query.headers.get("x-request-id")!)).path).toBe(
      "/v1/document.php?count=1&token=[redacted]&access_token=[redacted]",
    );
    // Every line the server wrote is JSON (a log shipper parses each).
    for (const l of logs.split("\n").filter((x) => x.trim() !== "")) expect(() => JSON.parse(l), l).not.toThrow();
  });
});

describe(`/metrics on ${engine}`, () => {
  const scrape = (token = TOKEN) => fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });

  it("answers only the bearer of METRICS_TOKEN", async () => {
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(((await none.json()) as { message: string }).message).toMatch(/METRICS_TOKEN/);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    // Without a token configured there is no /metrics at all (the shared server): Next.js's 404.
    expect(
      (await fetch(`${inject("serverUrl")}/metrics`, { headers: { authorization: "Bearer anything-at-all-16" } }))
        .status,
    ).toBe(404);
  });

  it("counts requests by route pattern, method and status; labels never carry raw paths or ids", async () => {
    const who = newIdentity();
    await register(who);
    for (let i = 0; i < 3; i++) await fetch(`${base}/v1/user.php/${who.userId}`);
    await fetch(`${base}/documents/${randomUUID()}`);
    await fetch(`${base}/wp-admin/${randomUUID()}.php`);
    const text = await (await scrape()).text();
    expect(text).toMatch(/^beacon_http_requests_total\{route="\/v1\/user\.php",method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(/^beacon_http_requests_total\{route="\/documents\/\[id\]",method="GET",status="\d+"\} \d+$/m);
    expect(text).toMatch(/^beacon_http_requests_total\{route="\(unmatched\)",method="GET",status="404"\} \d+$/m);
    expect(text).toMatch(
      /^beacon_http_request_duration_seconds_bucket\{le="0\.005",route="\/v1\/user\.php",method="GET"\} \d+$/m,
    );
    expect(text).toMatch(/^beacon_rate_limit_refusals_total\{scope="user"\} [1-9]\d*$/m);
    expect(text).toMatch(/^beacon_cache_lookups_total\{cache="public_keys",result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^beacon_cache_entries\{cache="public_keys"\} [1-9]\d*$/m);
    // Bytes and bounds from the caches' one registry (the memory report's too).
    expect(text).toMatch(/^beacon_cache_bytes\{cache="public_keys"\} [1-9]\d*$/m);
    expect(text).toMatch(/^beacon_cache_max_bytes\{cache="public_keys"\} 4194304$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^beacon_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    if (engine === "postgresql") expect(text).toMatch(/^beacon_db_pool_connections\{state="waiting"\} \d+$/m);
    else expect(text).toMatch(/^beacon_sqlite_file_bytes\{file="database"\} [1-9]\d*$/m);
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    expect(labelValues.filter((v) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(v) || v.includes("wp-admin"))).toEqual([]);
  });

  it("a scrape is cheap: median of 200 scrapes (measured; asserted loosely)", async () => {
    for (let i = 0; i < 20; i++) await (await scrape()).text();
    const times: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const res = await scrape();
      await res.text();
      times.push(performance.now() - t);
      ids.push(res.headers.get("x-request-id")!);
    }
    // The server's own time per scrape: its log lines' duration (arrival to end of reply).
    await requestLine(ids.at(-1)!);
    const byId = new Map(
      logLines()
        .filter((l) => l.msg === "request")
        .map((l) => [l.req_id, l.duration_ms!]),
    );
    const server = ids.map((id) => byId.get(id)!).sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    console.log(
      `${engine} /metrics: server time median ${server[100]!.toFixed(2)} ms, p90 ${server[180]!.toFixed(2)} ms; ` +
        `client round trip median ${times[100]!.toFixed(2)} ms, p90 ${times[180]!.toFixed(2)} ms (200 scrapes, keep-alive, busy machine)`,
    );
    expect(server[100]!).toBeLessThan(25);
  });
});
