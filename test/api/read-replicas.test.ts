// Read replicas (docs/OPERATIONS.md#read-replicas-database_replica_urls, lib/db/replicas.ts) on a private
// primary and hot standby (scripts/pg-replica-pair.sh; never the shared server): two
// instances on the pair; a write on one read at once through the other from the replica;
// a download's count read at once on its instance while the standby is paused;
// the replica stopped under read load without a client error; the primary stopped (writes
// 503 with Retry-After, reads 200 from the replica) and back.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { client, registerUser } from "../support/hostile";
import { requireTool } from "../support/required-tool";
import { pairAvailable, startReplicaPair, type ReplicaPair } from "../support/replica-pair";
import { startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const TOKEN = `metrics-${randomUUID()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Requests whose reads each instance routed, by target (its /metrics). */
async function routed(server: TestServer): Promise<{ primary: number; replica: number; replicaUp: number }> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
  return {
    primary: value(/^beacon_db_reads_total\{target="primary"\} (\d+)/m),
    replica: value(/^beacon_db_reads_total\{target="replica"\} (\d+)/m),
    replicaUp: value(/^beacon_db_replica_up\{replica="0"\} (\d+)/m),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not ${what} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.runIf(engine === "postgresql")("read replicas on a private primary and hot standby", () => {
  let pair: ReplicaPair;
  let a: TestServer;
  let b: TestServer;
  let owner: Identity;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const why = pairAvailable();
    if (!requireTool("PostgreSQL's server binaries run as root through runuser", why.ok, why.ok ? "" : why.reason))
      return;
    pair = await startReplicaPair();
    cleanups.push(() => pair.destroy());
    const env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URLS: pair.replicaUrl,
      METRICS_TOKEN: TOKEN,
      STEAM_API_URL: inject("steamUrl"),
      WEBHOOK_DELIVERY: "false",
    };
    // One after the other: the first migrates the new database.
    a = await startServer(env);
    cleanups.push(() => a.stop());
    b = await startServer(env);
    cleanups.push(() => b.stop());
    owner = await registerUser(a.url);
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
  });

  const publish = (server: TestServer, title: string, id = randomUUID()) =>
    client(server.url, owner).request("POST", "/v1/document.php", {
      body: { Identifier: id, Title: title, Payload: "x".repeat(512) },
    });

  it("a write on instance A is read at once through instance B, served by the replica", async () => {
    const id = randomUUID();
    const write = await client(a.url, owner).request("POST", "/v1/document.php", {
      body: { Identifier: id, Title: "Written on A", Payload: "y".repeat(512) },
    });
    expect(write.status).toBe(200);
    const readAfter = write.headers["beacon-read-after"];
    expect(readAfter).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(String(write.headers["set-cookie"])).toContain(`beacon_read_after=${encodeURIComponent(String(readAfter))}`);
    // a browser client may read it, and send it back
    expect(String(write.headers["access-control-expose-headers"])).toContain("Beacon-Read-After");

    const before = await routed(b);
    const read = await fetch(`${b.url}/v1/document.php/${id}?simple`, {
      headers: { "beacon-read-after": String(readAfter) },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe("Written on A");
    const after = await routed(b);
    expect(after.replica - before.replica).toBe(1);
    expect(after.primary - before.primary).toBe(0);
  });

  it("a download (a GET that writes its count) is in the same instance's next read, never a replica's older row", async () => {
    const id = randomUUID();
    expect((await publish(a, "Counted", id)).status).toBe(200);
    const meta = async () =>
      ((await (await fetch(`${a.url}/v1/document.php/${id}?simple`)).json()) as { download_count: number })
        .download_count;
    expect(await meta()).toBe(0);
    // The standby stops replaying (it stays within the lag bound for a second): the count
    // written by the download is then on the primary only.
    const standby = new pg.Client({ connectionString: pair.replicaUrl });
    await standby.connect();
    try {
      await standby.query("SELECT pg_wal_replay_pause()");
      expect((await fetch(`${a.url}/v1/document.php/${id}`)).status).toBe(200);
      const before = await routed(a);
      expect(await meta()).toBe(1);
      // the replica has not replayed the count: the read after the download was the primary's
      expect((await routed(a)).primary - before.primary).toBe(1);
    } finally {
      await standby.query("SELECT pg_wal_replay_resume()");
      await standby.end();
    }
    // once the standby has replayed it, the replica serves the count
    const deadline = Date.now() + 30_000;
    for (;;) {
      const back = await routed(a);
      expect(await meta()).toBe(1);
      if ((await routed(a)).replica - back.replica === 1) break;
      if (Date.now() > deadline) throw new Error("the replica served no read of the count after 30 s");
      await sleep(100);
    }
  });

  it("the replica stopped under read load: no client error, reads move to the primary and back", async () => {
    for (let i = 0; i < 3; i++) expect((await publish(a, `Under load ${i}`)).status).toBe(200);
    const targets = ["/v1/document.php", "/v1/engram.php", "/", "/documents"];
    const failures: string[] = [];
    let done = 0;
    let running = true;
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        const target = targets[i % targets.length]!;
        try {
          const res = await fetch(`${b.url}${target}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${target}: ${res.status}`);
        } catch (err) {
          failures.push(`${target}: ${(err as Error).message}`);
        }
        done++;
      }
    };
    const before = await routed(b);
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await sleep(1500);
    const whileUp = await routed(b);
    await pair.stop("replica");
    await sleep(1500);
    running = false;
    await load;
    const whileDown = await routed(b);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(20);
    expect(whileUp.replica - before.replica).toBeGreaterThan(0);
    expect(whileDown.replicaUp).toBe(0);
    expect(whileDown.primary - whileUp.primary).toBeGreaterThan(0);

    await pair.start("replica");
    await until("using the replica again", async () => (await routed(b)).replicaUp === 1);
    const back = await routed(b);
    expect((await fetch(`${b.url}/v1/document.php`)).status).toBe(200);
    expect((await routed(b)).replica - back.replica).toBe(1);
  });

  it("the primary stopped: writes 503 with Retry-After, reads 200 from the replica, /healthz degraded (200) and ?writes 503; writes again once it is back", async () => {
    const keptId = randomUUID();
    expect((await publish(a, "Before the primary stopped", keptId)).status).toBe(200);
    await pair.stop("primary");
    try {
      const refused = await publish(a, "While the primary is down");
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(String(refused.headers["content-type"])).toMatch(/^application\/json/);
      expect((refused.json() as { message: string }).message.length).toBeGreaterThan(0);

      const before = await routed(b);
      for (const target of [`/v1/document.php/${keptId}?simple`, "/v1/document.php", "/v1/engram.php", "/"]) {
        const res = await fetch(`${b.url}${target}`);
        expect(res.status, target).toBe(200);
      }
      const meta = (await (await fetch(`${b.url}/v1/document.php/${keptId}?simple`)).json()) as { name: string };
      expect(meta.name).toBe("Before the primary stopped");
      expect((await routed(b)).replica - before.replica).toBe(5);
      // /healthz: degraded, still 200 (in rotation for reads); ?writes is 503 for checks that need writes
      const healthz = await fetch(`${b.url}/healthz`);
      expect(healthz.status).toBe(200);
      expect(await healthz.json()).toMatchObject({
        status: "degraded",
        primary: "unavailable",
        replicas: [{ replica: 0, status: "ok" }],
        reads: "ok",
        writes: "unavailable",
      });
      const writesCheck = await fetch(`${b.url}/healthz?writes`);
      expect(writesCheck.status).toBe(503);
      expect(writesCheck.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await pair.start("primary");
    }
    await until("writing again", async () => (await publish(a, "After the primary is back")).status === 200);
  });
});
