// What a request costs before anything about its sender is known (lib/api/body-budget.ts,
// admitRequest in lib/api/endpoint.ts): an address over its rate limit is answered before
// its body is read; a method anyone may call unsigned reads at most 1 MiB (gzip or not);
// and 64 concurrent bodies at the limit, each read whole before its signature can be
// checked, hold at most the process's budget of body bytes at once. Measured on a
// dedicated server, whose peak resident memory (VmHWM) is read from /proc.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { dedicatedServer, rawExchange, type Dedicated } from "../support/hostile";

const MiB = 1024 * 1024;
const UNSIGNED_LIMIT = 1 * MiB;
const PER_ADDRESS = 3;
const BODIES = 64;
let d: Dedicated;

beforeAll(async () => {
  d = await dedicatedServer("body-limits", {
    MAX_BODY_BYTES: String(inject("maxBodyBytes")),
    TRUST_PROXY: "true",
    RATE_LIMIT_IP_PER_MINUTE: String(PER_ADDRESS),
  });
}, 120_000);
afterAll(async () => d?.close());

/** kB figures of /proc/<pid>/status, in MiB */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)![1]) / 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

let nextAddress = 1;
/** a client address of its own (TRUST_PROXY: the last X-Forwarded-For entry), so no test meets another's limit */
const address = () => `198.51.100.${nextAddress++}`;

describe("request bodies", () => {
  it("answers an address over its limit before reading its body", async () => {
    const from = address();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await fetch(`${d.server.url}/v1/user.php`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: "{}",
      });
      expect(res.status).toBe(400);
    }
    // Headers promising 8 MB, and not one byte of it sent: the 429 comes anyway.
    const started = performance.now();
    const exchange = await rawExchange(
      d.server.url,
      `POST /v1/document.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Forwarded-For: ${from}\r\nContent-Length: 8000000\r\n\r\n`,
      5000,
    );
    const waited = performance.now() - started;
    expect(exchange.text).toMatch(/^HTTP\/1\.1 429 /);
    expect(exchange.text).toMatch(/retry-after: \d+/i);
    expect(exchange.closed).toBe(true);
    expect(waited).toBeLessThan(4000);
  });

  it("reads at most 1 MiB for a method anyone may call unsigned, inflated or not", async () => {
    const plain = await fetch(`${d.server.url}/v1/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address() },
      body: " ".repeat(UNSIGNED_LIMIT + 1),
    });
    expect(plain.status).toBe(413);
    expect(((await plain.json()) as { message: string }).message).toContain(String(UNSIGNED_LIMIT));
    const bomb = await fetch(`${d.server.url}/v1/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip", "x-forwarded-for": address() },
      body: gzipSync(Buffer.alloc(4 * MiB, 0x20)),
    });
    expect(bomb.status).toBe(413);
    // Within the limit an unsigned body is read as before (here: not a user, a 400).
    const within = await fetch(`${d.server.url}/v1/user.php`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address() },
      body: `{}${" ".repeat(UNSIGNED_LIMIT - 10)}`,
    });
    expect(within.status).toBe(400);
  });

  it(`holds at most its budget of body bytes while ${BODIES} bodies at the limit arrive at once`, async () => {
    const limit = inject("maxBodyBytes");
    const body = Buffer.alloc(limit - 1024, 0x20);
    // Never signed right: each body is read whole, then refused (the signature covers it).
    const authorization = `Basic ${Buffer.from(`${randomUUID()}:${"ab".repeat(64)}`).toString("base64")}`;
    const before = memory(d.server.process.pid!);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: BODIES }, () =>
        fetch(`${d.server.url}/v1/document.php`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization, "x-forwarded-for": address() },
          body,
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    const elapsed = performance.now() - started;
    const after = memory(d.server.process.pid!);
    const growth = after.peak - Math.min(before.rss, before.peak);
    console.log(
      `${BODIES} bodies of ${(body.length / MiB).toFixed(1)} MiB in ${Math.round(elapsed)} ms: RSS ${before.rss.toFixed(0)} MiB before, peak ${after.peak.toFixed(0)} MiB (+${growth.toFixed(0)} MiB; the bodies were ${((BODIES * body.length) / MiB).toFixed(0)} MiB)`,
    );
    // Every body waited its turn and was answered; none refused for want of room.
    expect(new Set(statuses)).toEqual(new Set([401]));
    // The budget is 4 bodies at the limit (32 MiB here); all 64 at once would be 512 MiB.
    // The bound leaves room for buffers freed but not yet collected.
    expect(growth).toBeLessThan((20 * limit) / MiB);
  }, 120_000);
});
