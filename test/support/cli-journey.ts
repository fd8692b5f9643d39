/**
 * The mod author's journey through the `beacon-hub` CLI, from nothing to a confirmed mod
 * with engrams and published, exported and removed documents, against the test server
 * and the fake Steam Web API. Shared by test/api/cli.test.ts (the repository's bin) and
 * test/api/cli-package.test.ts (the installed standalone package), so both run the same
 * steps.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { writeGameIni } from "@/lib/loot/game-ini";
import { readLootDocument } from "@/lib/loot/loot-document";
import type { CliResult, RunCli } from "./cli";
import { newWorkshopId, steamItem } from "./steam";
import { ROOT } from "./test-server";

/** The result when the exit code is 0; otherwise an error showing both streams. */
export function ok(res: CliResult): CliResult {
  if (res.code !== 0) throw new Error(`exit ${res.code}\nstdout: ${res.stdout}\nstderr: ${res.stderr}`);
  return res;
}

/** A CSV engram file of a mod: [name, label, environments, can_blueprint] per row. */
export const engramCsv = (mod: string, rows: [string, string, string, string][]) =>
  [
    "path,label,availability,can_blueprint",
    ...rows.map(([name, label, envs, bp]) => `/Game/Mods/Cli${mod}/${name}.${name},"${label}","${envs}",${bp}`),
  ].join("\r\n") + "\r\n";

interface SyncCopy {
  engrams: { label: string; mod_id: number | null }[];
  creatures: { mod_id: number | null }[];
}

/**
 * `engrams sync <mirror> --json` until the copy satisfies `done`: on PostgreSQL the feed
 * serves a change once every older transaction on the server has ended, and other
 * suites run long ones. Returns the first run's summary (with the records removed by
 * all runs) and progress output.
 */
async function syncUntil(
  run: RunCli,
  env: Record<string, string>,
  mirror: string,
  done: (copy: SyncCopy) => boolean,
): Promise<{ summary: Record<string, number | boolean | string>; stderr: string }> {
  const deadline = Date.now() + 60_000;
  let first: { summary: Record<string, number | boolean | string>; stderr: string } | undefined;
  for (;;) {
    const res = ok(await run(["engrams", "sync", mirror, "--json"], env));
    const summary = JSON.parse(res.stdout) as Record<string, number | boolean | string>;
    if (first) first.summary.removed = Number(first.summary.removed) + Number(summary.removed);
    first ??= { summary, stderr: res.stderr };
    const copy = {
      engrams: JSON.parse(readFileSync(join(mirror, "engrams.json"), "utf8")),
      creatures: JSON.parse(readFileSync(join(mirror, "creatures.json"), "utf8")),
    } as SyncCopy;
    if (done(copy)) return first;
    expect(Date.now(), "engrams sync did not catch up").toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the whole journey with `run`, as a new author whose files live in `dir`. */
export async function modAuthorJourney(run: RunCli, dir: string): Promise<void> {
  const env = { BEACON_IDENTITY: join(dir, randomUUID(), "identity.json") };
  const created = JSON.parse(ok(await run(["identity", "new", "--json"], env)).stdout) as {
    user_id: string;
    path: string;
  };
  expect(created.path).toBe(env.BEACON_IDENTITY);
  expect(statSync(env.BEACON_IDENTITY).mode & 0o777).toBe(0o600);
  expect(ok(await run(["identity", "show"], env)).stdout).toContain(created.user_id);
  const registered = ok(await run(["user", "register"], env)).stdout;
  expect(registered).toContain(`registered user ${created.user_id}`);
  expect(registered.match(/^ {2}[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{4}$/gm), "ten recovery codes").toHaveLength(10);

  const mod = newWorkshopId();
  await steamItem({ publishedfileid: mod, title: "CLI Mod", description: "No code yet." });
  const added = JSON.parse(ok(await run(["mods", "add", mod, "--json"], env)).stdout) as {
    confirmation_code: string;
    confirmed: boolean;
  };
  expect(added.confirmed).toBe(false);

  const early = await run(["mods", "confirm", mod], env);
  expect(early.code).toBe(1);
  expect(early.stderr).toContain(added.confirmation_code);

  await steamItem({ publishedfileid: mod, title: "CLI Mod", description: `Owner code: ${added.confirmation_code}` });
  expect(ok(await run(["mods", "confirm", mod], env)).stdout).toContain(`mod ${mod} (CLI Mod) is confirmed`);
  const listed = JSON.parse(ok(await run(["mods", "list", "--json"], env)).stdout) as {
    mod_id: string;
    confirmed: boolean;
  }[];
  expect(listed).toEqual([expect.objectContaining({ mod_id: mod, confirmed: true })]);

  // Three engrams in batches of two: two POSTs, the progress bar on stderr.
  const csv = join(dir, `${mod}.csv`);
  writeFileSync(
    csv,
    engramCsv(mod, [
      ["Sword", "Sword, Big", "Island,Scorched", "true"],
      ["Ore", "Ore", "Ragnarok", "false"],
      ["Gem", "Gem", "Aberration", "1"],
    ]),
  );
  const pushed = ok(await run(["engrams", "push", csv, "--mod", mod, "--batch-size", "2"], env));
  expect(pushed.stdout).toContain(`mod ${mod}: 3 added, 0 updated, 0 unchanged, 0 removed`);
  expect(pushed.stderr).toContain("2/3");
  expect(pushed.stderr).toContain("3/3 (100%)");

  const engrams = JSON.parse(ok(await run(["engrams", "ls", "--mod", mod, "--json"], env)).stdout) as {
    class: string;
    label: string;
    environments: string[];
    can_blueprint: boolean;
    mod_id: number;
  }[];
  expect(engrams.map((e) => [e.class, e.label, e.environments, e.can_blueprint, e.mod_id]).sort()).toEqual(
    [
      ["Gem_C", "Gem", ["Abberation"], true, Number(mod)],
      ["Ore_C", "Ore", ["Ragnarok"], false, Number(mod)],
      ["Sword_C", "Sword, Big", ["Island", "Scorched"], true, Number(mod)],
    ].sort(),
  );

  // A local copy of the catalogue through the changes feed: first a full read.
  const mirror = join(dir, "mirror");
  const full = await syncUntil(
    run,
    env,
    mirror,
    (copy) => copy.engrams.filter((e) => e.mod_id === Number(mod)).length === 3,
  );
  expect(full.summary).toMatchObject({ dir: mirror, full_read: true });
  expect(full.stderr).toMatch(/^sync: page 1 \(full read\): \d+ records/m);
  expect(JSON.parse(readFileSync(join(mirror, "sync-state.json"), "utf8"))).toMatchObject({
    server: expect.stringMatching(/^http/),
    cursor: expect.any(String),
  });

  // Second release: one label changed, one engram dropped from the file: kept without --sync.
  writeFileSync(
    csv,
    engramCsv(mod, [
      ["Sword", "Great Sword", "Island,Scorched", "true"],
      ["Ore", "Ore", "Ragnarok", "false"],
    ]),
  );
  const again = JSON.parse(ok(await run(["engrams", "push", csv, "--mod", mod, "--json"], env)).stdout) as Record<
    string,
    unknown
  >;
  expect(again).toMatchObject({ mod_id: mod, added: 0, updated: 1, unchanged: 1, removed: 0, missing: 1 });
  const synced = JSON.parse(
    ok(await run(["engrams", "push", csv, "--mod", mod, "--sync", "--json"], env)).stdout,
  ) as Record<string, unknown>;
  expect(synced).toMatchObject({ added: 0, updated: 0, unchanged: 2, removed: 1, missing: 0 });
  const after = JSON.parse(ok(await run(["engrams", "ls", "--mod", mod, "--json"], env)).stdout) as { label: string }[];
  expect(after.map((e) => e.label).sort()).toEqual(["Great Sword", "Ore"]);

  // A creature of the mod, from a file with a kind column.
  const dinos = join(dir, `${mod}-creatures.csv`);
  writeFileSync(
    dinos,
    `kind,path,label,availability\ncreature,/Game/Mods/Cli${mod}/Raptor_Character_BP.Raptor_Character_BP,Raptor,Island\n`,
  );
  expect(ok(await run(["creatures", "push", dinos, "--mod", mod], env)).stdout).toContain(
    `mod ${mod}: 1 added, 0 updated, 0 unchanged, 0 removed`,
  );
  const creatures = JSON.parse(ok(await run(["creatures", "ls", "--mod", mod, "--json"], env)).stdout) as {
    class: string;
    spawn: string;
  }[];
  expect(creatures).toEqual([
    expect.objectContaining({ class: "Raptor_Character_BP_C", spawn: expect.stringMatching(/^cheat spawndino /) }),
  ]);

  // The copy again: only what changed since, the dropped engram removed.
  const mine = (copy: SyncCopy) =>
    copy.engrams
      .filter((e) => e.mod_id === Number(mod))
      .map((e) => e.label)
      .sort()
      .join(",");
  const delta = await syncUntil(
    run,
    env,
    mirror,
    (copy) => mine(copy) === "Great Sword,Ore" && copy.creatures.some((c) => c.mod_id === Number(mod)),
  );
  expect(delta.summary).toMatchObject({ full_read: false });
  expect(delta.summary.removed).toBeGreaterThanOrEqual(1);

  // A document, published from a file and downloaded byte for byte.
  const documentId = randomUUID();
  const docFile = join(dir, `${documentId}.beacon`);
  const content = `{\n  "Version": 5,\n  "Title": "Loot \u00e9t\u00e9 \u2603",\n  "Identifier": "${documentId}",\n  "LootSources": [ ],\n  "Description": "made by the CLI test"\n}`;
  writeFileSync(docFile, content);
  expect(ok(await run(["docs", "publish", docFile], env)).stdout).toContain(`published ${documentId}`);
  const got = ok(await run(["docs", "get", documentId], env));
  expect(got.stdoutBytes.equals(readFileSync(docFile))).toBe(true);
  const docs = JSON.parse(ok(await run(["docs", "ls", "--mine", "--json"], env)).stdout) as {
    document_id: string;
    download_count: number;
    user_id: string;
  }[];
  expect(docs).toEqual([
    expect.objectContaining({ document_id: documentId, user_id: created.user_id, download_count: 1 }),
  ]);
  expect(ok(await run(["docs", "ls"], env)).stdout).toContain(documentId);

  // A loot document's Game.ini lines, at the document's difficulty and at another.
  const lootId = randomUUID();
  const lootFile = join(dir, "loot.beacon");
  const lootText = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8").replace(
    "6B5E3917-039C-4F35-99A6-58BE28BB9760",
    lootId,
  );
  writeFileSync(lootFile, lootText);
  ok(await run(["docs", "publish", lootFile], env));
  const lootDoc = readLootDocument(JSON.parse(lootText))!;
  expect(ok(await run(["docs", "ini", lootId], env)).stdout).toBe(
    writeGameIni(lootDoc, { difficulty: 4, canBlueprint: () => true }),
  );
  const iniFile = join(dir, "Game.ini");
  ok(await run(["docs", "ini", lootId, "--difficulty", "5", "--output", iniFile], env));
  expect(readFileSync(iniFile, "utf8")).toBe(writeGameIni(lootDoc, { difficulty: 5, canBlueprint: () => true }));
  expect(ok(await run(["docs", "ini", documentId], env)).stdout).toBe("[/script/shootergame.shootergamemode]\n"); // "LootSources": [ ]
  const optionsId = randomUUID();
  writeFileSync(
    join(dir, "options.beacon"),
    JSON.stringify({ Identifier: optionsId, Title: "Options only", Options: { Harvest: 2 } }),
  );
  ok(await run(["docs", "publish", join(dir, "options.beacon")], env));
  const gameIni = join(dir, "server-Game.ini");
  writeFileSync(gameIni, "[ServerSettings]\r\nServerPassword=x\r\n");
  const merged = join(dir, "merged-Game.ini");
  ok(await run(["docs", "ini", lootId, "--merge", gameIni, "--output", merged], env));
  // The server's lines kept as they were, the document's crates in a new section with the file's CRLF.
  const crates = writeGameIni(lootDoc, { difficulty: 4, canBlueprint: () => true })
    .split("\n")
    .slice(1, -1);
  expect(crates).toHaveLength(6);
  expect(readFileSync(merged, "utf8")).toBe(
    "[ServerSettings]\r\nServerPassword=x\r\n\r\n[/script/shootergame.shootergamemode]\r\n" +
      crates.map((l) => `${l}\r\n`).join(""),
  );
  // The Game.ini back into a document: published, it exports the same lines.
  const imported = ok(
    await run(["docs", "from-ini", iniFile, "--title", "From Game.ini", "--difficulty", "5", "--publish"], env),
  );
  const importedId = /^published ([0-9a-f-]{36}) "From Game.ini" \(6 loot sources\)$/m.exec(imported.stdout)?.[1];
  expect(importedId, imported.stdout).toBeDefined();
  expect(imported.stderr).toContain("the class PrimalItemStructure_Campfire_C is not in the catalogue (kept by class)"); // no base catalogue on the test server
  expect(ok(await run(["docs", "ini", importedId!, "--difficulty", "5"], env)).stdout).toBe(
    readFileSync(iniFile, "utf8"),
  );
  // Both server files into a settings document for ASA: the passwords named and left out,
  // each file's settings back from its export.
  const fixtures = join(ROOT, "test/fixtures/server-config");
  const both = await run(
    [
      "docs",
      "from-ini",
      join(fixtures, "Game.ini"),
      join(fixtures, "GameUserSettings.ini"),
      "--title",
      "Both files",
      "--game",
      "asa",
      "--publish",
    ],
    env,
  );
  const bothId = /^published ([0-9a-f-]{36}) "Both files" \(0 loot sources, (\d+) settings\)$/m.exec(both.stdout)?.[1];
  expect(bothId, both.stdout + both.stderr).toBeDefined();
  expect(both.stderr).toMatch(/GameUserSettings\.ini:2: ServerPassword left out: documents never store secrets/);
  expect(both.stderr).not.toContain("hunter2-fixture");
  const gus = ok(await run(["docs", "ini", bothId!, "--file", "gameusersettings.ini"], env)).stdout;
  expect(gus).toMatch(/^\[ServerSettings\]\n/m);
  expect(gus).not.toMatch(/Password/);
  expect((await run(["docs", "ini", bothId!, "--file", "engine.ini"], env)).code).toBe(2);
  const notLoot = await run(["docs", "ini", optionsId], env);
  expect(notLoot.code).toBe(1);
  expect(notLoot.stderr).toBe(
    "beacon-hub docs ini: This document holds no loot sources (it is not a loot document), so it has no Game.ini lines. (HTTP 422)\n",
  );
  expect((await run(["docs", "ini", lootId, "--difficulty", "hard"], env)).code).toBe(2);

  // Removing documents: all of them at once, then they are gone for everyone.
  expect(ok(await run(["docs", "rm", documentId, `${lootId},${optionsId}`, importedId!, bothId!], env)).stdout).toBe(
    "deleted 5 documents\n",
  );
  expect(JSON.parse(ok(await run(["docs", "ls", "--mine", "--json"], env)).stdout)).toEqual([]);
  const gone = await run(["docs", "get", documentId], env);
  expect(gone.code).toBe(1);
  expect(gone.stderr).toMatch(/^beacon-hub docs get: .*\(HTTP 404\)\n$/);
}
