// Creatures (docs/CONTRACT.md#creatures): /v1/creature.php answers the engram API's cases with the same
// shapes, statuses and bulk forms. One table of cases runs against both endpoints, on
// each engine; the engram-only rows (can_blueprint) say where the kinds differ.
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmedMod, registeredMod } from "../support/mods";
import { newWorkshopId } from "../support/steam";

interface Kind {
  endpoint: string;
  noun: string;
  keys: string[];
  spawn(path: string): string;
  /** keys only this kind takes */
  extra: Record<string, unknown>;
  count(mod: string | null): Promise<number>;
  baseGame(name: string): Promise<{ uid: string; path: string; className: string }>;
}

const md5 = (path: string) => createHash("md5").update(path.toLowerCase()).digest("hex");
const row = (name: string) => ({
  uid: md5(`/Game/PrimalEarth/${name}.${name}`),
  path: `/Game/PrimalEarth/${name}.${name}`,
  className: `${name}_C`,
  classKey: `${name}_c`.toLowerCase(),
  label: name,
  environments: 1,
  modId: null,
});

const KINDS: Kind[] = [
  {
    endpoint: "engram.php",
    noun: "engram",
    keys: [
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
    ],
    spawn: (path) => `cheat giveitem "Blueprint'${path}'" 1 0 false`,
    extra: { can_blueprint: true },
    count: (mod) => testDb().engram.count({ where: { modId: mod } }),
    baseGame: async (name) => testDb().engram.create({ data: { ...row(name), canBlueprint: true } }),
  },
  {
    endpoint: "creature.php",
    noun: "creature",
    keys: ["path", "class", "label", "environments", "spawn", "uid", "resource_url", "mod_id", "mod_name"],
    spawn: (path) => `cheat spawndino "Blueprint'${path}'" 1 1 1 30`,
    extra: {},
    count: (mod) => testDb().creature.count({ where: { modId: mod } }),
    baseGame: async (name) => testDb().creature.create({ data: row(name) }),
  },
];

const uniq = () => randomUUID().slice(0, 8);

describe.each(KINDS)("/v1/$endpoint", (k) => {
  const body = (modId: string | number | null, name = `Item_${uniq()}`, extra: Record<string, unknown> = {}) => ({
    path: `/Game/Mods/M${modId}/${name}.${name}`,
    label: `Label ${name}`,
    mod_id: modId,
    environments: ["Island"],
    ...k.extra,
    ...extra,
  });
  const post = (who: Identity, b: unknown) => api(who).request("POST", `/v1/${k.endpoint}`, { body: b });
  const get = (target: string) => api().request("GET", `/v1/${k.endpoint}${target}`);
  const del = (who: Identity | undefined, target: string, text?: string) =>
    api(who).request(
      "DELETE",
      `/v1/${k.endpoint}${target}`,
      text === undefined ? {} : { body: text, contentType: "text/plain" },
    );
  const owner = async () => {
    const who = await registeredUser();
    return { who, mod: await confirmedMod(who, { title: `Mod ${uniq()}` }) };
  };
  let shared: { who: Identity; mod: string } | undefined;
  const list = async (query: string) =>
    (await get(query)).json<{ uid: string; label: string; path: string; class: string; mod_id: number | null }[]>();

  it("POST adds one; GET answers every key in order, mod_id a number, spawn of the kind", async () => {
    const { who, mod } = await owner();
    const b = body(Number(mod), "Thing", { environments: ["ragnarok", "Island"], unknown: 1 });
    const res = await post(who, b);
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    const got = await get(`/${md5(b.path)}`);
    expect(got.headers["content-type"]).toMatch(/^application\/json/);
    const item = got.json<Record<string, unknown>>();
    expect(Object.keys(item)).toEqual(k.keys);
    expect(item).toMatchObject({
      path: b.path,
      class: "Thing_C",
      label: "Label Thing",
      environments: ["Island", "Ragnarok"],
      spawn: k.spawn(b.path),
      uid: md5(b.path),
      resource_url: `${inject("serverUrl")}/v1/${k.endpoint}/${md5(b.path)}`,
      mod_id: Number(mod),
    });
    expect(got.text()).toContain(`"mod_id":${mod}`);
  });

  it("normalises availability strings and Aberration, and updates a path of the same mod in any case", async () => {
    const { who, mod } = await owner();
    const first = body(mod, "Upd", { environments: undefined, availability: "scorched, ABERRATION,island" });
    expect((await post(who, first)).status).toBe(200);
    expect((await list(`?mod_id=${mod}`)).map((e) => e)).toMatchObject([
      { environments: ["Island", "Scorched", "Abberation"] },
    ]);
    expect(
      (
        await post(who, {
          ...first,
          availability: undefined,
          path: first.path.toLowerCase(),
          label: "Renamed",
          environments: "Center",
        })
      ).status,
    ).toBe(200);
    expect(await list(`?mod_id=${mod}`)).toMatchObject([
      { label: "Renamed", environments: ["Center"], path: first.path.toLowerCase() },
    ]);
  });

  it.each<[string, Record<string, unknown>, number, number]>([
    // [case, change to item 1, status for engrams, status for creatures]
    ["no path", { path: undefined }, 400, 400],
    ["a path without a leading /", { path: "Game/Mods/X.X" }, 400, 400],
    ["a path with a quote", { path: "/Game/Mods/X'.X" }, 400, 400],
    ["no label", { label: undefined }, 400, 400],
    ["an empty label", { label: "" }, 400, 400],
    ["a label that is an object", { label: { en: "x" } }, 400, 400],
    ["no mod_id", { mod_id: undefined }, 400, 400],
    ["a non-numeric mod_id", { mod_id: "abc" }, 400, 400],
    ["no environments", { environments: undefined }, 400, 400],
    ["empty environments", { environments: [] }, 400, 400],
    ["an unknown environment", { environments: "Island,Valguero" }, 400, 400],
    ["a can_blueprint of 'maybe' (a creature ignores the key)", { can_blueprint: "maybe" }, 400, 200],
  ])(
    "answers an item with %s: all or nothing, naming the item",
    async (_name, change, engramStatus, creatureStatus) => {
      // One owner for every row (the cases of a file run one after the other).
      shared ??= await owner();
      const { who, mod } = shared;
      const expected = k.endpoint === "engram.php" ? engramStatus : creatureStatus;
      const before = await k.count(mod);
      const res = await post(who, [body(mod), body(mod, undefined, change)]);
      if (expected === 200) expect(res.status, res.text()).toBe(200);
      else expect(expectJsonError(res, expected).details).toMatchObject({ index: 1 });
      expect(await k.count(mod)).toBe(before + (expected === 200 ? 2 : 0));
    },
  );

  it("refuses the same path twice in a batch and bodies that are not items (400), writing nothing", async () => {
    const { who, mod } = await owner();
    const one = body(mod);
    expect(
      expectJsonError(await post(who, [one, { ...one, path: one.path.toUpperCase() }]), 400).details,
    ).toMatchObject({ index: 1, duplicate_of: 0 });
    for (const raw of ["[1]", "null", "[]", '{"path":', "42"])
      expectJsonError(
        await api(who).request("POST", `/v1/${k.endpoint}`, { body: raw, contentType: "application/json" }),
        400,
      );
    expectJsonError(
      await api(who).request("POST", `/v1/${k.endpoint}`, { body: JSON.stringify(one), contentType: "text/plain" }),
      400,
    );
    expect(await k.count(mod)).toBe(0);
  });

  it("requires a signature (401) and a confirmed mod of the signer (403); a path of another mod or of the base game is 409", async () => {
    const a = await owner();
    const b = await owner();
    expectJsonError(await api().request("POST", `/v1/${k.endpoint}`, { body: body(a.mod) }), 401);
    const unconfirmed = await registeredMod(a.who);
    for (const [caller, item, index] of [
      [b.who, body(a.mod), 0],
      [a.who, body(unconfirmed), 1],
      [a.who, body(newWorkshopId()), 1],
      [a.who, body(null), 1],
    ] as const) {
      const batch = caller === a.who ? [body(a.mod), item] : [item];
      expect(expectJsonError(await post(caller, batch), 403).details).toMatchObject({ index });
    }
    const taken = body(a.mod, `Taken_${uniq()}`);
    expect((await post(a.who, taken)).status).toBe(200);
    expect(
      expectJsonError(
        await post(b.who, [body(b.mod), { ...taken, path: taken.path.toUpperCase(), mod_id: b.mod }]),
        409,
      ).details,
    ).toMatchObject({ index: 1, mod_id: a.mod });
    const base = await k.baseGame(`Base_${uniq()}`);
    expectJsonError(await post(b.who, { ...body(b.mod), path: base.path }), 409);
    expect(await k.count(b.mod)).toBe(0);
  });

  it("GET lists all, by mods and those of no mod; finds by uid, by class in any case, several; 404 and 400", async () => {
    const a = await owner();
    const b = await owner();
    const cls = `Shared_${uniq()}`;
    expect((await post(a.who, [body(a.mod, "Zed"), body(a.mod, "Alpha"), body(a.mod, cls)])).status).toBe(200);
    expect((await post(b.who, [body(b.mod, "Bee"), body(b.mod, cls)])).status).toBe(200);
    const base = await k.baseGame(`Base_${uniq()}`);
    expect((await list("")).map((e) => e.uid)).toEqual(
      expect.arrayContaining([base.uid, md5(body(a.mod, "Zed").path)]),
    );
    expect((await list(`?mod_id=${a.mod}`)).map((e) => e.label)).toEqual(["Label Alpha", `Label ${cls}`, "Label Zed"]);
    expect((await list(`?mod_id=${a.mod},${b.mod}`)).length).toBe(5);
    expect((await list("?mod_id=")).every((e) => e.mod_id === null)).toBe(true);
    expect((await list("?mod_id=")).map((e) => e.uid)).toContain(base.uid);
    expect(await list(`?mod_id=${newWorkshopId()}`)).toEqual([]);
    const zed = md5(body(a.mod, "Zed").path);
    expect((await get(`/${zed.toUpperCase()}`)).json<{ uid: string }>().uid).toBe(zed);
    expect((await get(`/${cls.toLowerCase()}_c`)).json<unknown[]>()).toHaveLength(2);
    expect((await get(`/Zed_C`)).status).toBe(200);
    const several = (await get(`/${zed},${base.uid},${"0".repeat(32)}`)).json<{ uid: string }[]>();
    expect(several.map((e) => e.uid).sort()).toEqual([zed, base.uid].sort());
    expectJsonError(await get(`/${"a".repeat(32)}`), 404);
    for (const bad of ["/hello", "/abc123", "?mod_id=abc", "?mod_id=-1"]) expectJsonError(await get(bad), 400);
  });

  it("DELETE by uid or class, in the path or a text/plain body; never another's (403); 401, 404, 400", async () => {
    const a = await owner();
    const b = await owner();
    const names = ["D1", "D2", "D3", "D4"].map((n) => `${n}_${uniq()}`);
    expect(
      (
        await post(
          a.who,
          names.map((n) => body(a.mod, n)),
        )
      ).status,
    ).toBe(200);
    const uidOf = (i: number) => md5(body(a.mod, names[i]).path);
    expect((await del(a.who, `/${uidOf(0)}`)).status).toBe(200);
    expect((await del(a.who, `/${names[1]!.toUpperCase()}_C`)).status).toBe(200);
    expect((await del(a.who, "", `${uidOf(2)},${names[3]}_C`)).status).toBe(200);
    expect(await k.count(a.mod)).toBe(0);

    const cls = `Dup_${uniq()}`;
    expect((await post(a.who, body(a.mod, cls))).status).toBe(200);
    expect((await post(b.who, [body(b.mod, cls), body(b.mod, "Mine")])).status).toBe(200);
    const base = await k.baseGame(`Base_${uniq()}`);
    expectJsonError(await del(b.who, `/${md5(body(a.mod, cls).path)}`), 403);
    expectJsonError(await del(b.who, "", `${md5(body(b.mod, "Mine").path)},${base.className}`), 403);
    expect((await del(b.who, `/${cls}_C`)).status).toBe(200);
    expect(await k.count(a.mod)).toBe(1);
    expect(await k.count(b.mod)).toBe(1);
    expectJsonError(await del(undefined, `/${md5(body(b.mod, "Mine").path)}`), 401);
    expectJsonError(await del(b.who, `/${"b".repeat(32)}`), 404);
    expectJsonError(await del(b.who, ""), 400);
    expectJsonError(await del(b.who, "/not-an-id"), 400);
  });

  it("answers other methods with 405 and Allow; a mod's or a user's DELETE removes its items", async () => {
    const res = await api().request("PATCH", `/v1/${k.endpoint}`, { body: "{}", contentType: "application/json" });
    expectJsonError(res, 405);
    expect(res.headers["allow"]).toBe("GET, POST, DELETE, OPTIONS");
    const a = await owner();
    const b = await owner();
    expect((await post(a.who, [body(a.mod), body(a.mod)])).status).toBe(200);
    expect((await post(b.who, [body(b.mod)])).status).toBe(200);
    expect((await api(a.who).request("DELETE", `/v1/mod.php/${a.mod}`)).status).toBe(200);
    expect((await api(b.who).request("DELETE", `/v1/user.php/${b.who.userId}`)).status).toBe(200);
    expect(await k.count(a.mod)).toBe(0);
    expect(await k.count(b.mod)).toBe(0);
  });
});

describe("engrams and creatures side by side", () => {
  it("are separate catalogues: one path may be both, and deleting one leaves the other", async () => {
    const who = await registeredUser();
    const mod = await confirmedMod(who);
    const path = `/Game/Mods/Both${mod}/Rex.Rex`;
    const item = { path, label: "Rex", mod_id: mod, environments: ["Island"] };
    expect((await api(who).request("POST", "/v1/engram.php", { body: item })).status).toBe(200);
    expect((await api(who).request("POST", "/v1/creature.php", { body: item })).status).toBe(200);
    expect((await api(who).request("DELETE", `/v1/creature.php/${md5(path)}`)).status).toBe(200);
    expect((await api().request("GET", `/v1/engram.php/${md5(path)}`)).json()).toMatchObject({
      path,
      spawn: `cheat giveitem "Blueprint'${path}'" 1 0 false`,
    });
    expectJsonError(await api().request("GET", `/v1/creature.php/${md5(path)}`), 404);
  });
});
