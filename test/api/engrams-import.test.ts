// `npm run engrams:import` (docs/CONTRACT.md#engrams): the operator's loader for engrams with
// no mod, run as a real process against the test server's database, on both engines.
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { api, registeredUser, testDb } from "../support/api";
import { confirmedMod } from "../support/mods";
import { ROOT } from "../support/test-server";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

// Vitest sets BASE_URL="/" (Vite's base) in workers; the importer must not inherit it.
const { BASE_URL: _viteBase, ...parentEnv } = process.env;
const dir = mkdtempSync(join(tmpdir(), "engrams-import-"));

function runImport(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join(ROOT, "scripts/engrams-import.ts"), ...args],
      { cwd: ROOT, env: { ...parentEnv, DATABASE_URL: inject("databaseUrl") }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function file(name: string, content: string): string {
  const path = join(dir, `${randomUUID().slice(0, 8)}-${name}`);
  writeFileSync(path, content);
  return path;
}

const uidOf = (path: string) => createHash("md5").update(path.toLowerCase()).digest("hex");
const tag = () => `T${randomUUID().slice(0, 8)}`;
const stored = (paths: string[]) =>
  testDb().engram.findMany({ where: { uid: { in: paths.map(uidOf) } }, orderBy: { path: "asc" } });

describe("npm run engrams:import", () => {
  it("prints usage for --help and refuses bad arguments with 2", async () => {
    const help = await runImport("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: npm run engrams:import/);
    expect((await runImport()).code).toBe(2);
    expect((await runImport(file("x.txt", "hi"))).code).toBe(2);
  }, 60_000);

  it("imports a CSV (BOM, CRLF, quoted commas, quotes and newlines) as engrams with no mod, idempotently", async () => {
    const t = tag();
    const paths = [
      `/Game/PrimalEarth/${t}/Wood.Wood`,
      `/Game/PrimalEarth/${t}/Sword.Sword`,
      `/Game/PrimalEarth/${t}/Note.Note`,
    ];
    const csv =
      "\uFEFFpath,label,availability,can_blueprint,mod_id\r\n" +
      `${paths[0]},Wood,"Island,Scorched,Aberration",false,\r\n` +
      `${paths[1]},"Sword, ""Iron""",island,TRUE,\r\n` +
      `${paths[2]},"Two\r\nlines",Center,1,\r\n`;
    const path = file("base.csv", csv);
    const first = await runImport(path);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/3 added, 0 updated/);
    const rows = await stored(paths);
    expect(rows.map((r) => [r.label, r.environments, r.canBlueprint, r.modId, r.className])).toEqual([
      ["Two\r\nlines", 4, true, null, "Note_C"],
      ['Sword, "Iron"', 1, true, null, "Sword_C"],
      ["Wood", 1 | 2 | 16, false, null, "Wood_C"],
    ]);
    const again = await runImport(path);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/0 added, 3 updated/);
    expect(await stored(paths)).toHaveLength(3);
    // Served as the base game's catalogue.
    const noMod = (await api().request("GET", "/v1/engram.php?mod_id=")).json<{ uid: string }[]>().map((e) => e.uid);
    expect(noMod).toEqual(expect.arrayContaining(paths.map(uidOf)));
  }, 60_000);

  it("imports creatures from rows whose kind says so, beside engrams of the same path", async () => {
    const t = tag();
    const [rex, saddle] = [
      `/Game/PrimalEarth/${t}/Rex_Character_BP.Rex_Character_BP`,
      `/Game/PrimalEarth/${t}/Saddle.Saddle`,
    ];
    const path = file(
      "kinds.csv",
      `kind,path,label,availability,can_blueprint\ncreature,${rex},Rex,Island,\n,${saddle},Saddle,Island,true\nEngram,${rex},Rex Trophy,Island,false\n`,
    );
    const run = await runImport(path);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/3 added, 0 updated/);
    expect(
      await testDb().creature.findMany({ where: { uid: uidOf(rex) }, select: { label: true, modId: true } }),
    ).toEqual([{ label: "Rex", modId: null }]);
    expect((await stored([rex, saddle])).map((r) => r.label)).toEqual(["Rex Trophy", "Saddle"]);
    const bad = await runImport(file("bad-kind.csv", `kind,path,label,availability\ndino,${rex},Rex,Island\n`));
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/row 2: kind: must be engram or creature/);
  }, 60_000);

  it("imports a JSON array and updates what changed", async () => {
    const t = tag();
    const items = [
      { path: `/Game/PrimalEarth/${t}/Stone.Stone`, label: "Stone", environments: ["Island"], can_blueprint: false },
      { path: `/Game/PrimalEarth/${t}/Pick.Pick`, label: "Pick", availability: "Island,Ragnarok", mod_id: null },
    ];
    expect((await runImport(file("base.json", JSON.stringify(items)))).code).toBe(0);
    items[0]!.label = "Stone (new)";
    const second = await runImport(file("base.json", JSON.stringify(items)));
    expect(second.code).toBe(0);
    expect((await stored([items[0]!.path]))[0]!.label).toBe("Stone (new)");
    expect((await stored([items[1]!.path]))[0]!.environments).toBe(1 | 8);
  }, 60_000);

  it("reports every bad row by number and writes nothing", async () => {
    const t = tag();
    const good = `/Game/PrimalEarth/${t}/Good.Good`;
    const csv = [
      "path,label,availability,can_blueprint",
      `${good},Good,Island,true`,
      `Game/NoSlash.NoSlash,Bad,Island,true`,
      `/Game/PrimalEarth/${t}/Env.Env,Env,Valguero,true`,
      `/Game/PrimalEarth/${t}/Short.Short,Short`,
      `${good.toUpperCase()},Dup,Island,true`,
      `/Game/PrimalEarth/${t}/NoLabel.NoLabel,,Island,yes`,
    ].join("\n");
    const run = await runImport(file("bad.csv", csv));
    expect(run.code).toBe(1);
    for (const row of [3, 4, 5, 6, 7]) expect(run.stderr).toMatch(new RegExp(`^row ${row}: `, "m"));
    expect(run.stderr).not.toMatch(/^row 2: /m);
    expect(run.stderr).toMatch(/nothing was imported/);
    expect(await stored([good])).toHaveLength(0);

    const json = await runImport(
      file(
        "bad.json",
        JSON.stringify([
          { path: good, label: "G", environments: "Island" },
          { path: good + "x", label: "B" },
        ]),
      ),
    );
    expect(json.code).toBe(1);
    expect(json.stderr).toMatch(/^row 2: environments/m);
    expect(await stored([good])).toHaveLength(0);
    expect((await runImport(file("broken.json", "[{"))).code).toBe(1);
  }, 60_000);

  it("refuses rows whose path belongs to a mod, or that name an unconfirmed mod", async () => {
    const who = await registeredUser();
    const mod = await confirmedMod(who);
    const modPath = `/Game/Mods/${mod}/Thing.Thing`;
    expect(
      (
        await api(who).request("POST", "/v1/engram.php", {
          body: { path: modPath, label: "T", mod_id: mod, environments: "Island" },
        })
      ).status,
    ).toBe(200);
    const t = tag();
    const items = [
      { path: `/Game/PrimalEarth/${t}/Fine.Fine`, label: "Fine", environments: "Island" },
      { path: modPath, label: "Stolen", environments: "Island" },
      { path: `/Game/PrimalEarth/${t}/Orphan.Orphan`, label: "O", environments: "Island", mod_id: "123456789012" },
      { path: `/Game/Mods/${mod}/Mine.Mine`, label: "M", environments: "Island", mod_id: mod },
    ];
    const run = await runImport(file("mixed.json", JSON.stringify(items)));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^row 2: path: belongs to mod ${mod}`, "m"));
    expect(run.stderr).toMatch(/^row 3: mod_id: /m);
    expect(run.stderr).not.toMatch(/^row [14]: /m);
    expect(await stored([items[0]!.path, items[3]!.path])).toHaveLength(0);
    expect((await stored([modPath]))[0]!.label).toBe("T");
  }, 60_000);

  it("prints progress on a large file", async () => {
    const t = tag();
    const rows = Array.from({ length: 3000 }, (_, i) => `/Game/PrimalEarth/${t}/I${i}.I${i},Item ${i},Island,true`);
    const run = await runImport(file("big.csv", ["path,label,availability,can_blueprint", ...rows].join("\n")));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/saved 3000\/3000 \(100%\)/);
    expect(run.stdout.match(/saved \d+\/3000/g)!.length).toBeGreaterThan(2);
    expect(await testDb().engram.count({ where: { path: { startsWith: `/Game/PrimalEarth/${t}/` } } })).toBe(3000);
  }, 120_000);
});
