// ARK: Survival Ascended rows never reach the v1 interface (docs/CONTRACT.md; docs/API.md#games):
// an ASA mod, its engrams and creatures, and ASA base-game rows at the very paths of an
// ASE mod's items are written beside ASE rows; then every v1 endpoint of the interface
// (mod.php, engram.php, document.php, user.php: lists, single GETs, class lookups, the
// confirm action, DELETE) answers as if they did not exist, while the extensions that
// do serve ASA (creature.php?game=asa, changes.php?game=asa) show them. On each engine.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { gameUidOf, uidOf } from "@/lib/engrams/derive";
import { api, registeredUser, testDb } from "../support/api";
import { feedPage } from "../support/changes";
import { confirmedMod } from "../support/mods";

const tag = randomUUID().replace(/-/g, "").slice(0, 10);
// CurseForge project ids are small numbers: far from the workshop ids the fake Steam hands out.
const ASA_MOD = String(900_000 + Math.floor(Math.random() * 90_000));
const SHARED = `/Game/Mods/Iso${tag}/Shared${tag}.Shared${tag}`;
const ASA_ONLY = `/Game/Mods/Iso${tag}/AsaOnly${tag}.AsaOnly${tag}`;
const ASA_BASE = `/Game/ASA/Iso${tag}/AsaBase${tag}.AsaBase${tag}`;
const ASA_LABEL = `AsaLabel${tag}`;

let owner: Identity;
let aseMod: string;
/** every string that would betray an ASA row in a reply */
let asaMarks: string[];

const get = async (path: string, who?: Identity) => {
  const res = await api(who).request("GET", path);
  return { status: res.status, text: res.text() };
};

/**
 * The reply mentions no ASA row. A mark counts only as a whole token: in a full run the
 * lists hold every other file's rows too, and a six-digit mod id turns up inside some
 * other row's hex uid or number (it did, once in a CI run) without naming the ASA mod.
 */
function expectNoAsa(text: string, what: string): void {
  for (const mark of asaMarks)
    expect(text.match(new RegExp(`(?<![0-9A-Za-z])${mark}(?![0-9A-Za-z])`))?.[0], `${what} shows ${mark}`).toBe(
      undefined,
    );
}

beforeAll(async () => {
  owner = await registeredUser();
  aseMod = await confirmedMod(owner);
  // The ASE mod's engram and creature at SHARED: what the v1 interface must keep serving.
  for (const endpoint of ["engram.php", "creature.php"]) {
    const res = await api(owner).request("POST", `/v1/${endpoint}`, {
      body: { path: SHARED, label: `Ase${tag}`, mod_id: aseMod, environments: ["Island"] },
    });
    expect(res.status, res.text()).toBe(200);
  }
  const db = testDb();
  await db.modRegistration.create({
    data: {
      userId: owner.userId,
      workshopId: ASA_MOD,
      name: `AsaMod${tag}`,
      confirmationCode: randomUUID(),
      confirmed: true,
      confirmedModId: ASA_MOD,
      confirmedAt: new Date(),
      game: "asa",
    },
  });
  const row = (path: string, modId: string | null) => ({
    uid: gameUidOf(path, "asa"),
    path,
    className: `${path.slice(path.lastIndexOf(".") + 1)}_C`,
    classKey: `${path.slice(path.lastIndexOf(".") + 1)}_c`.toLowerCase(),
    label: ASA_LABEL,
    environments: 1,
    modId,
    game: "asa",
  });
  const rows = [row(SHARED, ASA_MOD), row(ASA_ONLY, ASA_MOD), row(ASA_BASE, null)];
  await db.engram.createMany({ data: rows.map((r) => ({ ...r, canBlueprint: true })) });
  await db.creature.createMany({ data: rows });
  asaMarks = [ASA_MOD, ASA_LABEL, `AsaMod${tag}`, ...rows.map((r) => r.uid), `AsaOnly${tag}`, `AsaBase${tag}`];
});

describe("no ASA row reaches the v1 interface", () => {
  it("keeps ASA uids apart from ASE's for the same path", () => {
    expect(gameUidOf(SHARED, "asa")).not.toBe(uidOf(SHARED));
    expect(gameUidOf(SHARED, "ase")).toBe(uidOf(SHARED));
  });

  it("engram.php: lists, mod lists, facts, single GETs and class lookups", async () => {
    for (const path of [
      "/v1/engram.php",
      "/v1/engram.php?mod_id=",
      `/v1/engram.php?mod_id=${aseMod}`,
      `/v1/engram.php?mod_id=${aseMod},${ASA_MOD}`,
      "/v1/engram.php?facts",
      "/v1/engram.php?mod_id=&facts",
      // game is an extension of creature.php only: engram.php serves ASE whatever is asked
      "/v1/engram.php?game=asa",
    ]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      expectNoAsa(text, path);
    }
    const [ase] = JSON.parse((await get(`/v1/engram.php?mod_id=${aseMod}`)).text) as { uid: string }[];
    expect(ase!.uid).toBe(uidOf(SHARED));
    expect((await get(`/v1/engram.php?mod_id=${ASA_MOD}`)).text).toBe("[]");
    for (const id of [gameUidOf(ASA_ONLY, "asa"), gameUidOf(ASA_BASE, "asa"), `AsaOnly${tag}_C`, `AsaBase${tag}_C`]) {
      const { status, text } = await get(`/v1/engram.php/${id}`);
      expect(status, id).toBe(404);
      // The 404 names the ids asked for, and nothing else.
      expectNoAsa(text.replaceAll(id, ""), id);
    }
    // The shared class finds the ASE item alone: one object, not an array with ASA's.
    const shared = await get(`/v1/engram.php/Shared${tag}_C`);
    expect(shared.status).toBe(200);
    const found = JSON.parse(shared.text) as { uid: string; mod_id: unknown };
    expect([found.uid, String(found.mod_id)]).toEqual([uidOf(SHARED), aseMod]);
    const both = await get(`/v1/engram.php/${uidOf(SHARED)},${gameUidOf(SHARED, "asa")}`);
    // Two ids asked: an array, of the ASE item alone.
    expect((JSON.parse(both.text) as { uid: string }[]).map((e) => e.uid)).toEqual([uidOf(SHARED)]);
  });

  it("creature.php without game: ASE only, as engram.php", async () => {
    for (const path of ["/v1/creature.php", "/v1/creature.php?mod_id=", `/v1/creature.php?mod_id=${ASA_MOD}`]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      expectNoAsa(text, path);
    }
    expect((await get(`/v1/creature.php/AsaOnly${tag}_C`)).status).toBe(404);
  });

  it("mod.php: the owner's list, single GETs, confirm and DELETE know no ASA mod", async () => {
    const list = await get("/v1/mod.php", owner);
    expect(list.status).toBe(200);
    expectNoAsa(list.text, "mod list");
    expect(list.text).toContain(aseMod);
    for (const path of [`/v1/mod.php/${ASA_MOD}`, `/v1/mod.php/${ASA_MOD}?action=confirm`]) {
      const { status, text } = await get(path, owner);
      expect(status, path).toBe(404);
      expectNoAsa(text.replaceAll(ASA_MOD, ""), path);
    }
    const both = await get(`/v1/mod.php/${aseMod},${ASA_MOD}`, owner);
    expect(both.status).toBe(200);
    expectNoAsa(both.text.replace(`"${ASA_MOD}"`, ""), "mods by id");
    const del = await api(owner).request("DELETE", `/v1/mod.php/${ASA_MOD}`);
    expect(del.status).toBe(404);
    expect(await testDb().modRegistration.count({ where: { workshopId: ASA_MOD } })).toBe(1);
  });

  it("document.php and user.php: lists and single GETs", async () => {
    for (const path of [
      "/v1/document.php",
      `/v1/document.php?user_id=${owner.userId}`,
      `/v1/user.php/${owner.userId}`,
    ]) {
      const { status, text } = await get(path, owner);
      expect(status, path).toBe(200);
      expectNoAsa(text, path);
    }
  });

  it("the extensions that serve ASA do show it", async () => {
    const creatures = (await get(`/v1/creature.php?game=asa&mod_id=${ASA_MOD}`)).text;
    expect(JSON.parse(creatures)).toHaveLength(2);
    expect(creatures).toContain(gameUidOf(ASA_ONLY, "asa"));
    expect((await get(`/v1/creature.php/AsaOnly${tag}_C?game=asa`)).status).toBe(200);
    expect((await get("/v1/creature.php?game=nope")).status).toBe(400);
  });

  it("changes.php: the default feed is ASE's, game=asa ASA's", async () => {
    let ase = await feedPage("?limit=10000");
    const aseText: string[] = [JSON.stringify(ase)];
    while (ase.next_cursor) {
      ase = await feedPage(`?cursor=${encodeURIComponent(ase.next_cursor)}&limit=10000`);
      aseText.push(JSON.stringify(ase));
    }
    expectNoAsa(aseText.join(""), "changes feed");
    const asa = await feedPage("?game=asa&limit=10000");
    expect(asa.mods.map((m) => m.mod_id)).toContain(ASA_MOD);
    expect(asa.engrams.map((e) => e.uid)).toContain(gameUidOf(ASA_ONLY, "asa"));
    expect(asa.mods.map((m) => m.mod_id)).not.toContain(aseMod);
  });
});
