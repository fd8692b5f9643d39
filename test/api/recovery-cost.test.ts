// Wrong recovery codes cost nothing that others wait for, on both
// engines. The attack of the review: wrong codes from rotating addresses (here: limits
// off, which is what rotating /64s amount to) for an account that has codes. Before the
// keyed lookup, each attempt ran scrypt against every unused code (~16 MiB and tens of
// ms each, on libuv's 4 threads), and anything else needing the pool queued behind them.
// The victim measured is a signed POST that needs the pool itself: POST
// /v1/recovery.php of another account (ten scrypts). It must stay within 2x its time
// without the flood. Also: a wrong code answers as fast for an account with codes as for
// one without (no timing signal of whether an account has codes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { client, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";

let dedicated: Dedicated;

beforeAll(async () => {
  dedicated = await dedicatedServer("recovery-cost", { RATE_LIMIT_SIGNIN_PER_MINUTE: "0" });
}, 120_000);
afterAll(async () => dedicated?.close());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<{ status: number }>, expected: number): Promise<number> {
  const started = performance.now();
  const res = await fn();
  expect(res.status).toBe(expected);
  return performance.now() - started;
}

// One key for every attempt: making one per attempt would load this process, not the server.
const attackerKey = publicKeyPem(newIdentity("ed25519"));

const wrong = (userId: string, i: number) =>
  client(dedicated.server.url).request("POST", `/v1/recovery.php/${userId}`, {
    body: { code: `22${String(i % 100).padStart(2, "2")}-3333-4444`, public_key: attackerKey },
    headers: { "x-forwarded-for": `2001:db8:${i.toString(16)}::1` },
  });

describe("wrong recovery codes", () => {
  it("from many addresses do not slow a signed POST beyond 2x", async () => {
    const target = await registerUser(dedicated.server.url);
    const victim: Identity = await registerUser(dedicated.server.url);
    expect((await client(dedicated.server.url, target).request("POST", "/v1/recovery.php")).status).toBe(201);
    const signedPost = () => client(dedicated.server.url, victim).request("POST", "/v1/recovery.php");
    await timed(signedPost, 201); // warm
    const quiet: number[] = [];
    for (let i = 0; i < 7; i++) quiet.push(await timed(signedPost, 201));

    // 16 wrong codes in flight at any time while the victim's POSTs run (each code was ten
    // scrypts before: 160 in the pool's queue).
    let stop = false;
    let sent = 0;
    const flood = Array.from({ length: 16 }, async (_, lane) => {
      while (!stop) expect((await wrong(target.userId, lane * 1000 + sent++)).status).toBe(401);
    });
    const loud: number[] = [];
    try {
      for (let i = 0; i < 7; i++) loud.push(await timed(signedPost, 201));
    } finally {
      stop = true;
      await Promise.all(flood);
    }
    expect(sent).toBeGreaterThan(16);
    expect(
      median(loud),
      `quiet ${quiet.map(Math.round).join(",")} loud ${loud.map(Math.round).join(",")}`,
    ).toBeLessThan(2 * median(quiet));
  }, 240_000);

  it("answer as fast for an account with codes as for one without", async () => {
    const withCodes = await registerUser(dedicated.server.url);
    const without = await registerUser(dedicated.server.url);
    expect((await client(dedicated.server.url, withCodes).request("POST", "/v1/recovery.php")).status).toBe(201);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 9; i++) {
      a.push(await timed(() => wrong(withCodes.userId, i), 401));
      b.push(await timed(() => wrong(without.userId, i), 401));
    }
    // scrypt of ten codes took ~100 times a lookup; the two medians now differ by noise.
    expect(median(a), `with ${a.map(Math.round).join(",")} without ${b.map(Math.round).join(",")}`).toBeLessThan(
      2 * median(b) + 20,
    );
  }, 120_000);
});
