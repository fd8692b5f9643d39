// Rate limits on the v1 API (docs/CONTRACT.md#rate-limits): per client address and per user, JSON 429 with
// Retry-After and RateLimit-*/X-RateLimit-* headers, reset after the window, shared by
// two instances on one database. Dedicated servers: the suite's main server runs
// without limits (test/support/test-server.ts), since other suites send thousands of
// requests from one address.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ClientResponse } from "@/lib/client/http";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { client, errorShapeProblem } from "../support/hostile";
import { startEarlyInMinute } from "../support/rate-window";
import { startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const PER_IP = 5;
const PER_USER = 3;
/** recovery attempts per client network (RATE_LIMIT_SIGNIN_PER_MINUTE) */
const PER_RECOVERY = 2;

let database: TestDatabase;
let a: TestServer;
let b: TestServer;
let alice: Identity;
let bob: Identity;
let resetCheck: Promise<void>;
let store: Db;

const fromAddress = (server: TestServer, address: string, target = "/v1/engram.php?mod_id=1") =>
  client(server.url).request("GET", target, { headers: { "x-forwarded-for": address } });

/** The limit shown by both header families: [limit, remaining] twice. */
const shown = (res: ClientResponse) => [
  res.headers["ratelimit-limit"],
  res.headers["ratelimit-remaining"],
  res.headers["x-ratelimit-limit"],
  res.headers["x-ratelimit-remaining"],
];

function expect429(res: ClientResponse): number {
  expect(res.status).toBe(429);
  expect(errorShapeProblem(res)).toBeNull();
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers["ratelimit-remaining"]).toBe("0");
  expect(res.headers["ratelimit-reset"]).toBe(String(retryAfter));
  expect(Number(res.headers["x-ratelimit-reset"])).toBeGreaterThan(Date.now() / 1000);
  return retryAfter;
}

beforeAll(async () => {
  database = await createTestDatabase(engine, "ratelimit");
  const env = {
    DATABASE_URL: database.url,
    STEAM_API_URL: inject("steamUrl"),
    RATE_LIMIT_IP_PER_MINUTE: String(PER_IP),
    RATE_LIMIT_PER_MINUTE: String(PER_USER),
    RATE_LIMIT_SIGNIN_PER_MINUTE: String(PER_RECOVERY),
    TRUST_PROXY: "true",
  };
  a = await startServer(env);
  b = await startServer(env);
  store = createDb(database.url);
  // Registering users goes through the address limit too: one address each.
  alice = await registerUserFrom(a.url, "198.51.100.1");
  bob = await registerUserFrom(a.url, "198.51.100.2");
  // An address used up now and checked again once its window is over; runs beside the other tests.
  resetCheck = (async () => {
    let last: ClientResponse | undefined;
    for (let i = 0; i <= PER_IP; i++) last = await fromAddress(a, "192.0.2.99");
    const wait = expect429(last!);
    await new Promise((r) => setTimeout(r, wait * 1000 + 300));
    const again = await fromAddress(a, "192.0.2.99");
    expect(again.status).toBe(200);
    expect(again.headers["ratelimit-remaining"]).toBe(String(PER_IP - 1));
  })();
  resetCheck.catch(() => {}); // awaited by its test
}, 120_000);

async function registerUserFrom(url: string, address: string): Promise<Identity> {
  const identity = newIdentity();
  const res = await client(url).request("POST", "/v1/user.php", {
    body: { user_id: identity.userId, public_key: publicKeyPem(identity) },
    headers: { "x-forwarded-for": address },
  });
  expect(res.status).toBe(200);
  return identity;
}

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await store?.$disconnect();
  await database?.drop();
});

describe(`rate limits on ${engine}`, () => {
  it("per address: the headers count down, then a JSON 429 with Retry-After; other addresses go on", async () => {
    const replies: ClientResponse[] = [];
    for (let i = 0; i <= PER_IP; i++) replies.push(await fromAddress(a, "192.0.2.1"));
    expect(replies.slice(0, PER_IP).map((r) => r.status)).toEqual(Array(PER_IP).fill(200));
    expect(replies.slice(0, PER_IP).map((r) => r.headers["ratelimit-remaining"])).toEqual(["4", "3", "2", "1", "0"]);
    expect(shown(replies[0]!)).toEqual(["5", "4", "5", "4"]);
    expect429(replies[PER_IP]!);
    expect(replies[PER_IP]!.json()).toMatchObject({ details: { scope: "client address", limit: PER_IP } });
    expect(String(replies[PER_IP]!.headers["access-control-expose-headers"])).toContain("RateLimit-Remaining");
    expect((await fromAddress(a, "192.0.2.2")).status).toBe(200);
    // Health checks and pages are not the API: never limited.
    expect((await fetch(`${a.url}/healthz`, { headers: { "x-forwarded-for": "192.0.2.1" } })).status).toBe(200);
  });

  it("per user: signed requests of one user from many addresses are refused past the user's limit; another user is not", async () => {
    const signed = (who: Identity, n: number) =>
      client(a.url, who).request("GET", "/v1/mod.php", { headers: { "x-forwarded-for": `203.0.113.${n}` } });
    const statuses: number[] = [];
    for (let i = 0; i <= PER_USER; i++) statuses.push((await signed(alice, 10 + i)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await signed(alice, 20);
    expect429(refused);
    expect(refused.json()).toMatchObject({ details: { scope: "user", limit: PER_USER } });
    const ok = await signed(bob, 21);
    expect(ok.status).toBe(200);
    // The tighter limit is the one shown: bob has 2 left of 3, the address 4 of 5.
    expect(ok.headers["ratelimit-limit"]).toBe(String(PER_USER));
    expect(ok.headers["ratelimit-remaining"]).toBe("2");
  });

  it("limits recovery attempts per client network, never per account: strangers cannot lock the owner out", async () => {
    const attempt = (userId: string, address: string, code = "2222-3333-4444") =>
      client(a.url).request("POST", `/v1/recovery.php/${userId}`, {
        body: { code, public_key: publicKeyPem(newIdentity("ed25519")) },
        headers: { "x-forwarded-for": address },
      });
    const owner = await registerUserFrom(a.url, "198.51.100.39");
    const issued = await client(a.url, owner).request("POST", "/v1/recovery.php", {
      headers: { "x-forwarded-for": "198.51.100.39" },
    });
    expect(issued.status, issued.text()).toBe(201);
    // Many strangers, wrong codes for the owner's account: each only spends its own count.
    const strangers: number[] = [];
    for (let i = 0; i < 3 * PER_RECOVERY; i++)
      strangers.push((await attempt(owner.userId, `198.51.100.${40 + i}`)).status);
    expect(strangers).toEqual(Array(3 * PER_RECOVERY).fill(401));
    const recovered = await attempt(owner.userId, "198.51.100.70", issued.json<{ codes: string[] }>().codes[0]);
    expect(recovered.status, recovered.text()).toBe(200);

    // One address (an IPv6 client: its whole /64) is limited, whatever account it names.
    await startEarlyInMinute();
    const perNetwork: number[] = [];
    for (let i = 0; i <= PER_RECOVERY; i++)
      perNetwork.push((await attempt(randomUUID(), `2001:db8:5:6::${i + 1}`)).status);
    expect(perNetwork).toEqual([...Array(PER_RECOVERY).fill(401), 429]);
    const refused = await attempt(randomUUID(), "2001:db8:5:6:ffff:1:2:3");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ details: { scope: "client address", limit: PER_RECOVERY } });
    // The recovery limit's headers, not the per-address limit's the request also counted against.
    expect([refused.headers["ratelimit-limit"], refused.headers["ratelimit-remaining"]]).toEqual([
      String(PER_RECOVERY),
      "0",
    ]);
    // The next /64 is another client.
    expect((await attempt(randomUUID(), "2001:db8:5:7::1")).status).toBe(401);
  });

  it("is shared by two instances on one database: the second refuses once the total reaches the limit", async () => {
    await startEarlyInMinute();
    const carol = await registerUserFrom(a.url, "198.51.100.3");
    const signed = (server: TestServer, n: number) =>
      client(server.url, carol).request("GET", "/v1/mod.php", { headers: { "x-forwarded-for": `203.0.114.${n}` } });
    // Instances send their counts about once a second (later on a loaded machine): wait for
    // the shared table itself rather than for a fixed time.
    const counted = async (atLeast: number) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const rows = await store.$queryRawUnsafe<{ total: number | bigint | null }[]>(
          `SELECT SUM(count) AS total FROM rate_limits WHERE key = 'user:${carol.userId}'`,
        );
        if (Number(rows[0]?.total ?? 0) >= atLeast) return;
        if (Date.now() > deadline) throw new Error(`rate_limits never reached ${atLeast} for the user`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    expect((await signed(a, 1)).status).toBe(200);
    expect((await signed(a, 2)).status).toBe(200);
    await counted(2);
    const first = await signed(b, 3);
    expect(first.status).toBe(200);
    // b's own upsert of that hit returns the total over both instances: 3, the limit.
    await counted(3);
    const over = await signed(b, 4);
    expect429(over);
  });

  it("an address refused in one window is let through again in the next", async () => {
    await resetCheck;
  }, 75_000);
});
