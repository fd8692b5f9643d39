// /v1/engram.php over real HTTP: docs/CONTRACT.md#errors, #engrams. Runs once
// per engine; mods are confirmed through the fake Steam (test/support/mods.ts).
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmedMod, registeredMod } from "../support/mods";
import { newWorkshopId } from "../support/steam";

interface Engram {
  path: string;
  class: string;
  label: string;
  environments: string[];
  can_blueprint: boolean;
  spawn: string;
  uid: string;
  resource_url: string;
  mod_id: number | null;
  mod_name: string | null;
}

const uniq = () => randomUUID().slice(0, 8);
const engramBody = (modId: string | number | null, name = `Item_${uniq()}`, extra: Record<string, unknown> = {}) => ({
  path: `/Game/Mods/M${modId}/${name}.${name}`,
  label: `Label ${name}`,
  mod_id: modId,
  environments: ["Island"],
  can_blueprint: true,
  ...extra,
});
const post = (who: Identity, body: unknown) => api(who).request("POST", "/v1/engram.php", { body });
const get = (target: string) => api().request("GET", target);
const count = (modId: string | null) => testDb().engram.count({ where: { modId } });

async function owner(): Promise<{ who: Identity; mod: string }> {
  const who = await registeredUser();
  return { who, mod: await confirmedMod(who, { title: `Mod ${uniq()}` }) };
}

async function baseGameEngram(): Promise<{ uid: string; path: string; className: string }> {
  const name = `Base_${uniq()}`;
  const path = `/Game/PrimalEarth/${name}.${name}`;
  const { createHash } = await import("node:crypto");
  const uid = createHash("md5").update(path.toLowerCase()).digest("hex");
  await testDb().engram.create({
    data: {
      uid,
      path,
      className: `${name}_C`,
      classKey: `${name}_c`.toLowerCase(),
      label: name,
      environments: 1,
      canBlueprint: true,
      modId: null,
    },
  });
  return { uid, path, className: `${name}_C` };
}

describe("POST /v1/engram.php", () => {
  it("adds an engram of the caller's confirmed mod; GET returns every field in the table's order (docs/CONTRACT.md#engrams)", async () => {
    const { who, mod } = await owner();
    const path = `/Game/Mods/Test${mod}/PrimalItem_Gun.PrimalItem_Gun`;
    const res = await post(who, {
      path,
      label: "Gun",
      mod_id: Number(mod),
      environments: ["ragnarok", "Island"],
      can_blueprint: true,
      extra: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    const { createHash } = await import("node:crypto");
    const uid = createHash("md5").update(path.toLowerCase()).digest("hex");
    const got = await get(`/v1/engram.php/${uid}`);
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toMatch(/^application\/json/);
    const engram = got.json<Record<string, unknown>>();
    expect(Object.keys(engram)).toEqual([
      "path",
      "class",
      "label",
      "environments",
      "can_blueprint",
      "spawn",
      "uid",
      "resource_url",
      "mod_id",
      "mod_name",
    ]);
    const modName = (await testDb().modRegistration.findUniqueOrThrow({ where: { confirmedModId: mod } })).name;
    expect(engram).toEqual({
      path,
      class: "PrimalItem_Gun_C",
      label: "Gun",
      environments: ["Island", "Ragnarok"],
      can_blueprint: true,
      spawn: `cheat giveitem "Blueprint'${path}'" 1 0 false`,
      uid,
      resource_url: `${inject("serverUrl")}/v1/engram.php/${uid}`,
      mod_id: Number(mod),
      mod_name: modName,
    });
    expect(got.text()).toContain(`"mod_id":${mod}`);
  });

  it("normalises availability strings, Aberration and can_blueprint spellings", async () => {
    const { who, mod } = await owner();
    const items = [
      engramBody(mod, "A1", {
        environments: undefined,
        availability: "scorched, ABERRATION,island",
        can_blueprint: "false",
      }),
      engramBody(mod, "A2", { environments: "Center", can_blueprint: 0 }),
      engramBody(mod, "A3", { environments: ["Abberation"], can_blueprint: "1" }),
    ];
    expect((await post(who, items)).status).toBe(200);
    const list = (await get(`/v1/engram.php?mod_id=${mod}`)).json<Engram[]>();
    expect(list.map((e) => [e.label, e.environments, e.can_blueprint])).toEqual([
      ["Label A1", ["Island", "Scorched", "Abberation"], false],
      ["Label A2", ["Center"], false],
      ["Label A3", ["Abberation"], true],
    ]);
  });

  it("updates an existing path of the same mod, in any case, keeping can_blueprint when not sent", async () => {
    const { who, mod } = await owner();
    const first = engramBody(mod, "Upd", { can_blueprint: false });
    expect((await post(who, first)).status).toBe(200);
    const { can_blueprint: _cb, ...rest } = first;
    expect(
      (await post(who, { ...rest, path: first.path.toLowerCase(), label: "Renamed", environments: "Center,Island" }))
        .status,
    ).toBe(200);
    const list = (await get(`/v1/engram.php?mod_id=${mod}`)).json<Engram[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      label: "Renamed",
      environments: ["Island", "Center"],
      can_blueprint: false,
      path: first.path.toLowerCase(),
    });
    const fresh = engramBody(mod, "Fresh", { can_blueprint: undefined });
    expect((await post(who, fresh)).status).toBe(200);
    expect((await get(`/v1/engram.php/Fresh_C`)).json<Engram>().can_blueprint).toBe(true);
  });

  it("adds an array all at once, and nothing when one item is bad, naming it", async () => {
    const { who, mod } = await owner();
    expect((await post(who, [engramBody(mod), engramBody(mod)])).status).toBe(200);
    expect(await count(mod)).toBe(2);
    const err = expectJsonError(
      await post(who, [engramBody(mod), engramBody(mod, "Bad", { environments: ["Genesis"] })]),
      400,
    );
    expect(err.details).toMatchObject({ index: 1 });
    expect(err.message).toMatch(/Item 1/);
    expect(await count(mod)).toBe(2);
  });

  it.each<[string, Record<string, unknown>]>([
    ["no path", { path: undefined }],
    ["a path without a leading /", { path: "Game/Mods/X.X" }],
    ["a path with a quote", { path: "/Game/Mods/X'.X" }],
    ["no label", { label: undefined }],
    ["an empty label", { label: "" }],
    ["no mod_id", { mod_id: undefined }],
    ["a non-numeric mod_id", { mod_id: "abc" }],
    ["an absurd mod_id", { mod_id: "99999999999999999999999" }],
    ["a negative mod_id", { mod_id: -4 }],
    ["no environments", { environments: undefined }],
    ["empty environments", { environments: [] }],
    ["an unknown environment", { environments: "Island,Valguero" }],
    ["numeric environments", { environments: [1, 2] }],
    ["a can_blueprint of 'maybe'", { can_blueprint: "maybe" }],
    ["a label that is an object", { label: { en: "x" } }],
  ])("refuses %s with 400 JSON and writes nothing", async (_name, change) => {
    const { who, mod } = await owner();
    const err = expectJsonError(await post(who, [engramBody(mod), engramBody(mod, undefined, change)]), 400);
    expect(err.details).toMatchObject({ index: 1 });
    expect(await count(mod)).toBe(0);
  });

  it("refuses a path twice in one batch (also at the end of 10,000) and bodies that are not engrams", async () => {
    const { who, mod } = await owner();
    const one = engramBody(mod);
    expectJsonError(await post(who, [one, { ...one, path: one.path.toUpperCase() }]), 400);
    for (const body of ["[1]", "null", "[]", '{"path":', "42"]) {
      expectJsonError(await api(who).request("POST", "/v1/engram.php", { body, contentType: "application/json" }), 400);
    }
    expectJsonError(
      await api(who).request("POST", "/v1/engram.php", { body: JSON.stringify(one), contentType: "text/plain" }),
      400,
    );
    const many = Array.from({ length: 10_000 }, (_, i) => engramBody(mod, `N${i}`));
    expect(expectJsonError(await post(who, [...many, many[0]]), 400).details).toMatchObject({
      index: 10_000,
      duplicate_of: 0,
    });
    expect(await count(mod)).toBe(0);
  });

  it("takes a batch of 2,000 engrams in one request", async () => {
    const { who, mod } = await owner();
    expect(
      (
        await post(
          who,
          Array.from({ length: 2000 }, (_, i) => engramBody(mod, `Bulk${i}`)),
        )
      ).status,
    ).toBe(200);
    expect(await count(mod)).toBe(2000);
  }, 120_000);

  it("requires a confirmed registration of mod_id owned by the caller: 403, nothing written", async () => {
    const { who, mod } = await owner();
    const bob = await registeredUser();
    const unconfirmed = await registeredMod(who);
    const cases = [
      [bob, engramBody(mod)],
      [who, engramBody(unconfirmed)],
      [who, engramBody(newWorkshopId())],
      [who, engramBody(null)],
    ] as const;
    for (const [caller, body] of cases) {
      const err = expectJsonError(await post(caller, [engramBody(mod), body].slice(caller === who ? 0 : 1)), 403);
      expect(err.details).toMatchObject({ index: caller === who ? 1 : 0 });
    }
    expect(await count(mod)).toBe(0);
    expect(await count(unconfirmed)).toBe(0);
  });

  it("refuses a path that belongs to another mod or to the base game: 409, nothing written", async () => {
    const a = await owner();
    const b = await owner();
    const taken = engramBody(a.mod, "Taken");
    expect((await post(a.who, taken)).status).toBe(200);
    const err = expectJsonError(
      await post(b.who, [engramBody(b.mod), { ...taken, path: taken.path.toUpperCase(), mod_id: b.mod }]),
      409,
    );
    expect(err.details).toMatchObject({ index: 1, mod_id: a.mod });
    const base = await baseGameEngram();
    expectJsonError(await post(b.who, { ...engramBody(b.mod), path: base.path }), 409);
    expect(await count(b.mod)).toBe(0);
    expect((await get(`/v1/engram.php/${base.uid}`)).json<Engram>().mod_id).toBeNull();
  });

  it("requires a signature: 401", async () => {
    const { mod } = await owner();
    expectJsonError(await api().request("POST", "/v1/engram.php", { body: engramBody(mod) }), 401);
    expect(await count(mod)).toBe(0);
  });
});

describe("GET /v1/engram.php", () => {
  it("needs no signature and lists all engrams, by mods, and those of no mod", async () => {
    const a = await owner();
    const b = await owner();
    expect((await post(a.who, [engramBody(a.mod, "Zed"), engramBody(a.mod, "Alpha")])).status).toBe(200);
    expect((await post(b.who, engramBody(b.mod, "Bee"))).status).toBe(200);
    const base = await baseGameEngram();

    const all = (await get("/v1/engram.php")).json<Engram[]>();
    expect(all.map((e) => e.uid)).toEqual(expect.arrayContaining([base.uid]));
    expect(all.filter((e) => e.mod_id === Number(a.mod)).map((e) => e.label)).toEqual(["Label Alpha", "Label Zed"]);

    const two = (await get(`/v1/engram.php?mod_id=${a.mod},${b.mod}`)).json<Engram[]>();
    expect(two.map((e) => e.label).sort()).toEqual(["Label Alpha", "Label Bee", "Label Zed"]);
    expect((await get(`/v1/engram.php?mod_id=${b.mod}`)).json<Engram[]>().map((e) => e.label)).toEqual(["Label Bee"]);

    const none = (await get("/v1/engram.php?mod_id=")).json<Engram[]>();
    expect(none.map((e) => e.uid)).toContain(base.uid);
    expect(none.every((e) => e.mod_id === null && e.mod_name === null)).toBe(true);
    expect((await get(`/v1/engram.php?mod_id=${newWorkshopId()}`)).json()).toEqual([]);
  });

  it("finds by uid (object), by class in any case (object, or array when several), and many ids (array)", async () => {
    const a = await owner();
    const b = await owner();
    const cls = `Shared_${uniq()}`;
    const one = engramBody(a.mod, cls);
    expect((await post(a.who, one)).status).toBe(200);
    const single = (await get(`/v1/engram.php/${cls.toLowerCase()}_c`)).json<Engram>();
    expect(single).toMatchObject({ class: `${cls}_C`, mod_id: Number(a.mod) });
    expect((await get(`/v1/engram.php/${single.uid.toUpperCase()}`)).json<Engram>().uid).toBe(single.uid);

    expect((await post(b.who, engramBody(b.mod, cls))).status).toBe(200);
    const both = (await get(`/v1/engram.php/${cls}_C`)).json<Engram[]>();
    expect(both.map((e) => e.mod_id).sort()).toEqual([Number(a.mod), Number(b.mod)].sort());

    const other = engramBody(a.mod);
    expect((await post(a.who, other)).status).toBe(200);
    const otherUid = (await get(`/v1/engram.php?mod_id=${a.mod}`))
      .json<Engram[]>()
      .find((e) => e.path === other.path)!.uid;
    const many = (await get(`/v1/engram.php/${single.uid},${otherUid},${"0".repeat(32)}`)).json<Engram[]>();
    expect(many.map((e) => e.uid).sort()).toEqual([single.uid, otherUid].sort());
  });

  it("answers 404 when nothing is found and 400 for ids that are neither uid nor class", async () => {
    expectJsonError(await get(`/v1/engram.php/${"a".repeat(32)}`), 404);
    expectJsonError(await get(`/v1/engram.php/${"a".repeat(32)},Nothing_${uniq()}_C`), 404);
    for (const bad of [
      "/v1/engram.php/hello",
      "/v1/engram.php/abc123",
      "/v1/engram.php?mod_id=abc",
      "/v1/engram.php?mod_id=-1",
    ]) {
      expectJsonError(await get(bad), 400);
    }
  });
});

describe("DELETE /v1/engram.php", () => {
  it("deletes by uid or class in the path and in a text/plain body", async () => {
    const { who, mod } = await owner();
    const items = ["D1", "D2", "D3", "D4"].map((n) => engramBody(mod, `${n}_${uniq()}`));
    expect((await post(who, items)).status).toBe(200);
    const list = (await get(`/v1/engram.php?mod_id=${mod}`)).json<Engram[]>();
    const uidOf = (i: number) => list.find((e) => e.path === items[i]!.path)!.uid;
    const classOf = (i: number) => list.find((e) => e.path === items[i]!.path)!.class;

    const res = await api(who).request("DELETE", `/v1/engram.php/${uidOf(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect((await api(who).request("DELETE", `/v1/engram.php/${classOf(1).toUpperCase()}`)).status).toBe(200);
    expect(
      (
        await api(who).request("DELETE", "/v1/engram.php", {
          body: `${uidOf(2)},${classOf(3)}`,
          contentType: "text/plain",
        })
      ).status,
    ).toBe(200);
    expect(await count(mod)).toBe(0);
  });

  it("never deletes another user's or the base game's engrams: 403, nothing deleted", async () => {
    const a = await owner();
    const b = await owner();
    const theirs = engramBody(a.mod, `Theirs_${uniq()}`);
    const mine = engramBody(b.mod, `Mine_${uniq()}`);
    expect((await post(a.who, theirs)).status).toBe(200);
    expect((await post(b.who, mine)).status).toBe(200);
    const theirUid = (await get(`/v1/engram.php?mod_id=${a.mod}`)).json<Engram[]>()[0]!.uid;
    const myUid = (await get(`/v1/engram.php?mod_id=${b.mod}`)).json<Engram[]>()[0]!.uid;
    const base = await baseGameEngram();

    expectJsonError(await api(b.who).request("DELETE", `/v1/engram.php/${theirUid}`), 403);
    expectJsonError(await api(b.who).request("DELETE", `/v1/engram.php/${myUid},${theirUid}`), 403);
    expectJsonError(
      await api(b.who).request("DELETE", "/v1/engram.php", {
        body: `${myUid},${base.className}`,
        contentType: "text/plain",
      }),
      403,
    );
    expectJsonError(await api(b.who).request("DELETE", `/v1/engram.php/${base.uid}`), 403);
    expect(await count(a.mod)).toBe(1);
    expect(await count(b.mod)).toBe(1);
    expect(await testDb().engram.count({ where: { uid: base.uid } })).toBe(1);
  });

  it("deletes only the caller's copy of a class that several mods use", async () => {
    const a = await owner();
    const b = await owner();
    const cls = `Dup_${uniq()}`;
    expect((await post(a.who, engramBody(a.mod, cls))).status).toBe(200);
    expect((await post(b.who, engramBody(b.mod, cls))).status).toBe(200);
    expect((await api(b.who).request("DELETE", `/v1/engram.php/${cls}_C`)).status).toBe(200);
    expect(await count(b.mod)).toBe(0);
    expect(await count(a.mod)).toBe(1);
  });

  it("answers 401 unsigned, 404 when nothing matched, 400 for bad ids; 10,000 ids (one uid repeated) delete it once", async () => {
    const { who, mod } = await owner();
    expect((await post(who, engramBody(mod, "Keep"))).status).toBe(200);
    const uid = (await get(`/v1/engram.php?mod_id=${mod}`)).json<Engram[]>()[0]!.uid;
    expectJsonError(await api().request("DELETE", `/v1/engram.php/${uid}`), 401);
    expectJsonError(await api(who).request("DELETE", `/v1/engram.php/${"b".repeat(32)}`), 404);
    expectJsonError(await api(who).request("DELETE", "/v1/engram.php"), 400);
    expectJsonError(await api(who).request("DELETE", "/v1/engram.php/not-an-id"), 400);
    const tenThousand = Array.from({ length: 10_000 }, () => uid).join(",");
    expect(await count(mod)).toBe(1);
    expect(
      (await api(who).request("DELETE", "/v1/engram.php", { body: tenThousand, contentType: "text/plain" })).status,
    ).toBe(200);
    expect(await count(mod)).toBe(0);
  });
});

describe("the request wrapper on engram.php", () => {
  it("answers other methods with 405 and Allow", async () => {
    const res = await api().request("PATCH", "/v1/engram.php", { body: "{}", contentType: "application/json" });
    expectJsonError(res, 405);
    expect(res.headers["allow"]).toBe("GET, POST, DELETE, OPTIONS");
  });
});

describe("cascades", () => {
  it("mod DELETE removes its engrams", async () => {
    const { who, mod } = await owner();
    expect((await post(who, [engramBody(mod), engramBody(mod)])).status).toBe(200);
    expect((await api(who).request("DELETE", `/v1/mod.php/${mod}`)).status).toBe(200);
    expect(await count(mod)).toBe(0);
    expect((await get(`/v1/engram.php?mod_id=${mod}`)).json()).toEqual([]);
  });

  it("user DELETE removes their registrations and engrams", async () => {
    const { who, mod } = await owner();
    expect((await post(who, [engramBody(mod), engramBody(mod)])).status).toBe(200);
    expect((await api(who).request("DELETE", `/v1/user.php/${who.userId}`)).status).toBe(200);
    expect(await count(mod)).toBe(0);
    expect(await testDb().modRegistration.count({ where: { workshopId: mod } })).toBe(0);
  });

  it("a deleted engram may later be registered to a different mod", async () => {
    const a = await owner();
    const b = await owner();
    const item = engramBody(a.mod, `Moving_${uniq()}`);
    expect((await post(a.who, item)).status).toBe(200);
    expect((await api(a.who).request("DELETE", `/v1/engram.php/${item.path.split(".").pop()}_C`)).status).toBe(200);
    expect((await post(b.who, { ...item, mod_id: b.mod })).status).toBe(200);
    expect(await count(b.mod)).toBe(1);
  });
});
