// The address guard of every URL a user gives (pull URLs, webhook targets), against real
// local HTTP servers: the fetch limits, then every address form an attacker would try,
// through the policy and through a real fetch at a listener that counts its hits.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { LookupAddress } from "node:dns";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GLOBAL_UNICAST_IPV6,
  IPV4_CARRYING_IPV6,
  isForbiddenAddress,
  isIpv4Mapped,
  judgeAddress,
  parseAddress,
  REFUSED_IPV4,
  REFUSED_IPV6,
} from "@/lib/net/address-policy";
import { ADDRESS_NOT_ALLOWED, FetchRefused, guardedFetch, type GuardOptions } from "@/lib/net/guarded-fetch";

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
/** Refused by the address policy (not because nothing listens there), in words that name no address. */
const refusedAsPrivate = (p: Promise<unknown>) =>
  expect(p).rejects.toMatchObject({ name: "FetchRefused", kind: "address", message: ADDRESS_NOT_ALLOWED });

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
    await expect(guardedFetch(`${publicish}/`, {}, { treatAsPublic: ["127.0.0.2"] })).rejects.toMatchObject({
      kind: "address",
      message: ADDRESS_NOT_ALLOWED,
      detail: expect.stringContaining("127.0.0.1 (127.0.0.0/8: loopback)"),
    });
    expect(requests).toHaveLength(0);
  });
});

// Every address form an attacker would try. Literal forms are URLs as typed; `resolved`
// forms are what a DNS name of the attacker's answers (the resolver is stubbed: these
// answers cannot be had from real DNS here). `reachable`: the form reaches the counting
// listener on this machine when the guard is off (the control below proves it), so the
// zero hits are the guard's doing, not the network's.
interface Form {
  name: string;
  url: (port: number) => string;
  resolved?: LookupAddress[];
  reachable?: boolean;
}
const v6 = (address: string): LookupAddress[] => [{ address, family: 6 }];
const literal = (name: string, host: string, reachable = false): Form => ({
  name,
  url: (port) => `http://${host}:${port}/hit`,
  reachable,
});
const named = (name: string, resolved: LookupAddress[], reachable = false): Form => ({
  name,
  url: (port) => `http://attacker.test:${port}/hit`,
  resolved,
  reachable,
});
const FORMS: Form[] = [
  // refused before the IPv4-in-IPv6 forms were closed
  literal("IPv4 loopback", "127.0.0.1", true),
  literal("localhost by name", "localhost", true),
  literal("decimal IPv4", "2130706433", true),
  literal("octal IPv4", "0177.0.0.1", true),
  literal("hexadecimal IPv4", "0x7f.0.0.1", true),
  literal("short IPv4", "127.1", true),
  literal("the unspecified IPv4 address", "0.0.0.0", true),
  literal("IPv6 loopback", "[::1]", true),
  literal("the unspecified IPv6 address", "[::]", true),
  literal("IPv4-mapped loopback", "[::ffff:127.0.0.1]", true),
  literal("IPv4-mapped loopback in hex", "[::ffff:7f00:1]", true),
  literal("cloud metadata", "169.254.169.254"),
  literal("a private network", "10.1.2.3"),
  literal("a private network (172.16/12)", "172.16.0.1"),
  literal("a private network (192.168/16)", "192.168.1.1"),
  literal("carrier-grade NAT", "100.64.0.1"),
  literal("unique-local IPv6", "[fd00::1]"),
  literal("AWS metadata over IPv6", "[fd00:ec2::254]"),
  literal("link-local IPv6", "[fe80::1]"),
  literal("IPv6 multicast", "[ff02::1]"),
  named("a name resolving to loopback", [{ address: "127.0.0.1", family: 4 }], true),
  named("a name resolving to a public and a private address", [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.1", family: 4 },
  ]),
  named("a name resolving to IPv4-mapped loopback", v6("::ffff:127.0.0.1"), true),
  // IPv6 forms that carry an IPv4 address
  literal("IPv4-compatible loopback", "[::127.0.0.1]"),
  literal("IPv4-compatible metadata", "[::169.254.169.254]"),
  literal("IPv4-translated loopback", "[::ffff:0:127.0.0.1]"),
  literal("6to4 of loopback", "[2002:7f00:1::]"),
  literal("6to4 of a private network", "[2002:a00:1::1]"),
  literal("6to4 of a public address", "[2002:808:808::1]"),
  literal("NAT64 of loopback", "[64:ff9b::127.0.0.1]"),
  literal("NAT64 of metadata", "[64:ff9b::a9fe:a9fe]"),
  literal("local-use NAT64 (/96)", "[64:ff9b:1::7f00:1]"),
  literal("local-use NAT64 (/48)", "[64:ff9b:1:7f00:0:100::]"),
  literal("Teredo of loopback", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"),
  literal("Teredo of a public server", "[2001:0:808:808::1]"),
  named("a name resolving to IPv4-compatible loopback", v6("::7f00:1")),
  named("a name resolving to IPv4-translated loopback", v6("::ffff:0:7f00:1")),
  named("a name resolving to 6to4 of loopback", v6("2002:7f00:1::")),
  named("a name resolving to NAT64 of loopback", v6("64:ff9b::7f00:1")),
  named("a name resolving to local-use NAT64", v6("64:ff9b:1::7f00:1")),
  named("a name resolving to Teredo", v6("2001:0:4136:e378:8000:63bf:80ff:fffe")),
  named("a name resolving to an unassigned IPv6 address", v6("1::1")),
];

describe("every address form, through the policy and a real fetch", () => {
  let hits = 0;
  const hitPaths: string[] = [];
  let port = 0;
  beforeAll(async () => {
    // One listener on every local address, IPv4 and IPv6 (dual-stack "::"), counting requests.
    const server = http.createServer((req, res) => {
      hits++;
      hitPaths.push(req.url!);
      res.writeHead(200, { "content-type": "application/json" }).end("[]");
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "::", r));
    port = (server.address() as AddressInfo).port;
  });
  const guard = (form: Form, extra: GuardOptions = {}): GuardOptions =>
    form.resolved ? { ...extra, resolve: async () => form.resolved! } : extra;

  it.each(FORMS.map((f) => [f.name, f] as const))("refuses %s", async (_name, form) => {
    const url = form.url(port);
    const addresses = form.resolved?.map((a) => a.address) ?? [new URL(url).hostname];
    if (url.includes("//localhost:")) addresses.splice(0, 1, "127.0.0.1", "::1");
    expect(addresses.some(isForbiddenAddress), `the policy refuses ${addresses.join(", ")}`).toBe(true);
    hits = 0;
    for (const method of ["GET", "POST"] as const) {
      const err = await guardedFetch(url, { method, body: method === "POST" ? "x=1" : undefined }, guard(form)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(FetchRefused);
      expect(err).toMatchObject({ kind: "address", message: ADDRESS_NOT_ALLOWED });
      // The owner-facing words name no address; the detail (for the log) names the one refused.
      expect((err as Error).message).not.toMatch(/\d+\.\d+|::|\[/);
      expect((err as FetchRefused).detail).toMatch(/\(.+: .+\)/);
    }
    expect(hits).toBe(0);
  });

  it("control: with the guard off, the reachable forms do reach the listener, the others fail to connect", async () => {
    hitPaths.length = 0;
    const outcomes = await Promise.all(
      FORMS.map((form, i) =>
        guardedFetch(`${form.url(port)}?form=${i}`, {}, guard(form, { allowPrivate: true, timeoutMs: 1000 })).then(
          (res) => res.status,
          (e: FetchRefused) => e.kind,
        ),
      ),
    );
    FORMS.forEach((form, i) => {
      const reached = hitPaths.filter((p) => p === `/hit?form=${i}`).length;
      if (form.reachable) expect([form.name, outcomes[i], reached]).toEqual([form.name, 200, 1]);
      else
        expect([form.name, outcomes[i], reached]).toEqual([form.name, expect.stringMatching(/^(network|timeout)$/), 0]);
    });
    expect(FORMS.filter((f) => f.reachable)).toHaveLength(13);
  });
});

describe("the address policy", () => {
  it("names the range and reason of each refusal, judging IPv4-mapped and NAT64 forms by the IPv4 inside", () => {
    expect(judgeAddress("::ffff:10.0.0.1")).toMatchObject({ allowed: false, range: "10.0.0.0/8" });
    expect(judgeAddress("64:ff9b::a9fe:a9fe")).toMatchObject({ allowed: false, range: "169.254.0.0/16" });
    expect(judgeAddress("::7f00:1")).toMatchObject({ allowed: false, range: "::/96" });
    expect(judgeAddress("::1")).toMatchObject({ allowed: false, range: "::1/128", reason: "loopback" });
    expect(judgeAddress("2002:808:808::1")).toMatchObject({ allowed: false, range: "2002::/16" });
    expect(judgeAddress("2001:0:808:808::1")).toMatchObject({ allowed: false, range: "2001::/32" });
    expect(judgeAddress("2001:2::1")).toMatchObject({ allowed: false, range: "2001::/23" });
    expect(judgeAddress("4000::1")).toMatchObject({ allowed: false, range: "outside 2000::/3" });
    expect(judgeAddress("[fe80::1%eth0]")).toMatchObject({ allowed: false, range: "fe80::/10" });
    expect(judgeAddress("not-an-ip")).toMatchObject({ allowed: false });
    for (const a of ["172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "192.169.0.1", "11.0.0.1"])
      expect(judgeAddress(a), a).toEqual({ allowed: true });
  });

  it("allows public addresses, in every notation", () => {
    for (const a of [
      "93.184.216.34",
      "8.8.8.8",
      "2606:4700:4700::1111",
      "2001:4860:4860::8888",
      "2a00:1450:4001:80b::200e",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "64:ff9b::8.8.8.8",
      "[2001:200::1]",
    ]) {
      expect(judgeAddress(a), a).toEqual({ allowed: true });
    }
  });

  it("lists every refused range with its reason in docs/OPERATIONS.md", () => {
    const doc = readFileSync(new URL("../../docs/OPERATIONS.md", import.meta.url), "utf8");
    for (const r of [...REFUSED_IPV4, ...IPV4_CARRYING_IPV6, ...REFUSED_IPV6, GLOBAL_UNICAST_IPV6]) {
      expect(doc, r.range).toContain(`| \`${r.range}\` | ${r.reason} |`);
    }
  });
});

describe("reading literal addresses", () => {
  it("reads every group of an IPv4 address inside an IPv6 form, whatever its number of digits", () => {
    expect(judgeAddress("::ffff:10.20.30.40")).toEqual({
      allowed: false,
      range: "10.0.0.0/8",
      reason: "private network",
    });
    expect(judgeAddress("::ffff:93.184.216.34")).toEqual({ allowed: true });
    expect(parseAddress("::ffff:93.184.216.34")).toEqual({ family: 6, value: 0xffff5db8d822n });
    expect(parseAddress("::FFFF:5DB8:D822")).toEqual({ family: 6, value: 0xffff5db8d822n });
  });

  it("takes brackets only around the whole address and a zone only at its end", () => {
    expect(parseAddress("[2606:4700::1111]")).toEqual({ family: 6, value: 0x26064700000000000000000000001111n });
    expect(parseAddress("fe80::1%eth0")).toEqual({ family: 6, value: 0xfe800000000000000000000000000001n });
    for (const notAnAddress of ["1.2[.3.4", "1.2].3.4", "1.2.3.4]x", "", "example.com"]) {
      expect(parseAddress(notAnAddress), notAnAddress).toBeNull();
      expect(judgeAddress(notAnAddress)).toEqual({ allowed: false, range: "-", reason: "not an IP address" });
    }
  });

  it("tells IPv4-mapped IPv6 values from the rest", () => {
    expect(isIpv4Mapped(parseAddress("::ffff:1.2.3.4")!.value)).toBe(true);
    expect(isIpv4Mapped(parseAddress("64:ff9b::1.2.3.4")!.value)).toBe(false);
    expect(isIpv4Mapped(parseAddress("::1.2.3.4")!.value)).toBe(false);
  });
});
