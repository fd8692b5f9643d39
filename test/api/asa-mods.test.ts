// ARK: Survival Ascended mods with ownership proof through CurseForge (docs/API.md#asa-mods),
// against the stand-in CurseForge (test/support/fake-curseforge.ts), on each engine: two
// users register one project, the code in its description confirms the first and removes
// the other's registration; the owner's engrams and creatures show on the ASA spawn page
// with ASA's commands; a project of another game is not found; without a key, a plain
// 503 and nothing written; mod.php never sees any of it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { gameUidOf } from "@/lib/engrams/derive";
import { confirmAsaMod, registerAsaMods } from "@/lib/mods/asa-mods";
import type { AsaModJson } from "@/lib/mods/asa-mod-json";
import { applyPullFile } from "@/lib/pull/apply-pull-file";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { newProjectId, putProjects } from "../support/curseforge";
import { runCli } from "../support/cli";
import { callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";
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

/** A new identity in `dir` that registers and confirms an ASA mod with the CLI's --game asa; `cli` runs as it, expecting exit 0. */
async function asaModByCli(dir: string, name: string) {
  const env = { BEACON_IDENTITY: join(dir, "identity.json") };
  const cli = async (...args: string[]) => {
    const res = await runCli(args, env);
    expect(res.code, `${args.join(" ")}: ${res.stderr}`).toBe(0);
    return res.stdout;
  };
  await cli("identity", "new");
  await cli("user", "register");
  const id = String(newProjectId());
  await putProjects([{ id: Number(id), name }]);
  const added = await cli("mods", "add", id, "--game", "asa");
  expect(added).toContain("summary or description of the CurseForge project");
  const code = /\n {2}([0-9a-f-]{36})/.exec(added)![1]!;
  const waiting = await runCli(["mods", "confirm", id, "--game", "asa"], env);
  expect(waiting.code).toBe(1);
  await putProjects([{ id: Number(id), name, description: `<p>${code}</p>` }]);
  expect(await cli("mods", "confirm", id, "--game", "asa")).toContain("is confirmed");
  return { cli, env, id };
}

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
    // Each row links its own page in ASA, with ASA's commands; ASE's address of it is not found.
    const itemPage = `/spawn/${project}/Sword${tag}_C?game=asa`;
    expect(items).toContain(`href="${itemPage}"`);
    const item = await pageText(`${itemPage}&qty=5&quality=10&as=blueprint`);
    expect(item).toContain(`cheat giveitem "Blueprint'${ITEM}'" 5 10 true`);
    expect(item).toContain(`CurseForge project ${project}`);
    expect(item).toContain(`<input type="hidden" name="game" value="asa"/>`);
    expect((await fetch(`${inject("serverUrl")}/spawn/${project}/Sword${tag}_C`)).status).toBe(404);
    const dino = await pageText(`/spawn/${project}/Raptor${tag}_Character_BP_C?game=asa`);
    expect(dino).toContain(`cheat spawndino "Blueprint'${DINO}'" 1 1 1 30`);
    expect(dino.includes("cheat GMSummon"), "GMSummon offered on ASA").toBe(false);
    expect(dino).toContain("this page offers no <code>GMSummon</code>");
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

  it("is registered, confirmed and removed from the dashboard; a visitor without a session is sent to sign in", async () => {
    const author = await registeredUser();
    const cookie = await sessionCookie(author);
    const id = newProjectId();
    await putProjects([{ id, name: `Dashboard Dinos ${tag}` }]);
    const action = (name: string) => serverAction("app/dashboard/mod-actions.ts", name);

    const anonymous = await callFormAction(action("registerAsaModAction"), { project: String(id) });
    expect(anonymous.status === 404 || anonymous.redirect?.startsWith("/sign-in")).toBe(true);
    expect(await testDb().modRegistration.count({ where: { workshopId: String(id) } })).toBe(0);

    const made = await callFormAction(action("registerAsaModAction"), { project: String(id) }, { cookie });
    expect(made.body).toContain(`Registered ASA mod ${id}.`);
    const page = await fetch(`${inject("serverUrl")}/dashboard`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain("ARK: Survival Ascended mods");
    expect(html).toContain(`Dashboard Dinos ${tag}`);
    const { confirmationCode } = await testDb().modRegistration.findFirstOrThrow({ where: { workshopId: String(id) } });
    await putProjects([{ id, name: `Dashboard Dinos ${tag}`, summary: `Owner: ${confirmationCode}` }]);
    const confirmed = await callFormAction(action("confirmAsaModAction"), { mod_id: String(id) }, { cookie });
    expect(confirmed.body).toContain("Confirmed.");
    const removed = await callFormAction(
      action("removeModAction"),
      { mod_id: String(id), game: "asa", confirmed: "yes" },
      { cookie },
    );
    expect(removed.redirect).toContain("/dashboard");
    expect(await testDb().modRegistration.count({ where: { workshopId: String(id) } })).toBe(0);
  });

  it("is registered, confirmed and given creatures with the CLI's --game asa", async () => {
    const dir = mkdtempSync(join(tmpdir(), "beacon-asa-cli-"));
    try {
      const { cli, id } = await asaModByCli(dir, `Cli Creatures ${tag}`);
      const file = join(dir, "creatures.json");
      const path = `/Game/Mods/Cli${tag}/Dodo${tag}_Character_BP.Dodo${tag}_Character_BP`;
      writeFileSync(file, JSON.stringify([{ path, label: "Cli Dodo", environments: ["Island"] }]));
      await cli("creatures", "push", file, "--mod", id);
      expect(await cli("mods", "list", "--game", "asa")).toContain(`Cli Creatures ${tag}`);
      expect(await cli("mods", "list")).not.toContain(id);
      const creatures = await api().request("GET", `/v1/creature.php?game=asa&mod_id=${id}`);
      expect(creatures.text()).toContain(`Dodo${tag}_Character_BP`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lists, pushes and syncs the mod's ASA engrams and creatures with the CLI's --game asa", async () => {
    const dir = mkdtempSync(join(tmpdir(), "beacon-asa-cli-"));
    try {
      const { cli, env, id } = await asaModByCli(dir, `Cli Sync ${tag}`);
      const path = (name: string) => `/Game/Mods/Sync${tag}/${name}.${name}`;
      const [keep, drop, dino] = [path(`Keep${tag}`), path(`Drop${tag}`), path(`Dino${tag}_Character_BP`)];
      const row = (p: string, label: string, kind?: string) => ({ path: p, label, environments: ["Island"], kind });
      const file = join(dir, "items.json");
      writeFileSync(file, JSON.stringify([row(keep, "Keep"), row(drop, "Drop"), row(dino, "Sync Dino", "creature")]));
      const push = async (...extra: string[]) =>
        JSON.parse(await cli("engrams", "push", file, "--mod", id, "--game", "asa", "--json", ...extra));
      expect(await push()).toMatchObject({ added: 2, unchanged: 0, creatures: { added: 1 } });
      // Compared with the mod's ASA rows: the same file again sends nothing.
      expect(await push()).toMatchObject({ added: 0, updated: 0, unchanged: 2, creatures: { unchanged: 1 } });
      const listed = async (kind: string) =>
        (JSON.parse(await cli(kind, "ls", "--game", "asa", "--mod", id, "--json")) as { uid: string }[])
          .map((e) => e.uid)
          .sort();
      expect(await listed("engrams")).toEqual([gameUidOf(keep, "asa"), gameUidOf(drop, "asa")].sort());
      expect(await listed("creatures")).toEqual([gameUidOf(dino, "asa")]);
      expect(await cli("creatures", "ls", "--game", "asa", "--mod", id)).toContain("Sync Dino");
      // --sync removes the ASA engram the file no longer lists (the creature kind is not in the file: kept).
      writeFileSync(file, JSON.stringify([row(keep, "Keep")]));
      expect(await push("--sync")).toMatchObject({ added: 0, unchanged: 1, removed: 1, missing: 0 });
      expect(await listed("engrams")).toEqual([gameUidOf(keep, "asa")]);
      expect(await listed("creatures")).toEqual([gameUidOf(dino, "asa")]);
      // ASE's lists never show them (v1), with or without --game ase.
      expect(await cli("engrams", "ls", "--game", "ase", "--mod", id, "--json")).not.toContain(keep);

      // A local copy of ASA's catalogue, kept in its own folder.
      const copy = join(dir, "asa-copy");
      const synced = JSON.parse(await cli("engrams", "sync", copy, "--game", "asa", "--json"));
      expect(synced).toMatchObject({ full_read: true });
      const engrams = JSON.parse(readFileSync(join(copy, "engrams.json"), "utf8")) as { uid: string }[];
      expect(engrams.map((e) => e.uid)).toContain(gameUidOf(keep, "asa"));
      expect(engrams.map((e) => e.uid)).not.toContain(gameUidOf(drop, "asa"));
      const mods = JSON.parse(readFileSync(join(copy, "mods.json"), "utf8")) as { mod_id: string }[];
      expect(mods.map((m) => String(m.mod_id))).toContain(id);
      expect(JSON.parse(readFileSync(join(copy, "sync-state.json"), "utf8"))).toMatchObject({ game: "asa" });
      const mixed = await runCli(["engrams", "sync", copy], env);
      expect(mixed.code).toBe(1);
      expect(mixed.stderr).toContain("is a copy of ASA's catalogue, not ASE's");
      const bad = await runCli(["creatures", "ls", "--game", "asb"], env);
      expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--game is "ase" or "asa"')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes a pulled file of the mod as ASA items, which v1 never serves", async () => {
    const path = `/Game/Mods/Asa${tag}/Pulled${tag}.Pulled${tag}`;
    const file = [{ row: 1, value: { path, label: `Pulled ${tag}`, environments: ["Island"] } }];
    expect(await applyPullFile(testDb(), String(project), file)).toMatchObject({ ok: true, added: 1 });
    const rows = await testDb().engram.findMany({
      where: { modId: String(project) },
      select: { path: true, game: true },
    });
    expect(rows).toEqual([{ path, game: "asa" }]);
    const v1 = await api().request("GET", `/v1/engram.php?mod_id=${project}`);
    expect(v1.text()).not.toContain(`Pulled${tag}`);
    expect(await pageText(`/spawn/?game=asa&mod_id=${project}`)).toContain(`Pulled ${tag}`);
  });
});
