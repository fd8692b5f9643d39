// Read replicas' robustness without a database: /healthz says the primary's state apart
// from each replica's when one is not fine (lib/server/health.ts), and a replica whose host accepts a connection
// but never answers holds a read for about REPLICA_CONNECT_TIMEOUT_MS, not the pool's 10 s
// (lib/db/replicas.ts), before the read goes to the primary.
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { REPLICA_CONNECT_TIMEOUT_MS, ReplicaSet } from "@/lib/db/replicas";
import { health, healthNeedsWrites } from "@/lib/server/health";

const answering = { $queryRawUnsafe: async () => [{ "?column?": 1 }] } as unknown as Db;
const silent = {
  $queryRawUnsafe: async () => {
    throw new Error("Connection terminated");
  },
} as unknown as Db;
const bodyOf = (res: { body: unknown }) => JSON.parse(String(res.body)) as unknown;
const state = {
  replicas: [
    { index: 0, up: true, lagMs: 3.4, usable: true },
    { index: 1, up: true, lagMs: 5000, usable: false },
    { index: 2, up: false, lagMs: Infinity, usable: false },
  ],
};

describe("/healthz with read replicas", () => {
  it("keeps its body without replicas and while every database is fine, else says each one's state apart", async () => {
    expect(bodyOf(await health(answering, "GET"))).toEqual({ status: "ok" });
    const fine = { replicas: [state.replicas[0]!, { ...state.replicas[0]!, index: 1 }] };
    const allOk = await health(answering, "GET", fine);
    expect([allOk.status, bodyOf(allOk)]).toEqual([200, { status: "ok" }]);
    const ok = await health(answering, "GET", state);
    expect([ok.status, bodyOf(ok)]).toEqual([
      200,
      {
        status: "ok",
        primary: "ok",
        replicas: [
          { replica: 0, status: "ok", lag_ms: 3 },
          { replica: 1, status: "lagging", lag_ms: 5000 },
          { replica: 2, status: "unavailable", lag_ms: null },
        ],
        reads: "ok",
        writes: "ok",
      },
    ]);
  });

  it("is degraded (200, reads ok, writes unavailable) when the primary is down but a replica serves reads; ?writes is 503", async () => {
    const degraded = await health(silent, "GET", state);
    expect(degraded.status).toBe(200);
    expect(degraded.headers["retry-after"]).toBeUndefined();
    expect(bodyOf(degraded)).toMatchObject({
      status: "degraded",
      primary: "unavailable",
      reads: "ok",
      writes: "unavailable",
    });
    const writes = await health(silent, "GET", state, { needWrites: true });
    expect(writes.status).toBe(503);
    expect(writes.headers["retry-after"]).toBe("5");
    expect(bodyOf(writes)).toMatchObject({ status: "degraded", reads: "ok", writes: "unavailable" });
    // with the primary fine, ?writes is the same 200 ok
    const fine = await health(answering, "GET", state, { needWrites: true });
    expect([fine.status, (bodyOf(fine) as { status: string }).status]).toEqual([200, "ok"]);
  });

  it("answers 503 when nothing can be served: the primary down and no usable replica, or no replicas", async () => {
    const none = { replicas: state.replicas.slice(1) };
    const down = await health(silent, "GET", none);
    expect(down.status).toBe(503);
    expect(down.headers["retry-after"]).toBe("5");
    expect(bodyOf(down)).toMatchObject({ status: "unavailable", primary: "unavailable", reads: "unavailable" });
    const alone = await health(silent, "GET");
    expect([alone.status, bodyOf(alone)]).toEqual([
      503,
      { status: "unavailable", message: "The database is not answering." },
    ]);
  });

  it("reads ?writes from the request target", () => {
    expect(healthNeedsWrites("/healthz")).toBe(false);
    expect(healthNeedsWrites("/healthz?writes")).toBe(true);
    expect(healthNeedsWrites("/healthz?writes=1")).toBe(true);
    expect(healthNeedsWrites("/healthz?reads")).toBe(false);
  });
});

describe("a replica that accepts connections and never answers", () => {
  const sockets: net.Socket[] = [];
  const stalled = net.createServer((s) => void sockets.push(s));
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => stalled.close(r));
  });

  it("fails a read over to the primary after the replica's connect timeout, not the pool's 10 s", async () => {
    await new Promise<void>((r) => stalled.listen(0, "127.0.0.1", r));
    const stalledUrl = `postgresql://u:p@127.0.0.1:${(stalled.address() as net.AddressInfo).port}/beacon`;
    // The primary refuses at once, so the time measured is the replica's alone.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const refusedPort = (closed.address() as net.AddressInfo).port;
    const refusedUrl = `postgresql://u:p@127.0.0.1:${refusedPort}/beacon`;
    await new Promise((r) => closed.close(r));
    const set = new ReplicaSet(createDb(refusedUrl), refusedUrl, [stalledUrl], {
      maxLagMs: 1000,
      checkEveryMs: 100,
      waitMs: 50,
    });
    try {
      const started = Date.now();
      // The replica's timeout, then the primary's refusal: the error names the primary.
      await expect(set.replicas[0]!.db.$queryRawUnsafe("SELECT 1")).rejects.toThrow(`127.0.0.1:${refusedPort}`);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(REPLICA_CONNECT_TIMEOUT_MS * 0.9);
      expect(took).toBeLessThan(REPLICA_CONNECT_TIMEOUT_MS + 4000);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await set.stop();
    }
  });
});
