// v1 exact (docs/CONTRACT.md#limits): no item count limit on POST arrays, only MAX_BODY_BYTES. Each
// batch is one transaction (rows written in statements of 500, far below SQLite's and
// PostgreSQL's bound-parameter limits); one bad item at the end leaves nothing written.
// Mods: one Steam call per 100 ids. Times are printed for docs/API.md.
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";
import { newWorkshopId, putSteamItems } from "../support/steam";

const engine = inject("engine");

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`[large-batches ${engine}] ${what}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

const post = (who: Identity | undefined, target: string, body: unknown) => api(who).request("POST", target, { body });

async function steamCalls(ids: string[]): Promise<number> {
  const res = await fetch(`${inject("steamUrl")}/__calls`, { method: "POST", body: JSON.stringify({ ids }) });
  return ((await res.json()) as { count: number }).count;
}

describe(`POST arrays over the old caps on ${engine}`, () => {
  it("accepts 1,001 documents in one request; a foreign document at the end writes none", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const foreign = randomUUID();
    expect((await post(bob, "/v1/document.php", { Identifier: foreign, Title: "Bob's" })).status).toBe(200);
    const docs = Array.from({ length: 1001 }, (_, i) => ({
      Identifier: randomUUID(),
      Title: `Doc ${i}`,
      Description: "d",
      LootSources: [],
      Version: 2,
    }));
    const ids = docs.map((d) => d.Identifier);

    const refused = await timed("1,001 documents, last one foreign (403)", () =>
      post(alice, "/v1/document.php", [...docs.slice(0, 1000), { ...docs[1000]!, Identifier: foreign }]),
    );
    expect(expectJsonError(refused, 403).details).toEqual({ document_ids: [foreign] });
    expect(await testDb().document.count({ where: { userId: alice.userId } })).toBe(0);
    expect(await testDb().documentContent.count({ where: { document: { userId: alice.userId } } })).toBe(0);

    const res = await timed("1,001 documents (200)", () => post(alice, "/v1/document.php", docs));
    expect(res.status, res.text()).toBe(200);
    const stored = await testDb().document.findMany({ where: { userId: alice.userId }, select: { id: true } });
    expect(stored.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(await testDb().documentContent.count({ where: { document: { userId: alice.userId } } })).toBe(1001);
    const last = await api().request("GET", `/v1/document.php/${ids[1000]}`);
    expect(last.json<{ Title: string }>().Title).toBe("Doc 1000");
  });

  it("accepts 1,001 users in one request; an existing user at the end writes none", async () => {
    // One key for all: generating 1,001 RSA keys would time the test, not the server.
    const key = publicKeyPem(newIdentity("ed25519"));
    const existing = await registeredUser("ed25519");
    const users = Array.from({ length: 1001 }, () => ({ user_id: randomUUID(), public_key: key }));
    const ids = users.map((u) => u.user_id);

    const refused = await timed("1,001 users, last one exists (400)", () =>
      post(undefined, "/v1/user.php", [...users.slice(0, 1000), { user_id: existing.userId, public_key: key }]),
    );
    expectJsonError(refused, 400);
    const stored = async () =>
      (await testDb().user.findMany({ where: { id: { in: ids } }, select: { id: true } })).length;
    expect(await stored()).toBe(0);
    const invalid = await post(undefined, "/v1/user.php", [
      ...users.slice(0, 1000),
      { user_id: "not-a-uuid", public_key: key },
    ]);
    expect(expectJsonError(invalid, 400).details).toMatchObject({ index: 1000 });
    expect(await stored()).toBe(0);

    const res = await timed("1,001 users (200)", () => post(undefined, "/v1/user.php", users));
    expect(res.status, res.text()).toBe(200);
    expect(await stored()).toBe(1001);
  });

  it("accepts 10,000 engrams in one request; a path of another mod at the end writes none", async () => {
    const who = await registeredUser();
    const mod = await confirmedMod(who);
    const other = await registeredUser();
    const otherMod = await confirmedMod(other);
    const taken = `/Game/Mods/M${otherMod}/Taken_${randomUUID().slice(0, 8)}.Taken_C`;
    expect(
      (await post(other, "/v1/engram.php", { path: taken, label: "Taken", mod_id: otherMod, environments: ["Island"] }))
        .status,
    ).toBe(200);
    const engrams = Array.from({ length: 10_000 }, (_, i) => ({
      path: `/Game/Mods/M${mod}/Item_${i}.Item_${i}`,
      label: `Item ${i}`,
      mod_id: mod,
      environments: ["Island"],
      can_blueprint: i % 2 === 0,
    }));

    const refused = await timed("10,000 engrams, last path another mod's (409)", () =>
      post(who, "/v1/engram.php", [...engrams.slice(0, 9999), { ...engrams[9999]!, path: taken }]),
    );
    expect(expectJsonError(refused, 409).details).toMatchObject({ index: 9999, mod_id: otherMod });
    expect(await testDb().engram.count({ where: { modId: mod } })).toBe(0);

    const created = await timed("10,000 engrams, all new (200)", () => post(who, "/v1/engram.php", engrams));
    expect(created.status, created.text()).toBe(200);
    expect(await testDb().engram.count({ where: { modId: mod } })).toBe(10_000);
    expect(await testDb().engram.count({ where: { modId: mod, canBlueprint: true } })).toBe(5_000);

    const updated = await timed("10,000 engrams, all updates (200)", () =>
      post(
        who,
        "/v1/engram.php",
        engrams.map((e) => ({ ...e, label: `${e.label} v2` })),
      ),
    );
    expect(updated.status, updated.text()).toBe(200);
    expect(await testDb().engram.count({ where: { modId: mod, label: { endsWith: " v2" } } })).toBe(10_000);

    // And back out in one DELETE: 10,000 uids in a text/plain body.
    const uids = engrams.map((e) => createHash("md5").update(e.path.toLowerCase()).digest("hex"));
    const deleted = await timed("10,000 engrams deleted by uid (200)", () =>
      api(who).request("DELETE", "/v1/engram.php", { body: uids.join(","), contentType: "text/plain" }),
    );
    expect(deleted.status, deleted.text()).toBe(200);
    expect(await testDb().engram.count({ where: { modId: mod } })).toBe(0);
  });

  it("registers 1,000 mods in one request with 10 Steam calls; a mod missing from Steam at the end writes none", async () => {
    const who = await registeredUser();
    const ids = Array.from({ length: 1000 }, () => newWorkshopId());
    await putSteamItems(ids.map((id) => ({ publishedfileid: id, title: `Batch mod ${id}` })));

    const res = await timed("1,000 mods, 10 Steam calls (200)", () =>
      post(
        who,
        "/v1/mod.php",
        ids.map((mod_id) => ({ mod_id })),
      ),
    );
    expect(res.status, res.text()).toBe(200);
    expect(await steamCalls(ids)).toBe(10);
    const rows = await testDb().modRegistration.findMany({
      where: { userId: who.userId },
      select: { workshopId: true, name: true },
    });
    expect(rows.length).toBe(1000);
    expect(rows.every((r) => r.name === `Batch mod ${r.workshopId}`)).toBe(true);

    const more = Array.from({ length: 999 }, () => newWorkshopId());
    await putSteamItems(more.map((id) => ({ publishedfileid: id })));
    const missing = newWorkshopId();
    const refused = await timed("1,000 mods, last not in the workshop (404)", () =>
      post(
        who,
        "/v1/mod.php",
        [...more, missing].map((mod_id) => ({ mod_id })),
      ),
    );
    expect(expectJsonError(refused, 404).details).toEqual({ index: 999, mod_id: missing });
    expect(await steamCalls([...more, missing])).toBe(10);
    expect(await testDb().modRegistration.count({ where: { userId: who.userId } })).toBe(1000);

    const deleted = await timed("1,000 mods deleted (200)", () =>
      api(who).request("DELETE", "/v1/mod.php", { body: ids.join(","), contentType: "text/plain" }),
    );
    expect(deleted.status, deleted.text()).toBe(200);
    expect(await testDb().modRegistration.count({ where: { userId: who.userId } })).toBe(0);
  });
});
