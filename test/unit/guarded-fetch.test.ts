// docs/CONTRACT.md#pull guard of pull fetches, against real local HTTP servers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedIpv4, isForbiddenAddress } from "@/lib/pull/address-policy";
import { FetchRefused, guardedFetch } from "@/lib/pull/guarded-fetch";

const servers: http.Server[] = [];
async function serve(host: string, handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

let local: string; // 127.0.0.1: private
let publicish: string; // 127.0.0.2: declared public in the tests that need a public hop
let requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  local = await serve("127.0.0.1", (req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/ok")
        return res.writeHead(200, { "content-type": "application/json", etag: '"v1"' }).end("[]");
      if (url.pathname === "/redirect") {
        const n = Number(url.searchParams.get("n"));
        return res.writeHead(302, { location: n > 1 ? `/redirect?n=${n - 1}` : "/ok" }).end();
      }
      if (url.pathname === "/declared-big")
        return res.writeHead(200, { "content-length": String(11 * 1024 * 1024) }).end();
      if (url.pathname === "/streamed-big") {
        res.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        for (let i = 0; i < 11; i++) res.write(chunk);
        return res.end();
      }
      if (url.pathname === "/slow") return; // never answers
      if (url.pathname === "/conditional") {
        return req.headers["if-none-match"] === '"v1"'
          ? res.writeHead(304).end()
          : res.writeHead(200, { etag: '"v1"' }).end("x");
      }
      res.writeHead(404).end();
    });
  });
  publicish = await serve("127.0.0.2", (req, res) => {
    res.writeHead(302, { location: `${local}/ok` }).end();
  });
});

const allow = { allowPrivate: true };
const refused = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(FetchRefused);
/** Refused because of the address policy, not because nothing listens there. */
const refusedAsPrivate = (p: Promise<unknown>) => expect(p).rejects.toThrow(/private or reserved/);

describe("guarded fetch, private hosts allowed (tests)", () => {
  it("fetches, and follows up to 3 redirects", async () => {
    expect((await guardedFetch(`${local}/ok`, {}, allow)).body.toString()).toBe("[]");
    const res = await guardedFetch(`${local}/redirect?n=3`, {}, allow);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${local}/ok`);
  });

  it("refuses a 4th redirect", async () => {
    await refused(guardedFetch(`${local}/redirect?n=4`, {}, allow));
  });

  it("refuses files over the size limit, declared or streamed", async () => {
    await refused(guardedFetch(`${local}/declared-big`, {}, allow));
    await refused(guardedFetch(`${local}/streamed-big`, {}, allow));
    expect(
      (await guardedFetch(`${local}/streamed-big`, {}, { ...allow, maxBytes: 12 * 1024 * 1024 })).body.length,
    ).toBe(11 * 1024 * 1024);
  });

  it("gives up after the time limit", async () => {
    const started = Date.now();
    await refused(guardedFetch(`${local}/slow`, {}, { ...allow, timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("sends conditional headers and returns 304 as is", async () => {
    const res = await guardedFetch(`${local}/conditional`, { headers: { "if-none-match": '"v1"' } }, allow);
    expect(res.status).toBe(304);
  });

  it("posts form bodies (error reports)", async () => {
    requests = [];
    await guardedFetch(
      `${local}/ok`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "mod_id=1&message=bad",
      },
      allow,
    );
    expect(requests[0]).toMatchObject({ method: "POST", body: "mod_id=1&message=bad" });
  });

  it("refuses other schemes and credentials", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://127.0.0.1/x",
      "gopher://127.0.0.1:70/",
      "javascript:alert(1)",
      "not a url",
      `http://user:pw@127.0.0.1/`,
    ]) {
      await refused(guardedFetch(url, {}, allow));
    }
  });
});

describe("guarded fetch, private hosts refused (production default)", () => {
  it.each([
    ["a literal loopback address", () => `${local}/ok`],
    ["localhost by name", () => `${local.replace("127.0.0.1", "localhost")}/ok`],
    ["IPv6 loopback", () => "http://[::1]:9/ok"],
    ["IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${new URL(local).port}/ok`],
    ["decimal loopback", () => `http://2130706433:${new URL(local).port}/ok`],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/"],
    ["a private network", () => "http://10.1.2.3/"],
    ["unique-local IPv6", () => "http://[fd00::1]/"],
    ["link-local IPv6", () => "http://[fe80::1]/"],
    ["the unspecified address", () => "http://0.0.0.0/"],
  ])("refuses %s", async (_name, url) => {
    requests = [];
    await refusedAsPrivate(guardedFetch(url()));
    expect(requests).toHaveLength(0);
  });

  it("refuses a name that resolves to a private address, even among public ones", async () => {
    requests = [];
    await refusedAsPrivate(
      guardedFetch("http://evil.test/ok", {}, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] }),
    );
    await refusedAsPrivate(
      guardedFetch(
        "http://evil.test/ok",
        {},
        {
          resolve: async () => [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.1", family: 4 },
          ],
        },
      ),
    );
    expect(requests).toHaveLength(0);
  });

  it("refuses a redirect from a public host to a private one", async () => {
    requests = [];
    // Control: with both hops public the redirect is followed to the end.
    expect((await guardedFetch(`${publicish}/`, {}, { treatAsPublic: ["127.0.0.2", "127.0.0.1"] })).status).toBe(200);
    requests = [];
    await expect(guardedFetch(`${publicish}/`, {}, { treatAsPublic: ["127.0.0.2"] })).rejects.toThrow(
      /127\.0\.0\.1 is a private or reserved address/,
    );
    expect(requests).toHaveLength(0);
  });
});

describe("address policy", () => {
  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd12::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
      "64:ff9b::a00:1",
      "not-an-ip",
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "172.32.0.1"]) {
      expect(isForbiddenAddress(a), a).toBe(false);
    }
    expect(embeddedIpv4("::ffff:7f00:1")).toBe("127.0.0.1");
  });
});
