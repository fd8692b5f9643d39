// The Steam Workshop client against the fake Steam Web API (docs/CONTRACT.md#mods).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createWorkshopClient } from "@/lib/steam/workshop-client";
import { startFakeSteam, type FakeItem, type FakeSteam } from "../support/fake-steam";
import { freePort } from "../support/test-server";

let steam: FakeSteam;
beforeAll(async () => {
  steam = await startFakeSteam();
});
afterAll(() => steam.close());

let next = 5_000_000;
async function item(fields: Partial<FakeItem> = {}): Promise<string> {
  const id = String(next++);
  await fetch(`${steam.url}/__items`, {
    method: "POST",
    body: JSON.stringify({ items: [{ title: "T", description: "D", ...fields, publishedfileid: id }] }),
  });
  return id;
}
const requests = async (id: string) =>
  ((await (await fetch(`${steam.url}/__requests?id=${id}`)).json()) as { count: number }).count;
const client = (timeoutMs = 5_000) => createWorkshopClient({ apiUrl: steam.url, appId: 346110, timeoutMs });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("workshop client", () => {
  it("returns title and description of an item of the game", async () => {
    const id = await item({ title: "Structures Plus", description: "code inside" });
    expect(await client().getItem(id)).toEqual({
      workshopId: id,
      title: "Structures Plus",
      description: "code inside",
    });
  });

  it("treats result != 1, another app and unknown ids as 404", async () => {
    for (const id of [await item({ result: 9 }), await item({ consumer_app_id: 440 }), "4999999"]) {
      expect((await failure(client().getItem(id))).status).toBe(404);
    }
  });

  it("caches hits, not misses; fresh skips the cache", async () => {
    const c = client();
    const id = await item();
    await c.getItem(id);
    await c.getItem(id);
    expect(await requests(id)).toBe(1);
    await c.getItem(id, { fresh: true });
    expect(await requests(id)).toBe(2);
  });

  it("retries once, then answers 502", async () => {
    const once = await item({ failure: "http500", failTimes: 1 });
    expect((await client().getItem(once)).title).toBe("T");
    const always = await item({ failure: "garbage" });
    const err = await failure(client().getItem(always));
    expect([err.status, err.code]).toEqual([502, "bad_gateway"]);
    expect(await requests(always)).toBe(2);
  });

  it("gives up after the timeout, twice", async () => {
    const id = await item({ failure: "hang" });
    const started = Date.now();
    const err = await failure(client(300).getItem(id));
    expect(err.status).toBe(502);
    expect(err.details).toMatchObject({ reason: expect.stringMatching(/300 ms/) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(await requests(id)).toBe(2);
  });

  it("looks up many ids 100 per call, in Steam's batched form, and says which are missing", async () => {
    const ids = await Promise.all(Array.from({ length: 250 }, (_, i) => item({ title: `Mod ${i}` })));
    const missing = [await item({ result: 9 }), await item({ consumer_app_id: 440 })];
    const found = await client().getItems([...ids, ...missing, ids[0]!]);
    expect(found.size).toBe(252);
    expect(ids.map((id) => found.get(id)?.title)).toEqual(ids.map((_, i) => `Mod ${i}`));
    expect(missing.map((id) => found.get(id))).toEqual([null, null]);
    const calls = await fetch(`${steam.url}/__calls`, {
      method: "POST",
      body: JSON.stringify({ ids: [...ids, ...missing] }),
    });
    expect(((await calls.json()) as { count: number }).count).toBe(3);
    // A failure anywhere in a call fails the look-up as a whole: 502, never a partial answer.
    const broken = [...ids.slice(0, 5), await item({ failure: "http500" })];
    expect((await failure(client().getItems(broken))).status).toBe(502);
  });

  it("answers 502 when Steam is unreachable", async () => {
    const dead = createWorkshopClient({ apiUrl: `http://127.0.0.1:${await freePort()}`, appId: 346110 });
    expect((await failure(dead.getItem("123"))).status).toBe(502);
  });
});
