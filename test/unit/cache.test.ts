// The building blocks of the read caches (docs/CONTRACT.md#caching).
import { describe, expect, it } from "vitest";
import { applyConditionalGet } from "@/lib/api/conditional-get";
import type { ApiRequest } from "@/lib/api/types";
import { prepareBody } from "@/lib/cache/cached-body";
import { VersionedCache } from "@/lib/cache/versioned-cache";

const get = (ifNoneMatch?: string, method = "GET"): ApiRequest => ({
  method,
  rawTarget: "/",
  headers: { "if-none-match": ifNoneMatch },
  body: new Uint8Array(),
  remoteAddress: "",
});
const ok = () => ({ status: 200, headers: { "content-type": "application/json" }, body: '{"a":1}' });

describe("conditional GET", () => {
  it("adds a strong ETag and answers a match, a weak match, a list or * with 304", () => {
    const etag = applyConditionalGet(get(), ok()).headers["etag"]!;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, "*"])
      expect(applyConditionalGet(get(header), ok())).toMatchObject({ status: 304, body: null });
    expect(applyConditionalGet(get('"x"'), ok()).status).toBe(200);
  });

  it("leaves errors, writes and empty bodies alone", () => {
    expect(applyConditionalGet(get("*"), { ...ok(), status: 404 }).status).toBe(404);
    expect(applyConditionalGet(get("*", "POST"), ok()).status).toBe(200);
    expect(applyConditionalGet(get("*"), { status: 200, headers: {}, body: null }).status).toBe(200);
  });
});

describe("versioned cache", () => {
  it("computes once per version and key, and again when the version moves", async () => {
    const cache = new VersionedCache<number>({ maxBytes: 1000, sizeOf: () => 8 });
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([cache.get("k", 1, compute), cache.get("k", 1, compute)])).toEqual([1, 1]);
    expect(await cache.get("k", 2, compute)).toBe(2);
    expect(runs).toBe(2);
  });

  it("forgets failures and evicts the least recently used", async () => {
    const cache = new VersionedCache<string>({ maxBytes: 1000, maxEntries: 2, sizeOf: (s) => s.length });
    await expect(cache.get("bad", 1, async () => Promise.reject(new Error("x")))).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("bad", 1, async () => "ok")).toBe("ok");
    await cache.get("a", 1, async () => "a");
    await cache.get("bad", 1, async () => "stale");
    await cache.get("b", 1, async () => "b"); // evicts "a", the least recently used
    expect(await cache.get("a", 1, async () => "recomputed")).toBe("recomputed");
  });

  it("is bounded in bytes: the least recently used go first, a value larger than the bound is served but not kept", async () => {
    const cache = new VersionedCache<string>({ maxBytes: 10, sizeOf: (s) => s.length });
    await cache.get("a", 1, async () => "aaaa");
    await cache.get("b", 1, async () => "bbbb");
    await cache.get("a", 1, async () => "recomputed a"); // a hit: a is now the most recent
    await cache.get("c", 1, async () => "cccc"); // 12 bytes: b, the least recent, goes
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 8, maxBytes: 10, hits: 1, misses: 3 });
    expect(await cache.get("b", 1, async () => "new b")).toBe("new b");
    expect(await cache.get("huge", 1, async () => "x".repeat(11))).toBe("x".repeat(11));
    expect(await cache.get("huge", 1, async () => "again")).toBe("again");
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
  });

  it("counts a value again when it grew in place, and evicts for it", async () => {
    const cache = new VersionedCache<string[]>({ maxBytes: 10, sizeOf: (parts) => parts.join("").length });
    const a = await cache.get("a", 1, async () => ["aaa"]);
    await cache.get("b", 1, async () => ["bbb"]);
    expect(cache.stats().bytes).toBe(6);
    const b = await cache.get("b", 1, async () => ["unused"]);
    b.push("bbbbb");
    cache.remeasure("b", b);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 8 }); // 11 bytes: a, the least recent, went
    cache.remeasure("a", a); // no longer cached: nothing to count
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 8 });
    b.push("bbbb");
    cache.remeasure("b", b); // now larger than the bound: not kept
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("prepares bodies with compressed forms only when worth it", async () => {
    expect(await prepareBody("{}")).toMatchObject({ gzip: null, br: null });
    const big = await prepareBody(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i }))));
    expect(big.gzip!.length).toBeLessThan(big.body.length);
    expect(big.br!.length).toBeLessThan(big.body.length);
  });
});
