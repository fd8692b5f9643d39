// Download counts with two instances on one PostgreSQL database (docs/CONTRACT.md#durability, #instances): each
// instance adds up its downloads per group commit (lib/documents/count-downloads.ts);
// with both counting the same documents at once, while their owner republishes one of
// them through both, every download answered 200 is counted exactly once.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../support/databases";
import { client, registerUser } from "../support/hostile";
import { startServer, type TestServer } from "../support/test-server";
import { downloadCounts, startDownloadLoad } from "../support/write-load";

const engine = inject("engine");
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
});

describe.runIf(engine === "postgresql")("download counts with two instances on one PostgreSQL", () => {
  it("every download answered 200 by either instance is counted once, also while the document is republished", async () => {
    const database = await createTestDatabase("postgresql", "counts");
    cleanups.push(() => database.drop());
    const servers: TestServer[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await startServer({ DATABASE_URL: database.url, STEAM_API_URL: inject("steamUrl") });
      cleanups.push(() => server.stop());
      servers.push(server);
    }
    const [one, two] = servers as [TestServer, TestServer];
    const owner = await registerUser(one.url);
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const publish = (url: string, id: string, n: number) =>
      client(url, owner).request("POST", "/v1/document.php", {
        body: { Identifier: id, Title: `Counted ${n}`, Payload: "y".repeat(2048 + n) },
      });
    for (const id of ids) expect((await publish(one.url, id, 0)).status).toBe(200);

    const load = startDownloadLoad({ serverUrl: () => [one.url, two.url], ids, concurrency: 12 });
    let republished = 0;
    const started = Date.now();
    while (load.acknowledged() < 800 && Date.now() - started < 60_000) {
      // The owner updates a document through either instance meanwhile: a write on the same rows.
      expect((await publish(republished % 2 ? two.url : one.url, ids[0]!, ++republished)).status).toBe(200);
    }
    await load.stop();
    const counts = await downloadCounts(two.url, load);
    console.log(
      `two instances: ${load.acknowledged()} downloads in ${Date.now() - started} ms, ${republished} republishes, counts ${JSON.stringify(counts.map((c) => [c.count, c.tally.acknowledged]))}`,
    );
    for (const { count, tally } of counts) {
      expect(tally.other).toEqual({});
      expect(tally.unknown).toBe(0);
      expect(count).toBe(tally.acknowledged);
    }
    expect(load.acknowledged()).toBeGreaterThanOrEqual(800);
    for (const s of servers) expect(s.logs()).not.toMatch(/unexpected error/);
  }, 120_000);
});
