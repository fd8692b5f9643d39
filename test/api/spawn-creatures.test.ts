// The spawn page's server side for creatures and GFI codes (docs/PORTAL.md#creatures-tab, #gfi-codes), over HTTP on each
// engine: /spawn/rows.json?kind=creatures (rows, ETag, 304, refusals), engram rows
// carrying their GFI codes (gfi=1), whose ETag moves when only the base game changes a code,
// and the page's server-rendered Creatures tab and GFI form (what a reader without
// JavaScript gets).
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { api, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";

const server = () => inject("serverUrl");
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server()}${path}`, { headers });
/** The text of a page as a reader sees it (React escapes quotes in text). */
const pageText = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
};

/** A confirmed mod with two engrams, one of whose class lies inside the other's, and two creatures. */
async function modWithCreatures() {
  const who = await registeredUser();
  const u = randomUUID().slice(0, 8);
  const mod = await confirmedMod(who, { title: `Dino Mod ${u}` });
  const alpha = `/Game/Mods/S${u}/Qx${u}Alpha.Qx${u}Alpha`;
  const alphaBeta = `/Game/Mods/S${u}/Qx${u}AlphaBeta.Qx${u}AlphaBeta`;
  const raptor = `/Game/Mods/S${u}/Raptor${u}_Character_BP.Raptor${u}_Character_BP`;
  const trike = `/Game/Mods/S${u}/Trike${u}_Character_BP.Trike${u}_Character_BP`;
  const post = async (endpoint: string, body: unknown) =>
    expect((await api(who).request("POST", `/v1/${endpoint}`, { body })).status).toBe(200);
  await post("engram.php", [
    { path: alpha, label: `Alpha ${u}`, mod_id: mod, environments: ["Island"] },
    { path: alphaBeta, label: `Alpha Beta ${u}`, mod_id: mod, environments: ["Island"] },
  ]);
  await post("creature.php", [
    { path: raptor, label: `Raptor ${u}`, mod_id: mod, environments: ["Island", "Scorched"] },
    { path: trike, label: `Triceratops ${u}`, mod_id: mod, environments: ["Ragnarok"] },
  ]);
  return { who, mod, u, alpha, alphaBeta, raptor, trike };
}

describe("/spawn/rows.json?kind=creatures", () => {
  it("answers a mod's creatures as rows, with an ETag that answers 304 and moves when a creature is added", async () => {
    const m = await modWithCreatures();
    const url = `/spawn/rows.json?mod_id=${m.mod}&locale=en&kind=creatures`;
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const rows = (await res.json()) as SpawnRow[];
    expect(rows).toEqual([
      // The facet (tameable flag and variant) is 0 for a mod's creature: not known, itself.
      [`Raptor ${m.u}`, classOf(m.raptor), m.raptor, 1 | 2, false, 0, 0],
      [`Triceratops ${m.u}`, classOf(m.trike), m.trike, 8, false, 0, 0],
    ]);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(url, { "if-none-match": etag })).status).toBe(304);
    // The engram rows of the same mod are another list with another tag.
    expect((await get(`/spawn/rows.json?mod_id=${m.mod}&locale=en`)).headers.get("etag")).not.toBe(etag);
    const dodo = `/Game/Mods/S${m.u}/Dodo${m.u}_Character_BP.Dodo${m.u}_Character_BP`;
    expect(
      (
        await api(m.who).request("POST", "/v1/creature.php", {
          body: { path: dodo, label: `Dodo ${m.u}`, mod_id: m.mod, environments: "Island" },
        })
      ).status,
    ).toBe(200);
    const after = await get(url, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as SpawnRow[]).map((r) => r[0])).toEqual([
      `Dodo ${m.u}`,
      `Raptor ${m.u}`,
      `Triceratops ${m.u}`,
    ]);
  });

  it("refuses an unknown kind with a 400 sentence and an unregistered mod with a 404", async () => {
    const bad = await get("/spawn/rows.json?kind=dinos");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "kind must be engrams or creatures.", details: { kind: "dinos" } });
    expect((await get("/spawn/rows.json?mod_id=987654321987&kind=creatures")).status).toBe(404);
  });
});

describe("GFI codes on engram rows", () => {
  it("with gfi=1 carry each engram's code (none for a class inside another's), and the tag moves when only the base game changes a code", async () => {
    const m = await modWithCreatures();
    // Rows for full commands do without codes (computing them costs a second per 20,000 engrams).
    const plain = (await (await get(`/spawn/rows.json?mod_id=${m.mod}&locale=en`)).json()) as SpawnRow[];
    expect(plain.map((r) => r.length)).toEqual([7, 7]);
    const url = `/spawn/rows.json?mod_id=${m.mod}&locale=en&gfi=1`;
    const res = await get(url);
    const rows = (await res.json()) as SpawnRow[];
    const byPath = new Map(rows.map((r) => [r[2], r]));
    expect(byPath.get(m.alpha)![7]).toBeNull();
    const code = byPath.get(m.alphaBeta)![7]!;
    expect(classOf(m.alphaBeta).toLowerCase()).toContain(code);
    expect(classOf(m.alpha).toLowerCase()).not.toContain(code);

    // A base-game engram whose class holds AlphaBeta's: the mod's rows are the same, its code is gone.
    const path = `/Game/PrimalEarth/G${m.u}/Qx${m.u}AlphaBetaGamma.Qx${m.u}AlphaBetaGamma`;
    const className = classOf(path);
    await testDb().engram.create({
      data: {
        uid: uidOf(path),
        path,
        className,
        classKey: className.toLowerCase(),
        label: `Gamma ${m.u}`,
        environments: 1,
        canBlueprint: true,
        modId: null,
      },
    });
    try {
      const after = await get(url, { "if-none-match": res.headers.get("etag")! });
      expect(after.status).toBe(200);
      const again = (await after.json()) as SpawnRow[];
      expect(again.map((r) => r[2])).toEqual(rows.map((r) => r[2]));
      expect(again.find((r) => r[2] === m.alphaBeta)![7]).toBeNull();
    } finally {
      await testDb().engram.delete({ where: { uid: uidOf(path) } });
    }
  });
});

describe("the page, rendered by the server (no JavaScript)", () => {
  it("shows GFI commands with the view's options, and the full command with a note where there is no code", async () => {
    const m = await modWithCreatures();
    const code = ((await (await get(`/spawn/rows.json?mod_id=${m.mod}&gfi=1`)).json()) as SpawnRow[]).find(
      (r) => r[2] === m.alphaBeta,
    )![7]!;
    const html = await pageText(`/spawn/?mod_id=${m.mod}&cmd=gfi&qty=5&quality=10&as=blueprint`);
    expect(html).toContain(`cheat gfi ${code} 5 10 true`);
    expect(html).toContain(`cheat giveitem "Blueprint'${m.alpha}'" 5 10 true`);
    expect(html).toContain("No short code: its class name is inside another item's.");
  });

  it("shows the Creatures tab with wild and tamed commands, explains a wrong level, and says when a mod has no creatures", async () => {
    const m = await modWithCreatures();
    const wild = await pageText(`/spawn/?mod_id=${m.mod}&tab=creatures`);
    expect(wild).toContain(`cheat spawndino "Blueprint'${m.raptor}'" 1 1 1 30`);
    expect(wild).toContain(`<title>Spawn codes for Dino Mod ${m.u}: creatures · Beacon Hub</title>`);
    expect(wild).toMatch(/Showing <!-- -->2<!-- --> of <!-- -->2 creatures/);
    const tamed = await pageText(`/spawn/?mod_id=${m.mod}&tab=creatures&summon=tamed&level=150&q=trike`);
    expect(tamed).toContain(`cheat GMSummon "${classOf(m.trike)}" 150`);
    expect(tamed).not.toContain(classOf(m.raptor));
    const wrong = await pageText(`/spawn/?mod_id=${m.mod}&tab=creatures&level=0&dist=x`);
    expect(wrong).toContain("The level must be from 1 to 1,000; 0 is too small.");
    expect(wrong).toContain("The distance must be a whole number from -100,000 to 100,000.");
    expect(wrong).not.toContain('spawndino "Blueprint');

    const other = await confirmedMod(m.who, { title: `Empty Mod ${m.u}` });
    expect(await pageText(`/spawn/?mod_id=${other}&tab=creatures`)).toContain(
      `Empty Mod ${m.u} lists no creatures yet.`,
    );
  });
});
