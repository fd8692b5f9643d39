// ARK: Survival Ascended mods with ownership proof through CurseForge (docs/API.md#asa-mods),
// against the stand-in CurseForge (test/support/fake-curseforge.ts), on each engine: two
// users register one project, the code in its description confirms the first and removes
// the other's registration; the owner's engrams and creatures show on the ASA spawn page
// with ASA's commands; a project of another game is not found; without a key, a plain
// 503 and nothing written; mod.php never sees any of it.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { confirmAsaMod, registerAsaMods } from "@/lib/mods/asa-mods";
import type { AsaModJson } from "@/lib/mods/asa-mod-json";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { newProjectId, putProjects } from "../support/curseforge";
import { inject } from "vitest";

const tag = randomUUID().replace(/-/g, "").slice(0, 10);
const ITEM = `/Game/Mods/Asa${tag}/Sword${tag}.Sword${tag}`;
const DINO = `/Game/Mods/Asa${tag}/Raptor${tag}_Character_BP.Raptor${tag}_Character_BP`;

let owner: Identity;
let rival: Identity;
let project: number;

const asaMod = (who: Identity, method: "GET" | "POST" | "DELETE", path = "", body?: unknown) =>
  api(who).request(method, `/v1/asa-mod.php${path}`, body === undefined ? {} : { body });

const pageText = async (path: string) => {
  const res = await fetch(`${inject("serverUrl")}${path}`, { headers: { "Accept-Language": "en" } });
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
};

beforeAll(async () => {
  [owner, rival] = await Promise.all([registeredUser(), registeredUser()]);
  project = newProjectId();
  await putProjects([{ id: project, name: `Ascended Blades ${tag}`, summary: "Swords for ASA." }]);
});

describe("an ASA mod confirmed through CurseForge", () => {
  it("registers for two users, confirms the first by the code in its description and removes the other's", async () => {
    for (const who of [owner, rival]) expect((await asaMod(who, "POST", "", { mod_id: project })).status).toBe(200);
    const mine = (await asaMod(owner, "GET", `/${project}`)).json<AsaModJson>();
    expect(mine).toMatchObject({
      mod_id: String(project),
      name: `Ascended Blades ${tag}`,
      confirmed: false,
      game: "asa",
    });
    expect(mine.spawncodes_url).toMatch(new RegExp(`/spawn/\\?game=asa&mod_id=${project}$`));

    // Not in the description yet: still unconfirmed, nothing removed.
    let res = await asaMod(owner, "GET", `/${project}?action=confirm`);
    expect(res.json<AsaModJson>().confirmed).toBe(false);
    await putProjects([
      {
        id: project,
        name: `Ascended Blades ${tag}`,
        summary: "Swords for ASA.",
        description: `<p>Beacon Hub: <strong>${mine.confirmation_code}</strong></p>`,
      },
    ]);
    res = await asaMod(owner, "GET", `/${project}?action=confirm`);
    expect(res.json<AsaModJson>().confirmed).toBe(true);

    const rows = await testDb().modRegistration.findMany({ where: { workshopId: String(project) } });
    expect(rows.map((r) => [r.userId, r.game, r.confirmed])).toEqual([[owner.userId, "asa", true]]);
    expectJsonError(await asaMod(rival, "GET", `/${project}`), 404);
    expectJsonError(await asaMod(rival, "GET", `/${project}?action=confirm`), 409);
    expectJsonError(await asaMod(rival, "POST", "", { mod_id: project }), 409);
    // The v1 interface never sees it.
    const v1 = await api(owner).request("GET", "/v1/mod.php");
    expect(v1.text()).not.toContain(String(project));
    expectJsonError(await api(owner).request("GET", `/v1/mod.php/${project}`), 404);
  });

  it("takes the owner's engrams and creatures and shows them on the ASA spawn page with ASA's commands", async () => {
    for (const [endpoint, path] of [
      ["engram.php", ITEM],
      ["creature.php", DINO],
    ] as const) {
      const res = await api(owner).request("POST", `/v1/${endpoint}`, {
        body: { path, label: `Asa ${tag}`, mod_id: project, environments: ["Island"] },
      });
      expect(res.status, res.text()).toBe(200);
    }
    const items = await pageText(`/spawn/?game=asa&mod_id=${project}&qty=5&quality=10&as=blueprint`);
    expect(items).toContain(`Ascended Blades ${tag}`);
    expect(items).toContain(`cheat giveitem "Blueprint'${ITEM}'" 5 10 true`);
    expect(items.includes("cheat gfi"), "GFI codes offered on ASA").toBe(false);
    const dinos = await pageText(`/spawn/?game=asa&mod_id=${project}&tab=creatures`);
    expect(dinos).toContain(`cheat spawndino "Blueprint'${DINO}'" 1 1 1 30`);
    expect(dinos.includes("cheat GMSummon"), "GMSummon offered on ASA").toBe(false);
    // ASE's spawn page does not know the mod; the creature API's ASA extension lists its creature.
    expect((await fetch(`${inject("serverUrl")}/spawn/?mod_id=${project}`)).status).toBe(404);
    const creatures = await api().request("GET", `/v1/creature.php?game=asa&mod_id=${project}`);
    expect(creatures.text()).toContain(`Raptor${tag}_Character_BP`);
  });

  it("refuses a project of another game as not found, writing nothing", async () => {
    const other = newProjectId();
    await putProjects([{ id: other, name: `Minecraft thing ${tag}`, gameId: 432 }]);
    const err = expectJsonError(await asaMod(owner, "POST", "", { mod_id: other }), 404);
    expect(err.message).toContain("not an ARK: Survival Ascended project on CurseForge");
    expectJsonError(await asaMod(owner, "POST", "", { mod_id: newProjectId() }), 404);
    expect(await testDb().modRegistration.count({ where: { workshopId: String(other) } })).toBe(0);
  });

  it("without a CurseForge key says so plainly and writes nothing", async () => {
    const id = String(newProjectId());
    const db = testDb();
    const refusal = registerAsaMods(db, {
      userId: owner.userId,
      items: [{ workshopId: id, pullUrl: undefined }],
      curseForge: null,
    });
    await expect(refusal).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("cannot be registered or confirmed on this instance"),
    });
    await expect(
      confirmAsaMod(db, { userId: owner.userId, modId: String(project), curseForge: null }),
    ).rejects.toMatchObject({ status: 503 });
    expect(await db.modRegistration.count({ where: { workshopId: id } })).toBe(0);
  });
});
