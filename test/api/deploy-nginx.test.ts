// Deployment (docs/CONTRACT.md#instances, deploy/): two instances on one PostgreSQL database behind Debian's
// nginx running deploy/nginx/beacon-hub.conf itself (test/support/nginx.ts changes only
// its upstream servers, listen address and log paths). Through the proxy: the signed
// API's main journeys with signatures over the proxy's address, caches coherent across
// instances, rate limits per client with TRUST_PROXY, and a SIGKILLed instance routed
// around with no failed GET. PostgreSQL only: two instances need a shared database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, type ClientResponse } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { client, confirmModOn, registerUser } from "../support/hostile";
import { killServer } from "../support/kill-server";
import { findNginx, startNginx, type Nginx } from "../support/nginx";
import { startEarlyInMinute } from "../support/rate-window";
import { installCommand, requireTool } from "../support/required-tool";
import { freePort, startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const nginxBinary = engine === "postgresql" ? findNginx() : null;
if (engine === "postgresql") requireTool("nginx", nginxBinary !== null, installCommand("nginx"));
/** RATE_LIMIT_IP_PER_MINUTE of the second pair of instances */
const PER_IP = 6;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An unsigned request from a chosen loopback address, so nginx sees different clients. */
function requestFrom(
  url: string,
  target: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, localAddress, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const engram = (mod: string, name: string) => ({
  path: `/Game/Mods/Deploy${mod}/${name}.${name}`,
  label: `Deploy ${name}`,
  mod_id: mod,
  environments: ["Island"],
  can_blueprint: true,
});
const labels = (res: ClientResponse) => res.json<{ label: string }[]>().map((e) => e.label);
/** The instance that finally answered, from a line of the site's beacon_hub log format. */
const upstreamsTried = (line: string) => /upstream=(\S+(?:, \S+)*) upstream_status/.exec(line)?.[1]?.split(", ") ?? [];
const finalUpstream = (line: string) => upstreamsTried(line).pop();
/** The instances that answered these lines ("-": nginx answered itself). */
const answeredBy = (lines: string[]) => new Set(lines.map(finalUpstream).filter((u) => u !== "-"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(nginxBinary !== null)("deployment behind nginx (deploy/nginx/beacon-hub.conf)", () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let proxy: Nginx;
  let limitedA: TestServer;
  let limitedB: TestServer;
  let limitedProxy: Nginx;

  beforeAll(async () => {
    database = await createTestDatabase("postgresql", "deploy");
    const [port, limitedPort] = [await freePort(), await freePort()];
    // Clients sign the proxy's address (BASE_URL), whichever instance answers.
    const env = (proxyPort: number) => ({
      DATABASE_URL: database.url,
      STEAM_API_URL: inject("steamUrl"),
      BASE_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: "true",
    });
    // A second pair with a small per-address limit, so the journeys above never meet it.
    const limited = { ...env(limitedPort), RATE_LIMIT_IP_PER_MINUTE: String(PER_IP) };
    [a, b, limitedA, limitedB] = await Promise.all([
      startServer(env(port)),
      startServer(env(port)),
      startServer(limited),
      startServer(limited),
    ]);
    proxy = await startNginx(nginxBinary!, [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`], "127.0.0.1", port);
    limitedProxy = await startNginx(
      nginxBinary!,
      [`127.0.0.1:${limitedA.port}`, `127.0.0.1:${limitedB.port}`],
      "127.0.0.1",
      limitedPort,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([proxy?.stop(), limitedProxy?.stop()]);
    await Promise.all([a, b, limitedA, limitedB].map((s) => s?.stop()));
    await database?.drop();
  });

  /** A client of instance `server` directly, signing the proxy's address as every client does. */
  const direct = (server: TestServer, identity?: Identity) =>
    createClient({ serverUrl: server.url, baseUrl: proxy.url, identity });

  it("serves the signed API's journeys through nginx: user, mod confirmed through Steam, engrams, documents", async () => {
    const who = await registerUser(proxy.url);
    const mod = await confirmModOn(proxy.url, who);
    const api = client(proxy.url, who);
    expect((await api.request("POST", "/v1/engram.php", { body: [engram(mod, "A"), engram(mod, "B")] })).status).toBe(
      200,
    );
    expect(labels(await api.request("GET", `/v1/engram.php?mod_id=${mod}`))).toEqual(["Deploy A", "Deploy B"]);
    // The request line reaches the app as sent: a signature over a path of escapes
    // (the app decodes them, nginx must not) and an odd query still verifies.
    const escaped = `/v1/mod.php/${[...mod].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("")}?_=%7e%2F%20a+b`;
    const odd = await api.request("GET", escaped);
    expect(odd.status, odd.text()).toBe(200);
    expect(odd.json()).toMatchObject({ mod_id: mod, confirmed: true });
    // Targets the app refuses are refused the same way through nginx ("//" kept as sent).
    for (const target of [`/v1/mod.php//${mod}`, `//v1/mod.php`, `/v1/mod.php/${mod}%2C`]) {
      const [through, straight] = [await api.request("GET", target), await direct(a, who).request("GET", target)];
      expect([through.status, through.text()], target).toEqual([straight.status, straight.text()]);
    }
    // A malformed escape: nginx answers its own 400 page before any instance sees it.
    expect((await api.request("GET", "/v1/mod.php/%zz")).status).toBe(400);
    // Signatures are checked against the proxy's address: one made for an instance's own address is refused.
    const wrongBase = createClient({ serverUrl: proxy.url, baseUrl: a.url, identity: who });
    expect((await wrongBase.request("GET", "/v1/mod.php")).status).toBe(401);

    const id = randomUUID();
    const v1 = `{ "Identifier": "${id}", "Title": "Deployed",  "Version": 1 }`;
    expect((await api.request("POST", "/v1/document.php", { body: v1, contentType: "application/json" })).status).toBe(
      200,
    );
    expect((await api.request("GET", `/v1/document.php/${id}`)).text()).toBe(v1);
    const v2 = `{"Identifier":"${id}","Title":"Deployed again","Version":2}`;
    expect((await api.request("POST", "/v1/document.php", { body: v2, contentType: "application/json" })).status).toBe(
      200,
    );
    const meta = (await api.request("GET", `/v1/document.php/${id}?simple`)).json();
    expect(meta).toMatchObject({
      document_id: id,
      user_id: who.userId,
      name: "Deployed again",
      revision: 2,
      download_count: 1,
      resource_url: `${proxy.url}/v1/document.php/${id}`,
    });
    expect((await api.request("GET", `/v1/document.php/${id}`)).text()).toBe(v2);
    // Both instances answered some of these (least_conn spreads them).
    const upstreams = answeredBy(proxy.accessLog());
    expect(upstreams).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it("one request id in nginx's log, the instance's log line and the reply; a client's own id is replaced; /metrics is not served through nginx", async () => {
    const res = await requestFrom(proxy.url, "/v1/engram.php?mod_id=", "127.0.0.1", {
      "x-request-id": "chosen-by-the-client",
    });
    expect(res.status).toBe(200);
    const id = String(res.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await sleep(200);
    expect(proxy.accessLog().filter((l) => l.endsWith(` id=${id}`))).toHaveLength(1);
    const instanceLines = [a, b].flatMap((s) => s.logs().split("\n")).filter((l) => l.includes(`"req_id":"${id}"`));
    expect(instanceLines).toHaveLength(1);
    expect(JSON.parse(instanceLines[0]!)).toMatchObject({
      msg: "request",
      route: "/v1/engram.php",
      status: 200,
      client: "127.0.0.1",
    });
    expect(
      (await requestFrom(proxy.url, "/metrics", "127.0.0.1", { authorization: "Bearer whatever-token-value" })).status,
    ).toBe(403);
  });

  it("keeps caches coherent: a write through one instance is read at once through the other and through nginx", async () => {
    const who = await registerUser(proxy.url);
    const mod = await confirmModOn(proxy.url, who);
    const [viaA, viaB, viaProxy] = [direct(a, who), direct(b, who), client(proxy.url, who)];
    const path = `/v1/engram.php?mod_id=${mod}`;
    // Warm every cache: both instances, and nginx's round of both.
    for (const c of [viaA, viaB, viaProxy, viaProxy]) expect(labels(await c.request("GET", path))).toEqual([]);
    expect((await viaA.request("POST", "/v1/engram.php", { body: engram(mod, "Fresh") })).status).toBe(200);
    expect(labels(await viaB.request("GET", path))).toEqual(["Deploy Fresh"]);
    for (let i = 0; i < 4; i++) expect(labels(await viaProxy.request("GET", path))).toEqual(["Deploy Fresh"]);

    const id = randomUUID();
    expect(
      (await viaProxy.request("POST", "/v1/document.php", { body: { Identifier: id, Title: "First" } })).status,
    ).toBe(200);
    const meta = async (c: typeof viaA) =>
      (await c.request("GET", `/v1/document.php/${id}?simple`)).json<{ name: string; revision: number }>();
    expect(await meta(viaB)).toMatchObject({ name: "First", revision: 1 });
    expect((await viaA.request("POST", "/v1/document.php", { body: { Identifier: id, Title: "Second" } })).status).toBe(
      200,
    );
    expect(await meta(viaB)).toMatchObject({ name: "Second", revision: 2 });
    for (let i = 0; i < 2; i++) expect(await meta(viaProxy)).toMatchObject({ name: "Second", revision: 2 });
    // A deleted user's cached key stops working on the other instance and through nginx.
    expect((await viaB.request("GET", "/v1/mod.php")).status).toBe(200);
    expect((await viaA.request("DELETE", `/v1/user.php/${who.userId}`)).status).toBe(200);
    expect((await viaB.request("GET", "/v1/mod.php")).status).toBe(401);
    expect((await viaProxy.request("GET", "/v1/mod.php")).status).toBe(401);
  });

  it("passes replies through unchanged: no second compression, the app's ETags and 304s", async () => {
    const who = await registerUser(proxy.url);
    const mod = await confirmModOn(proxy.url, who);
    await client(proxy.url, who).request("POST", "/v1/engram.php", {
      body: Array.from({ length: 40 }, (_, i) => engram(mod, `Z${i}`)),
    });
    for (const target of [`/v1/user.php/${who.userId}`, `/v1/engram.php?mod_id=${mod}`, "/healthz"]) {
      const headers = { "accept-encoding": "gzip" };
      const [through, straight] = [
        await requestFrom(proxy.url, target, "127.0.0.1", headers),
        await requestFrom(a.url, target, "127.0.0.1", headers),
      ];
      expect(through.status, target).toBe(200);
      expect([through.headers["content-encoding"], through.headers["etag"]], target).toEqual([
        straight.headers["content-encoding"],
        straight.headers["etag"],
      ]);
      expect(through.body.equals(straight.body), target).toBe(true);
    }
    // The small user reply is not compressed by the app, the catalogue is: nginx changed neither.
    const user = await requestFrom(proxy.url, `/v1/user.php/${who.userId}`, "127.0.0.1", { "accept-encoding": "gzip" });
    expect(user.headers["content-encoding"]).toBeUndefined();
    const catalogue = await requestFrom(proxy.url, `/v1/engram.php?mod_id=${mod}`, "127.0.0.1", {
      "accept-encoding": "gzip",
    });
    expect(catalogue.headers["content-encoding"]).toBe("gzip");
    const etag = String(catalogue.headers["etag"]);
    expect(etag).toMatch(/^"/);
    expect(
      (await requestFrom(proxy.url, `/v1/engram.php?mod_id=${mod}`, "127.0.0.1", { "if-none-match": etag })).status,
    ).toBe(304);
  });

  it("counts rate limits per client behind nginx (TRUST_PROXY), shared by both instances", async () => {
    const target = "/v1/engram.php?mod_id=1";
    // The refusals after the 2.5 s wait below are counts of this same minute (a CI run
    // once crossed into the next one there and got 200s).
    await startEarlyInMinute();
    const before = limitedProxy.accessLog().length;
    // One client (127.0.0.2) until refused: each instance lets at most PER_IP through on
    // its own counts, so the refusal comes within 2 x PER_IP requests.
    const statuses: number[] = [];
    let refused: Reply | undefined;
    while (!refused && statuses.length <= 2 * PER_IP) {
      const res = await requestFrom(limitedProxy.url, target, "127.0.0.2");
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(200));
    expect(refused, statuses.join(",")).toBeDefined();
    expect(JSON.parse(refused!.body.toString())).toMatchObject({ details: { scope: "client address", limit: PER_IP } });
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(answeredBy(limitedProxy.accessLog().slice(before)).size).toBe(2);
    // Another client behind the same nginx has its own count, untouched.
    const other = await requestFrom(limitedProxy.url, target, "127.0.0.3");
    expect([other.status, other.headers["ratelimit-remaining"]]).toEqual([200, String(PER_IP - 1)]);
    // A client cannot pick another address: nginx appends the real one, the app takes it.
    expect(
      (await requestFrom(limitedProxy.url, target, "127.0.0.2", { "x-forwarded-for": "198.51.100.7" })).status,
    ).toBe(429);
    // Once both instances have shared their counts (about once a second), both refuse it.
    await sleep(2500);
    const later = [
      await requestFrom(limitedProxy.url, target, "127.0.0.2"),
      await requestFrom(limitedProxy.url, target, "127.0.0.2"),
    ];
    expect(later.map((r) => r.status)).toEqual([429, 429]);
    for (const server of [limitedA, limitedB]) {
      expect(
        (await client(server.url).request("GET", target, { headers: { "x-forwarded-for": "127.0.0.2" } })).status,
      ).toBe(429);
    }
  });

  it("counts 1,000 downloads from three clients: download_count +1,000, unique downloads +3, and both instances agree", async () => {
    const who = await registerUser(proxy.url);
    const id = randomUUID();
    const published = await client(proxy.url, who).request("POST", "/v1/document.php", {
      body: { Identifier: id, Title: "Popular" },
    });
    expect(published.status).toBe(200);
    const stats = async (url: string) =>
      JSON.parse((await requestFrom(url, `/v1/document.php/${id}?simple&stats`, "127.0.0.1")).body.toString()) as {
        download_count: number;
        unique_downloads: number;
        unique_downloads_7d: number;
      };
    expect(await stats(proxy.url)).toMatchObject({ download_count: 0, unique_downloads: 0 });

    // Three clients on three /24 networks as nginx sees them (it passes each on in
    // X-Forwarded-For); six at a time, so least_conn gives each client to both instances.
    const clients = ["127.0.0.4", "127.0.1.4", "127.0.2.4"];
    const before = proxy.accessLog().length;
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < 1000) {
          const i = next++;
          statuses.push((await requestFrom(proxy.url, `/v1/document.php/${id}`, clients[i % 3]!)).status);
        }
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1000);
    await sleep(200);
    const downloads = proxy
      .accessLog()
      .slice(before)
      .filter((l) => l.includes(`"GET /v1/document.php/${id} `));
    expect(downloads).toHaveLength(1000);
    for (const c of clients)
      expect(answeredBy(downloads.filter((l) => l.startsWith(`${c} `))), c).toEqual(
        new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]),
      );

    // Each instance sends the networks it saw about once a second; the database counts each once.
    const deadline = Date.now() + 10_000;
    while ((await stats(a.url)).unique_downloads < 3 && Date.now() < deadline) await sleep(100);
    await sleep(2500);
    const [viaA, viaB, viaProxy] = [await stats(a.url), await stats(b.url), await stats(proxy.url)];
    expect(viaA).toMatchObject({ download_count: 1000, unique_downloads: 3, unique_downloads_7d: 3 });
    expect(viaB).toEqual(viaA);
    expect(viaProxy).toEqual(viaA);
    // The v1 reply is the interface's, with the same count.
    const plain = JSON.parse(
      (await requestFrom(proxy.url, `/v1/document.php/${id}?simple`, "127.0.0.1")).body.toString(),
    );
    expect(plain).not.toHaveProperty("unique_downloads");
    expect(plain.download_count).toBe(1000);
  });

  it("routes around a SIGKILLed instance: no GET fails", async () => {
    const who = await registerUser(proxy.url);
    const mod = await confirmModOn(proxy.url, who);
    const api = client(proxy.url, who);
    await api.request("POST", "/v1/engram.php", { body: [engram(mod, "K1"), engram(mod, "K2")] });
    const id = randomUUID();
    await api.request("POST", "/v1/document.php", { body: { Identifier: id, Title: "Kept" } });
    const targets = [
      `/v1/engram.php?mod_id=${mod}`,
      `/v1/document.php/${id}?simple`,
      `/v1/user.php/${who.userId}`,
      "/v1/mod.php",
    ];

    let running = true;
    let sent = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (running) {
        const target = targets[sent++ % targets.length]!;
        try {
          const res = await api.request("GET", target);
          if (res.status !== 200) failures.push(`${target}: ${res.status} ${res.text().slice(0, 200)}`);
        } catch (err) {
          failures.push(`${target}: ${(err as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await sleep(1000);
    const atKill = proxy.accessLog().length;
    await killServer(b);
    const afterKill = proxy.accessLog().length;
    await sleep(2500);
    running = false;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    const log = proxy.accessLog();
    const [aAddr, bAddr] = [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`];
    expect(log.length - atKill).toBeGreaterThan(100);
    // Before the kill both instances served; some request found b dead and was moved to
    // a; every request sent after the kill was answered by a.
    expect(answeredBy(log.slice(0, atKill))).toEqual(new Set([aAddr, bAddr]));
    expect(log.slice(atKill).some((line) => line.includes(`upstream=${bAddr}, ${aAddr}`))).toBe(true);
    expect(answeredBy(log.slice(afterKill + 4))).toEqual(new Set([aAddr]));
    console.log(`deploy-nginx: ${sent} GETs through nginx, ${log.length - atKill} after the SIGKILL, none failed`);
  });
});

// Which failures move a request to the next instance, on two stand-in upstreams that
// fail every request: a GET is tried on both, a POST that reached one is never sent to
// the other (no "non_idempotent" in proxy_next_upstream), whether the first instance
// dropped the connection or answered 503.
describe.runIf(nginxBinary !== null)("nginx retries only what is safe to send twice", () => {
  const received: string[] = [];
  const failing: http.Server[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = http.createServer((req, res) => {
        received.push(`${req.method} ${req.url}`);
        req.resume();
        if (req.url === "/v1/drop") req.socket.destroy();
        else res.writeHead(503, { "content-type": "text/plain" }).end("unavailable");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      failing.push(server);
    }
  });
  afterAll(async () => {
    await Promise.all(failing.map((s) => new Promise((r) => s.close(r))));
  });

  it.each([
    ["GET", "/v1/drop", 502, 2],
    ["POST", "/v1/drop", 502, 1],
    ["GET", "/v1/busy", 503, 2],
    ["POST", "/v1/busy", 503, 1],
  ])("%s %s: %i to the client after %i attempt(s)", async (method, target, status, attempts) => {
    // A fresh nginx each time: a failure marks an instance down for fail_timeout.
    const proxy = await startNginx(
      nginxBinary!,
      failing.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`),
      "127.0.0.1",
      await freePort(),
    );
    try {
      received.length = 0;
      const res = await client(proxy.url).request(method, target, method === "POST" ? { body: { n: 1 } } : {});
      expect(res.status).toBe(status);
      expect(received).toEqual(Array(attempts).fill(`${method} ${target}`));
      // nginx logs the request once the reply is sent: wait for the line.
      for (let i = 0; i < 50 && proxy.accessLog().length === 0; i++) await sleep(20);
      expect(upstreamsTried(proxy.accessLog()[0] ?? "")).toHaveLength(attempts);
    } finally {
      await proxy.stop();
    }
  });
});
