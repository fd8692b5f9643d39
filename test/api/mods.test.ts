// /v1/mod.php over real HTTP with a fake Steam Web API: docs/CONTRACT.md#errors, #mods. Runs once per engine.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmedMod, confirmMod, getMod, postMods, registeredMod, type ModReply } from "../support/mods";
import { newWorkshopId, steamItem, steamRequests } from "../support/steam";

type Mod = ModReply;

const base = () => inject("serverUrl");
const post = postMods;
const confirm = (who: Identity, id: string) => confirmMod(who, id);
const registered = registeredMod;
const registrations = (workshopId: string) => testDb().modRegistration.findMany({ where: { workshopId } });

describe("POST /v1/mod.php", () => {
  it("registers a mod and returns every spec field in order, URLs from BASE_URL (docs/CONTRACT.md#mods)", async () => {
    const alice = await registeredUser();
    const id = await steamItem({ title: "Super Structures" });
    const res = await post(alice, { mod_id: id, ignored: "key" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    const got = await api(alice).request("GET", `/v1/mod.php/${id}`);
    expect(got.headers["content-type"]).toMatch(/^application\/json/);
    const mod = got.json<Record<string, unknown>>();
    expect(Object.keys(mod)).toEqual([
      "mod_id",
      "name",
      "workshop_url",
      "confirmed",
      "confirmation_code",
      "resource_url",
      "confirm_url",
      "engrams_url",
      "spawncodes_url",
      "pull_url",
      "pull_api",
    ]);
    expect(mod).toEqual({
      mod_id: id,
      name: "Super Structures",
      workshop_url: `https://steamcommunity.com/sharedfiles/filedetails/?id=${id}`,
      confirmed: false,
      confirmation_code: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      resource_url: `${base()}/v1/mod.php/${id}`,
      confirm_url: `${base()}/v1/mod.php/${id}?action=confirm`,
      engrams_url: `${base()}/v1/engram.php?mod_id=${id}`,
      spawncodes_url: `${base()}/spawn/?mod_id=${id}`,
      pull_url: null,
      pull_api: null,
    });
  });

  it("accepts mod_id as a JSON number and returns it as a string", async () => {
    const alice = await registeredUser();
    const id = await steamItem();
    expect((await post(alice, { mod_id: Number(id) })).status).toBe(200);
    expect((await getMod(alice, id)).mod_id).toBe(id);
  });

  it("registers an array all at once, and nothing when one item is not in the workshop", async () => {
    const alice = await registeredUser();
    const [a, b] = [await steamItem(), await steamItem()];
    expect((await post(alice, [{ mod_id: a }, { mod_id: b }])).status).toBe(200);
    expect((await api(alice).request("GET", `/v1/mod.php/${a},${b}`)).json<unknown[]>()).toHaveLength(2);

    const c = await steamItem();
    const missing = newWorkshopId();
    const err = expectJsonError(await post(alice, [{ mod_id: c }, { mod_id: missing }]), 404);
    expect(err.details).toMatchObject({ index: 1, mod_id: missing });
    expect(await registrations(c)).toHaveLength(0);
  });

  it("treats items of another game or with result != 1 as not found (ownership rule 4)", async () => {
    const alice = await registeredUser();
    const otherGame = await steamItem({ consumer_app_id: 440 });
    const banned = await steamItem({ result: 17 });
    for (const id of [otherGame, banned, newWorkshopId()]) {
      expectJsonError(await post(alice, { mod_id: id }), 404);
      expect(await registrations(id)).toHaveLength(0);
    }
  });

  it.each(["http500", "close", "garbage", "wrong-shape"] as const)(
    "answers 502 JSON when Steam fails (%s), after one retry, writing nothing",
    async (failure) => {
      const alice = await registeredUser();
      const id = await steamItem({ failure });
      const err = expectJsonError(await post(alice, { mod_id: id }), 502);
      expect(err.message).toMatch(/Steam/);
      expect(await steamRequests(id)).toBe(2);
      expect(await registrations(id)).toHaveLength(0);
    },
  );

  it("retries once: a single Steam failure is invisible to the client", async () => {
    const alice = await registeredUser();
    const id = await steamItem({ failure: "http500", failTimes: 1 });
    expect((await post(alice, { mod_id: id })).status).toBe(200);
    expect(await steamRequests(id)).toBe(2);
  });

  it("caches found items briefly, but never a miss", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = await steamItem();
    expect((await post(alice, { mod_id: id })).status).toBe(200);
    expect((await post(bob, { mod_id: id })).status).toBe(200);
    expect(await steamRequests(id)).toBe(1);

    const later = newWorkshopId();
    expectJsonError(await post(alice, { mod_id: later }), 404);
    await steamItem({ publishedfileid: later });
    expect((await post(alice, { mod_id: later })).status).toBe(200);
  });

  it("refuses a mod the caller registered already with 409, unless the item carries pull_url", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    const code = (await getMod(alice, id)).confirmation_code;
    const err = expectJsonError(await post(alice, { mod_id: id }), 409);
    expect(err.details).toMatchObject({ index: 0, mod_id: id });

    expect((await post(alice, { mod_id: id, pull_url: "https://example.com/engrams.json" })).status).toBe(200);
    let mod = await getMod(alice, id);
    expect([mod.pull_url, mod.pull_api]).toEqual([
      "https://example.com/engrams.json",
      "https://example.com/engrams.json",
    ]);
    expect(mod.confirmation_code).toBe(code);

    expect((await post(alice, { mod_id: id, pull_api: "http://example.org/e.csv" })).status).toBe(200);
    expect((await getMod(alice, id)).pull_url).toBe("http://example.org/e.csv");

    expect((await post(alice, { mod_id: id, pull_url: null })).status).toBe(200);
    mod = await getMod(alice, id);
    expect([mod.pull_url, mod.pull_api]).toEqual([null, null]);
    expect(await registrations(id)).toHaveLength(1);
  });

  it("stores pull_url given with a new registration", async () => {
    const alice = await registeredUser();
    const id = await steamItem();
    expect((await post(alice, { mod_id: id, pull_api: "https://example.com/x.json" })).status).toBe(200);
    expect((await getMod(alice, id)).pull_url).toBe("https://example.com/x.json");
  });

  it.each<[string, unknown]>([
    ["a relative pull_url", { pull_url: "/engrams.json" }],
    ["an ftp pull_url", { pull_url: "ftp://example.com/engrams.json" }],
    ["a numeric pull_url", { pull_url: 42 }],
    ["differing pull_url and pull_api", { pull_url: "https://a.example/", pull_api: "https://b.example/" }],
  ])("refuses %s with 400", async (_name, extra) => {
    const alice = await registeredUser();
    const id = await steamItem();
    expectJsonError(await post(alice, { mod_id: id, ...(extra as object) }), 400);
    expect(await registrations(id)).toHaveLength(0);
  });

  it.each<[string, unknown]>([
    ["a non-numeric id", { mod_id: "abc" }],
    ["a negative id", { mod_id: "-5" }],
    ["zero", { mod_id: 0 }],
    ["a fraction", { mod_id: 1.5 }],
    ["an absurdly long id", { mod_id: "123456789012345678901234567890" }],
    ["an id beyond 2^53", { mod_id: "9007199254740993" }],
    ["an object", { mod_id: { id: 1 } }],
    ["no mod_id", { name: "x" }],
    ["null", null],
    ["an empty array", []],
  ])("refuses %s with 400 JSON", async (_name, payload) => {
    const alice = await registeredUser();
    expectJsonError(
      await api(alice).request("POST", "/v1/mod.php", {
        body: JSON.stringify(payload),
        contentType: "application/json",
      }),
      400,
    );
    expect(await testDb().modRegistration.count({ where: { userId: alice.userId } })).toBe(0);
  });

  it("names the bad item of a batch and writes none of it", async () => {
    const alice = await registeredUser();
    const good = await steamItem();
    const err = expectJsonError(await post(alice, [{ mod_id: good }, { mod_id: good.slice(0, 5) + "x" }]), 400);
    expect(err.details).toMatchObject({ index: 1 });
    expectJsonError(await post(alice, [{ mod_id: good }, { mod_id: Number(good) }]), 400);
    expect(await registrations(good)).toHaveLength(0);
  });

  it("looks up batches of any size (no count limit): 101 and 10,000 unknown mods are 404 naming item 0, nothing written", async () => {
    const alice = await registeredUser();
    for (const n of [101, 10_000]) {
      const body = Array.from({ length: n }, () => ({ mod_id: newWorkshopId() }));
      expect(expectJsonError(await post(alice, body), 404).details).toEqual({ index: 0, mod_id: body[0]!.mod_id });
    }
    expect(await testDb().modRegistration.count({ where: { userId: alice.userId } })).toBe(0);
  });

  it("refuses malformed JSON and a wrong Content-Type with 400", async () => {
    const alice = await registeredUser();
    const id = await steamItem();
    expectJsonError(
      await api(alice).request("POST", "/v1/mod.php", { body: '{"mod_id":', contentType: "application/json" }),
      400,
    );
    expectJsonError(
      await api(alice).request("POST", "/v1/mod.php", {
        body: JSON.stringify({ mod_id: id }),
        contentType: "text/plain",
      }),
      400,
    );
    expect(await registrations(id)).toHaveLength(0);
  });
});

describe("GET /v1/mod.php", () => {
  it("lists only the caller's mods, ordered by name", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const names = ["Zebra Mod", "alpha helpers", "Middle Earth"];
    const ids: string[] = [];
    for (const title of names) ids.push(await registered(alice, { title }));
    await registered(bob);
    const list = (await api(alice).request("GET", "/v1/mod.php")).json<Mod[]>();
    expect(list.map((m) => m.name)).toEqual([...names].sort());
    expect(list.map((m) => m.mod_id).sort()).toEqual([...ids].sort());
  });

  it("returns an empty array to a caller without mods", async () => {
    const res = await api(await registeredUser()).request("GET", "/v1/mod.php");
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("returns an object for one id, an array of what was found for several, 404 when none", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    expect((await api(alice).request("GET", `/v1/mod.php/${id}`)).json<Mod>().mod_id).toBe(id);
    const many = await api(alice).request("GET", `/v1/mod.php/${id},${newWorkshopId()}`);
    expect(many.json<Mod[]>().map((m) => m.mod_id)).toEqual([id]);
    expectJsonError(await api(alice).request("GET", `/v1/mod.php/${newWorkshopId()}`), 404);
    expectJsonError(await api(alice).request("GET", `/v1/mod.php/${newWorkshopId()},${newWorkshopId()}`), 404);
  });

  it("lets two users register the same mod, each seeing their own registration (ownership rule 1)", async () => {
    const [alice, bob, carol] = [await registeredUser(), await registeredUser(), await registeredUser()];
    const id = await registered(alice);
    expect((await post(bob, { mod_id: id })).status).toBe(200);
    const [a, b] = [await getMod(alice, id), await getMod(bob, id)];
    expect(a.confirmation_code).not.toBe(b.confirmation_code);
    expect({ ...a, confirmation_code: "" }).toEqual({ ...b, confirmation_code: "" });
    expectJsonError(await api(carol).request("GET", `/v1/mod.php/${id}`), 404);
  });

  it("refuses non-numeric ids with 400; 10,000 ids in a DELETE body are looked up (404: none registered)", async () => {
    const alice = await registeredUser();
    expectJsonError(await api(alice).request("GET", "/v1/mod.php/abc"), 400);
    expectJsonError(await api(alice).request("GET", "/v1/mod.php/1%2F..%2F2"), 400);
    const ids = Array.from({ length: 10_000 }, (_, i) => String(100_000 + i)).join(",");
    expectJsonError(await api(alice).request("DELETE", "/v1/mod.php", { body: ids, contentType: "text/plain" }), 404);
  });

  it("requires a signature on every method: 401", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    for (const [method, target] of [
      ["GET", "/v1/mod.php"],
      ["GET", `/v1/mod.php/${id}`],
      ["GET", `/v1/mod.php/${id}?action=confirm`],
      ["DELETE", `/v1/mod.php/${id}`],
    ] as const) {
      const res = await api().request(method, target);
      expectJsonError(res, 401);
      expect(res.headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
    }
    expectJsonError(await api().request("POST", "/v1/mod.php", { body: { mod_id: await steamItem() } }), 401);
    expect(await registrations(id)).toHaveLength(1);
  });
});

describe("the request wrapper on mod.php", () => {
  it("answers other methods with 405 and Allow, and OPTIONS with CORS", async () => {
    const alice = await registeredUser();
    const res = await api(alice).request("PUT", "/v1/mod.php", { body: "{}", contentType: "application/json" });
    expectJsonError(res, 405);
    expect(res.headers["allow"]).toBe("GET, POST, DELETE, OPTIONS");
    const pre = await api().request("OPTIONS", "/v1/mod.php");
    expect(pre.status).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("GET /v1/mod.php/<id>?action=confirm", () => {
  it("answers confirmed:false while the code is not in the description, true once it is", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    const first = await confirm(alice, id);
    expect(first.status).toBe(200);
    expect(first.json<Mod>()).toMatchObject({ mod_id: id, confirmed: false });

    // Within the cache's lifetime: confirmation must read the description afresh.
    const code = (await getMod(alice, id)).confirmation_code;
    await steamItem({ publishedfileid: id, title: "Renamed", description: `[b]Beacon:[/b] ${code} thanks` });
    const res = await confirm(alice, id);
    expect(res.status).toBe(200);
    expect(res.json<Mod>()).toMatchObject({ mod_id: id, confirmed: true, confirmation_code: code });
    expect((await getMod(alice, id)).confirmed).toBe(true);
    const [row] = await registrations(id);
    expect(row).toMatchObject({ confirmed: true, confirmedModId: id });
    // Confirming again is harmless.
    expect((await confirm(alice, id)).json<Mod>().confirmed).toBe(true);
  });

  it("does not accept another registration's code", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = await registered(alice);
    expect((await post(bob, { mod_id: id })).status).toBe(200);
    await steamItem({ publishedfileid: id, description: (await getMod(bob, id)).confirmation_code });
    expect((await confirm(alice, id)).json<Mod>().confirmed).toBe(false);
  });

  it("removes every other user's registration and blocks new ones (ownership rules 2, 3)", async () => {
    const [alice, bob, carol] = [await registeredUser(), await registeredUser(), await registeredUser()];
    const id = await registered(alice);
    for (const who of [bob, carol]) expect((await post(who, { mod_id: id })).status).toBe(200);
    await steamItem({ publishedfileid: id, description: (await getMod(alice, id)).confirmation_code });
    expect((await confirm(alice, id)).json<Mod>().confirmed).toBe(true);

    expect((await registrations(id)).map((r) => r.userId)).toEqual([alice.userId]);
    expectJsonError(await api(bob).request("GET", `/v1/mod.php/${id}`), 404);
    expect((await api(carol).request("GET", "/v1/mod.php")).json()).toEqual([]);
    const err = expectJsonError(await post(bob, { mod_id: id }), 409);
    expect(err.details).toMatchObject({ index: 0, mod_id: id });
    expectJsonError(await post(bob, { mod_id: id, pull_url: "https://example.com/" }), 409);
    expectJsonError(await confirm(bob, id), 409);
    expect(await registrations(id)).toHaveLength(1);
  });

  it("refuses other actions, a missing or second id, and unregistered mods", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    expectJsonError(await api(alice).request("GET", `/v1/mod.php/${id}?action=delete`), 400);
    expectJsonError(await api(alice).request("GET", "/v1/mod.php?action=confirm"), 400);
    expectJsonError(await api(alice).request("GET", `/v1/mod.php/${id},${newWorkshopId()}?action=confirm`), 400);
    expectJsonError(await confirm(alice, newWorkshopId()), 404);
  });

  it("answers 502 when Steam is down at confirmation time, and stays unconfirmed", async () => {
    const alice = await registeredUser();
    const id = await registered(alice);
    await steamItem({ publishedfileid: id, failure: "close" });
    expectJsonError(await confirm(alice, id), 502);
    expect((await getMod(alice, id)).confirmed).toBe(false);
  });

  it("is enforced by the database: a second confirmed registration of a workshop id is refused", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = await confirmedMod(alice);
    await expect(
      testDb().modRegistration.create({
        data: {
          userId: bob.userId,
          workshopId: id,
          name: "x",
          confirmationCode: randomUUID(),
          confirmed: true,
          confirmedModId: id,
        },
      }),
    ).rejects.toThrow();
    expect(await registrations(id)).toHaveLength(1);
  });

  it("lets exactly one of several simultaneous confirmations win", async () => {
    for (let round = 0; round < 5; round++) {
      const users = [await registeredUser(), await registeredUser(), await registeredUser()];
      const id = await registered(users[0]!);
      for (const who of users.slice(1)) expect((await post(who, { mod_id: id })).status).toBe(200);
      const codes = await Promise.all(users.map(async (who) => (await getMod(who, id)).confirmation_code));
      await steamItem({ publishedfileid: id, description: codes.join(" ") });
      const replies = await Promise.all(users.map((who) => confirm(who, id)));
      const winners = replies.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.json<Mod>().confirmed).toBe(true);
      for (const r of replies.filter((r) => r.status !== 200)) expectJsonError(r, 409);
      const rows = await registrations(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.confirmedModId).toBe(id);
    }
  });
});

describe("DELETE /v1/mod.php", () => {
  it("deletes by path list and by text/plain body, answering 200 with no body", async () => {
    const alice = await registeredUser();
    const ids = [await registered(alice), await registered(alice), await registered(alice)];
    const res = await api(alice).request("DELETE", `/v1/mod.php/${ids[0]},${ids[1]}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(
      (await api(alice).request("DELETE", "/v1/mod.php", { body: ids[2]!, contentType: "text/plain" })).status,
    ).toBe(200);
    expect(await testDb().modRegistration.count({ where: { userId: alice.userId } })).toBe(0);
  });

  it("deletes only the caller's registration of a shared mod", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = await registered(alice);
    expect((await post(bob, { mod_id: id })).status).toBe(200);
    expect((await api(bob).request("DELETE", `/v1/mod.php/${id}`)).status).toBe(200);
    expect((await registrations(id)).map((r) => r.userId)).toEqual([alice.userId]);
  });

  it("refuses to delete a mod confirmed by another user: 403, nothing deleted", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const id = await confirmedMod(alice);
    const own = await registered(bob);
    expectJsonError(await api(bob).request("DELETE", `/v1/mod.php/${id}`), 403);
    expectJsonError(
      await api(bob).request("DELETE", "/v1/mod.php", { body: `${own},${id}`, contentType: "text/plain" }),
      403,
    );
    expect(await registrations(id)).toHaveLength(1);
    expect(await registrations(own)).toHaveLength(1);
  });

  it("answers 404 when nothing matched, 400 for no ids or bad ids", async () => {
    const alice = await registeredUser();
    expectJsonError(await api(alice).request("DELETE", `/v1/mod.php/${newWorkshopId()}`), 404);
    expectJsonError(await api(alice).request("DELETE", "/v1/mod.php"), 400);
    expectJsonError(await api(alice).request("DELETE", "/v1/mod.php/abc"), 400);
    expectJsonError(
      await api(alice).request("DELETE", "/v1/mod.php", { body: "1,2", contentType: "application/json" }),
      400,
    );
  });

  it("removes the engrams of a confirmed mod (spec: all engrams of the mod are removed)", async () => {
    const alice = await registeredUser();
    const id = await confirmedMod(alice);
    const uid = randomUUID().replace(/-/g, "");
    await testDb().engram.create({
      data: {
        uid,
        path: `/Game/Mods/${uid}/X.X`,
        className: "X_C",
        classKey: "x_c",
        label: "X",
        environments: 1,
        canBlueprint: true,
        modId: id,
      },
    });
    expect((await api(alice).request("DELETE", `/v1/mod.php/${id}`)).status).toBe(200);
    expect(await testDb().engram.count({ where: { uid } })).toBe(0);
  });
});

describe("DELETE /v1/user.php and mods", () => {
  it("removes the user's registrations and the engrams of their confirmed mods", async () => {
    const alice = await registeredUser();
    const confirmed = await confirmedMod(alice);
    const pending = await registered(alice);
    const uid = randomUUID().replace(/-/g, "");
    await testDb().engram.create({
      data: {
        uid,
        path: `/Game/Mods/${uid}/Y.Y`,
        className: "Y_C",
        classKey: "y_c",
        label: "Y",
        environments: 3,
        canBlueprint: false,
        modId: confirmed,
      },
    });
    expect((await api(alice).request("DELETE", `/v1/user.php/${alice.userId}`)).status).toBe(200);
    expect(await registrations(confirmed)).toHaveLength(0);
    expect(await registrations(pending)).toHaveLength(0);
    expect(await testDb().engram.count({ where: { uid } })).toBe(0);
    // The mod is free again for someone else.
    expect((await post(await registeredUser(), { mod_id: confirmed })).status).toBe(200);
  });
});
