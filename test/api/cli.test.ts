// The beacon-hub CLI (issue 10) end to end: a mod author goes from nothing to a
// confirmed mod with engrams and a published document using only the CLI, against the
// running test server and the fake Steam Web API; --help on every command; exit codes
// 0 ok, 1 failure or API error (with the server's message), 2 bad usage.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { commands } from "@/lib/cli/commands";
import { main } from "@/lib/cli/main";
import { runCli, type CliResult } from "../support/cli";
import { newWorkshopId, steamItem } from "../support/steam";
import { ROOT } from "../support/test-server";
import { crateLines, writeGameIni } from "@/lib/loot/game-ini";
import { mergeGameIni } from "@/lib/loot/game-ini-merge";
import { readLootDocument } from "@/lib/loot/loot-document";

const dir = mkdtempSync(join(tmpdir(), "beacon-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh identity file path: each test is its own mod author. */
const author = () => ({ BEACON_IDENTITY: join(dir, `${randomUUID()}`, "identity.json") });

function ok(res: CliResult): CliResult {
  if (res.code !== 0) throw new Error(`exit ${res.code}\nstdout: ${res.stdout}\nstderr: ${res.stderr}`);
  return res;
}

const engramCsv = (mod: string, rows: [string, string, string, string][]) =>
  ["path,label,availability,can_blueprint", ...rows.map(([name, label, envs, bp]) => `/Game/Mods/Cli${mod}/${name}.${name},"${label}","${envs}",${bp}`)].join("\r\n") + "\r\n";

describe("beacon-hub CLI", () => {
  it("takes a mod author from nothing to a confirmed mod with engrams and a published document", async () => {
    const env = author();
    const created = JSON.parse(ok(await runCli(["identity", "new", "--json"], env)).stdout) as { user_id: string; path: string };
    expect(created.path).toBe(env.BEACON_IDENTITY);
    expect(statSync(env.BEACON_IDENTITY).mode & 0o777).toBe(0o600);
    expect(ok(await runCli(["identity", "show"], env)).stdout).toContain(created.user_id);
    expect(ok(await runCli(["user", "register"], env)).stdout).toContain(`registered user ${created.user_id}`);

    const mod = newWorkshopId();
    await steamItem({ publishedfileid: mod, title: "CLI Mod", description: "No code yet." });
    const added = JSON.parse(ok(await runCli(["mods", "add", mod, "--json"], env)).stdout) as { confirmation_code: string; confirmed: boolean };
    expect(added.confirmed).toBe(false);

    const early = await runCli(["mods", "confirm", mod], env);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(added.confirmation_code);

    await steamItem({ publishedfileid: mod, title: "CLI Mod", description: `Owner code: ${added.confirmation_code}` });
    expect(ok(await runCli(["mods", "confirm", mod], env)).stdout).toContain(`mod ${mod} (CLI Mod) is confirmed`);
    const listed = JSON.parse(ok(await runCli(["mods", "list", "--json"], env)).stdout) as { mod_id: string; confirmed: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ mod_id: mod, confirmed: true })]);

    // Three engrams in batches of two: two POSTs, the progress bar on stderr.
    const csv = join(dir, `${mod}.csv`);
    writeFileSync(csv, engramCsv(mod, [["Sword", "Sword, Big", "Island,Scorched", "true"], ["Ore", "Ore", "Ragnarok", "false"], ["Gem", "Gem", "Aberration", "1"]]));
    const pushed = ok(await runCli(["engrams", "push", csv, "--mod", mod, "--batch-size", "2"], env));
    expect(pushed.stdout).toContain(`mod ${mod}: 3 added, 0 updated, 0 unchanged, 0 removed`);
    expect(pushed.stderr).toContain("2/3");
    expect(pushed.stderr).toContain("3/3 (100%)");

    const engrams = JSON.parse(ok(await runCli(["engrams", "ls", "--mod", mod, "--json"], env)).stdout) as { class: string; label: string; environments: string[]; can_blueprint: boolean; mod_id: number }[];
    expect(engrams.map((e) => [e.class, e.label, e.environments, e.can_blueprint, e.mod_id]).sort()).toEqual(
      [
        ["Gem_C", "Gem", ["Abberation"], true, Number(mod)],
        ["Ore_C", "Ore", ["Ragnarok"], false, Number(mod)],
        ["Sword_C", "Sword, Big", ["Island", "Scorched"], true, Number(mod)],
      ].sort(),
    );

    // Second release: one label changed, one engram dropped from the file: kept without --sync.
    writeFileSync(csv, engramCsv(mod, [["Sword", "Great Sword", "Island,Scorched", "true"], ["Ore", "Ore", "Ragnarok", "false"]]));
    const again = JSON.parse(ok(await runCli(["engrams", "push", csv, "--mod", mod, "--json"], env)).stdout) as Record<string, unknown>;
    expect(again).toMatchObject({ mod_id: mod, added: 0, updated: 1, unchanged: 1, removed: 0, missing: 1 });
    const synced = JSON.parse(ok(await runCli(["engrams", "push", csv, "--mod", mod, "--sync", "--json"], env)).stdout) as Record<string, unknown>;
    expect(synced).toMatchObject({ added: 0, updated: 0, unchanged: 2, removed: 1, missing: 0 });
    const after = JSON.parse(ok(await runCli(["engrams", "ls", "--mod", mod, "--json"], env)).stdout) as { label: string }[];
    expect(after.map((e) => e.label).sort()).toEqual(["Great Sword", "Ore"]);

    // A document, published from a file and downloaded byte for byte.
    const documentId = randomUUID();
    const docFile = join(dir, `${documentId}.beacon`);
    const content = `{\n  "Version": 5,\n  "Title": "Loot \u00e9t\u00e9 \u2603",\n  "Identifier": "${documentId}",\n  "LootSources": [ ],\n  "Description": "made by the CLI test"\n}`;
    writeFileSync(docFile, content);
    expect(ok(await runCli(["docs", "publish", docFile], env)).stdout).toContain(`published ${documentId}`);
    const got = ok(await runCli(["docs", "get", documentId], env));
    expect(got.stdoutBytes.equals(readFileSync(docFile))).toBe(true);
    const docs = JSON.parse(ok(await runCli(["docs", "ls", "--mine", "--json"], env)).stdout) as { document_id: string; download_count: number; user_id: string }[];
    expect(docs).toEqual([expect.objectContaining({ document_id: documentId, user_id: created.user_id, download_count: 1 })]);
    expect(ok(await runCli(["docs", "ls"], env)).stdout).toContain(documentId);

    // A loot document's Game.ini lines, at the document's difficulty and at another.
    const lootId = randomUUID();
    const lootFile = join(dir, "loot.beacon");
    const lootText = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8").replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", lootId);
    writeFileSync(lootFile, lootText);
    ok(await runCli(["docs", "publish", lootFile], env));
    const lootDoc = readLootDocument(JSON.parse(lootText))!;
    expect(ok(await runCli(["docs", "ini", lootId], env)).stdout).toBe(writeGameIni(lootDoc, { difficulty: 4, canBlueprint: () => true }));
    const iniFile = join(dir, "Game.ini");
    ok(await runCli(["docs", "ini", lootId, "--difficulty", "5", "--output", iniFile], env));
    expect(readFileSync(iniFile, "utf8")).toBe(writeGameIni(lootDoc, { difficulty: 5, canBlueprint: () => true }));
    expect(ok(await runCli(["docs", "ini", documentId], env)).stdout).toBe("[/script/shootergame.shootergamemode]\n"); // "LootSources": [ ]
    const optionsId = randomUUID();
    writeFileSync(join(dir, "options.beacon"), JSON.stringify({ Identifier: optionsId, Title: "Options only", Options: { Harvest: 2 } }));
    ok(await runCli(["docs", "publish", join(dir, "options.beacon")], env));
    const gameIni = join(dir, "server-Game.ini");
    writeFileSync(gameIni, "[ServerSettings]\r\nServerPassword=x\r\n");
    const merged = join(dir, "merged-Game.ini");
    ok(await runCli(["docs", "ini", lootId, "--merge", gameIni, "--output", merged], env));
    expect(readFileSync(merged, "utf8")).toBe(mergeGameIni("[ServerSettings]\r\nServerPassword=x\r\n", crateLines(lootDoc, { difficulty: 4, canBlueprint: () => true })));
    const notLoot = await runCli(["docs", "ini", optionsId], env);
    expect(notLoot.code).toBe(1);
    expect(notLoot.stderr).toBe("beacon-hub docs ini: This document holds no loot sources (it is not a loot document), so it has no Game.ini lines. (HTTP 422)\n");
    expect((await runCli(["docs", "ini", lootId, "--difficulty", "hard"], env)).code).toBe(2);
  }, 180_000);

  it("checks the engram file locally first: every bad row by number, nothing sent, exit 1", async () => {
    const env = author();
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify([{ path: "/Game/A/B.B", label: "ok", environments: ["Island"] }, { path: "nope", label: "", environments: ["Moon"] }, { path: "/Game/A/C.C", label: "x", environments: "Center", mod_id: "42" }]));
    // No identity and no server call are needed to find these.
    const res = await runCli(["engrams", "push", file, "--mod", "7"], { ...env, BEACON_SERVER: "http://127.0.0.1:9" });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/row 2: path: /);
    expect(res.stderr).toMatch(/row 2: label: /);
    expect(res.stderr).toMatch(/row 2: environments: unknown environment "Moon"/);
    expect(res.stderr).toContain("row 3: mod_id: 42 differs from --mod 7");
    expect(res.stderr).toContain("nothing was sent");
  });

  it("exits 1 with the server's message on an API error", async () => {
    const env = author();
    ok(await runCli(["identity", "new"], env));
    ok(await runCli(["user", "register"], env));
    const again = await runCli(["user", "register"], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("beacon-hub user register: A user with this id exists already. (HTTP 400)\n");

    const missing = newWorkshopId();
    const notFound = await runCli(["mods", "add", missing], env);
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain(`mod ${missing} is not in the game's Steam Workshop. (HTTP 404)`);

    const file = join(dir, "one.csv");
    writeFileSync(file, engramCsv(missing, [["Thing", "Thing", "Island", "true"]]));
    const denied = await runCli(["engrams", "push", file, "--mod", missing], env);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/\(HTTP 403\)\n$/);

    const noIdentity = await runCli(["mods", "list"], { BEACON_IDENTITY: join(dir, "none.json") });
    expect(noIdentity.code).toBe(1);
    expect(noIdentity.stderr).toContain('create one with "beacon-hub identity new"');
    const unreachable = await runCli(["docs", "ls", "--server", "http://127.0.0.1:9"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("cannot reach http://127.0.0.1:9");
  });

  it("signs with RSA SHA-1 and Ed25519 identities, and signs --base-url rather than --server", async () => {
    for (const scheme of ["rsa-sha1", "ed25519"]) {
      const env = author();
      ok(await runCli(["identity", "new", "--scheme", scheme], env));
      expect(ok(await runCli(["identity", "show", "--json"], env)).stdout).toContain(`"scheme": "${scheme}"`);
      ok(await runCli(["user", "register", "--hex"], env));
      expect(ok(await runCli(["mods", "list"], env)).stdout).toContain("no mods registered");
      const wrong = await runCli(["mods", "list", "--base-url", "https://beacon.example.com"], env);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("The signature does not match this request. (HTTP 401)");
    }
  }, 120_000);

  it("dry-runs a push without an identity: the diff only, nothing sent", async () => {
    const mod = newWorkshopId();
    const file = join(dir, `dry-${mod}.csv`);
    writeFileSync(file, engramCsv(mod, [["Dry", "Dry", "Island", "true"]]));
    const res = ok(await runCli(["engrams", "push", file, "--mod", mod, "--dry-run", "--json"], { BEACON_IDENTITY: join(dir, "none.json") }));
    expect(JSON.parse(res.stdout)).toMatchObject({ mod_id: mod, added: 1, updated: 0, removed: 0, dry_run: true });
    expect(JSON.parse(ok(await runCli(["engrams", "ls", "--mod", mod, "--json"])).stdout)).toEqual([]);
  });

  it("exits 2 on bad usage, with the command's usage line", async () => {
    const cases: [string[], string][] = [
      [["frobnicate"], 'unknown command "frobnicate"'],
      [["mods"], "usage: beacon-hub mods <command>"],
      [["mods", "add"], "usage: beacon-hub mods add <mod_id>"],
      [["mods", "add", "12x"], '"12x" is not a workshop id'],
      [["engrams", "push", "x.csv"], "--mod <mod_id> is required"],
      [["docs", "ls", "--sort", "name"], "--sort must be last_updated or download_count"],
      [["mods", "list", "--colour"], "Unknown option '--colour'"],
    ];
    for (const [args, message] of cases) {
      const res = await runCli(args, author());
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr, args.join(" ")).toContain(message);
    }
  }, 120_000);

  it("--help reads for the tool, every group and every command (exit 0, usage line)", async () => {
    const top = ok(await runCli(["--help"]));
    for (const c of commands) expect(top.stdout).toContain(c.path.join(" "));
    // In-process for the rest: the same main() the bin runs, without 25 more processes.
    const run = async (args: string[]) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let text = "";
      stdout.on("data", (d: Buffer) => (text += d.toString()));
      const code = await main(args, { stdout, stderr, env: {} });
      return { code, text };
    };
    for (const c of commands) {
      const res = await run([...c.path, "--help"]);
      expect(res.code, c.path.join(" ")).toBe(0);
      expect(res.text).toContain(`usage: beacon-hub ${c.path.join(" ")} ${c.usage}`.trimEnd());
      expect(res.text).toContain("Exit codes");
    }
    for (const group of new Set(commands.filter((c) => c.path.length > 1).map((c) => c.path[0]!))) {
      const res = await run([group, "--help"]);
      expect(res.code).toBe(0);
      expect(res.text).toContain(`usage: beacon-hub ${group} <command>`);
    }
  });
});
