// Rate limiting (docs/CONTRACT.md#rate-limits): fixed minute windows decided locally, shared through a
// store about once a second (lib/rate-limit/limiter.ts), on a fake clock and store.
import { describe, expect, it } from "vitest";
import { apiRateLimits, clientAddress } from "@/lib/rate-limit/api-limits";
import type { CountRow, CounterStore } from "@/lib/rate-limit/counter-store";
import { RateLimiter } from "@/lib/rate-limit/limiter";
import { checkSignIn } from "@/lib/rate-limit/sign-in";
import { checkReport } from "@/lib/rate-limit/reports";
import { ApiError } from "@/lib/api/errors";
import type { ApiRequest } from "@/lib/api/types";

function memoryStore(): CounterStore & { totals: Map<string, number>; calls: number; failing: boolean } {
  const totals = new Map<string, number>();
  const store = {
    totals,
    calls: 0,
    failing: false,
    async add(rows: CountRow[]) {
      store.calls++;
      if (store.failing) throw new Error("database down");
      const out = new Map<string, number>();
      for (const r of rows) {
        const id = `${r.minute}\n${r.key}`;
        totals.set(id, (totals.get(id) ?? 0) + r.count);
        out.set(id, totals.get(id)!);
      }
      return out;
    },
    async deleteBefore(minute: number) {
      for (const id of totals.keys()) if (Number(id.split("\n")[0]) < minute) totals.delete(id);
    },
  };
  return store;
}

const request = (over: Partial<ApiRequest> = {}): ApiRequest => ({
  method: "GET",
  rawTarget: "/v1/engram.php",
  headers: {},
  body: new Uint8Array(),
  remoteAddress: "10.0.0.1",
  ...over,
});

describe("RateLimiter", () => {
  it("allows `limit` hits per key and minute, counts down remaining, then refuses until the next minute", () => {
    let now = 120_000 + 15_000;
    const limiter = new RateLimiter(null, { now: () => now });
    const seen = Array.from({ length: 4 }, () => limiter.hit("k", 3));
    expect(seen.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(seen.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(seen[3]).toMatchObject({ resetSeconds: 45, resetAt: 180 });
    expect(limiter.hit("other", 3).allowed).toBe(true);
    now = 180_000;
    expect(limiter.hit("k", 3)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("adds pending counts to the store in one call per flush and decides on the global total", async () => {
    const now = 60_000;
    const store = memoryStore();
    const a = new RateLimiter(store, { now: () => now, flushMs: 60_000 });
    const b = new RateLimiter(store, { now: () => now, flushMs: 60_000 });
    for (let i = 0; i < 6; i++) a.hit("user:x", 10);
    await a.flush();
    expect(store.calls).toBe(1);
    expect(store.totals.get("1\nuser:x")).toBe(6);
    b.hit("user:x", 10);
    await b.flush();
    // b now knows of a's six: three more, then no.
    expect([1, 2, 3, 4].map(() => b.hit("user:x", 10).allowed)).toEqual([true, true, true, false]);
    await a.stop();
    await b.stop();
  });

  it("keeps counting locally while the store fails, and sends the counts once it is back", async () => {
    const store = memoryStore();
    const errors: unknown[] = [];
    const limiter = new RateLimiter(store, { now: () => 60_000, flushMs: 60_000, onError: (e) => errors.push(e) });
    store.failing = true;
    limiter.hit("k", 5);
    limiter.hit("k", 5);
    await limiter.flush();
    expect(errors).toHaveLength(1);
    expect(limiter.hit("k", 5).remaining).toBe(2);
    store.failing = false;
    await limiter.stop();
    expect(store.totals.get("1\nk")).toBe(3);
  });

  it("counts in longer windows (the reports' hour) kept under their last minute, which a minute limiter's clean-up spares", async () => {
    const HOUR = 3_600_000;
    let now = 5 * HOUR + 25 * 60_000; // 25 minutes into hour 5
    const store = memoryStore();
    const hourly = new RateLimiter(store, { now: () => now, windowMs: HOUR, flushMs: 60_000 });
    const minutely = new RateLimiter(store, { now: () => now, flushMs: 60_000 });
    const seen = Array.from({ length: 4 }, () => hourly.hit("report-ip:a", 3));
    expect(seen.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(seen[3]).toMatchObject({ resetSeconds: 35 * 60, resetAt: (6 * HOUR) / 1000 });
    await hourly.flush();
    const lastMinute = 6 * 60 - 1;
    expect(store.totals.get(`${lastMinute}\nreport-ip:a`)).toBe(3);
    // 20 minutes on, the minute limiter cleans up old minutes: the hour's count stays.
    now += 20 * 60_000;
    minutely.hit("ip:a", 100);
    await minutely.flush();
    expect(store.totals.get(`${lastMinute}\nreport-ip:a`)).toBe(3);
    const elsewhere = new RateLimiter(store, { now: () => now, windowMs: HOUR, flushMs: 60_000 });
    elsewhere.hit("report-ip:a", 10); // the 4th of the hour, over both instances
    await elsewhere.flush();
    expect(elsewhere.hit("report-ip:a", 4)).toMatchObject({ allowed: false, remaining: 0 });
    now = 6 * HOUR;
    expect(hourly.hit("report-ip:a", 3)).toMatchObject({ allowed: true, remaining: 2 });
    expect(() => new RateLimiter(null, { windowMs: 90_000 })).toThrow(/whole number of minutes/);
    await Promise.all([hourly.stop(), minutely.stop(), elsewhere.stop()]);
  });

  it("tracks at most maxKeys keys (further keys pass uncounted instead of growing memory)", () => {
    const limiter = new RateLimiter(null, { now: () => 0, maxKeys: 2 });
    limiter.hit("a", 1);
    limiter.hit("b", 1);
    expect(limiter.hit("c", 1).allowed).toBe(true);
    expect(limiter.hit("c", 1).allowed).toBe(true);
    expect(limiter.hit("a", 1).allowed).toBe(false);
  });
});

describe("API limits", () => {
  it("counts per address and per user, throws a 429 ApiError with Retry-After and both header families", () => {
    const limits = apiRateLimits({
      limiter: new RateLimiter(null, { now: () => 30_000 }),
      perIp: 2,
      perUser: 1,
      trustProxy: false,
    });
    const first = limits.begin(request());
    first.checkIp();
    first.checkUser("u");
    expect(first.headers()).toMatchObject({
      "ratelimit-limit": "1",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "30",
      "x-ratelimit-reset": "60",
    });
    const second = limits.begin(request());
    second.checkIp();
    let refused: unknown;
    try {
      second.checkUser("u");
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers).toMatchObject({
      "retry-after": "30",
      "ratelimit-remaining": "0",
      "x-ratelimit-limit": "1",
    });
    expect(() => limits.begin(request()).checkIp()).toThrow(ApiError);
    expect(() => limits.begin(request({ remoteAddress: "10.0.0.2" })).checkIp()).not.toThrow();
  });

  it("0 disables a limit and sends no headers for it", () => {
    const limits = apiRateLimits({ limiter: new RateLimiter(null), perIp: 0, perUser: 0, trustProxy: false });
    const l = limits.begin(request());
    for (let i = 0; i < 100; i++) l.checkIp();
    expect(l.headers()).toEqual({});
  });

  it("takes the client from the last X-Forwarded-For address only behind a trusted proxy", () => {
    const req = request({ headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
    expect(clientAddress(req, false)).toBe("10.0.0.1");
    expect(clientAddress(req, true)).toBe("203.0.113.9");
    expect(clientAddress(request(), true)).toBe("10.0.0.1");
  });

  it("limits sign-in attempts per address and per account", () => {
    const limiter = new RateLimiter(null, { now: () => 0 });
    checkSignIn(limiter, { address: "a", account: "x", perMinute: 2 });
    checkSignIn(limiter, { address: "b", account: "x", perMinute: 2 });
    expect(() => checkSignIn(limiter, { address: "c", account: "X", perMinute: 2 })).toThrow(/per account/);
    checkSignIn(limiter, { address: "a", account: "y", perMinute: 2 });
    expect(() => checkSignIn(limiter, { address: "a", account: "z", perMinute: 2 })).toThrow(/per client address/);
  });

  it("limits reports per address and per reporter and hour, with the API's 429 headers", () => {
    const limiter = new RateLimiter(null, { now: () => 3_600_000 + 600_000, windowMs: 3_600_000 });
    checkReport(limiter, { address: "a", perHour: 2 });
    checkReport(limiter, { address: "a", userId: "u", perHour: 2 });
    let refused: unknown;
    try {
      checkReport(limiter, { address: "a", perHour: 2 });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(
      "Too many reports; at most 2 per hour per client address. Try again in 3000 s.",
    );
    expect((refused as ApiError).headers).toMatchObject({
      "retry-after": "3000",
      "ratelimit-limit": "2",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "3000",
      "x-ratelimit-reset": "7200",
    });
    checkReport(limiter, { address: "b", userId: "u", perHour: 2 });
    expect(() => checkReport(limiter, { address: "c", userId: "u", perHour: 2 })).toThrow(/per hour per reporter/);
    for (let i = 0; i < 50; i++) checkReport(limiter, { address: "a", perHour: 0 });
  });
});
