// `beacon-hub ini check` (lib/cli/commands/ini.ts) through the CLI's own entry point:
// exit status 1 on errors and 0 on a clean pair, --json, --fix writing both files.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { main } from "@/lib/cli/main";

const fixtures = join(import.meta.dirname, "../fixtures/ini-doctor");

async function run(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (d: Buffer) => (out += d.toString()));
  stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await main(args, { stdout, stderr, env: {} });
  return { code, out, err };
}

describe("beacon-hub ini check", () => {
  it("exits 1 on a pair with errors and prints each finding on its line", async () => {
    const r = await run(["ini", "check", join(fixtures, "Game.ini"), join(fixtures, "GameUserSettings.ini")]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("GameUserSettings.ini:9: error: MatingIntervalMultipler is not a setting");
    expect(r.out).toContain("16 findings, 9 errors.");
    expect(r.out).not.toContain("hunter2");
  });

  it("--json gives the findings and the error count", async () => {
    const r = await run(["ini", "check", join(fixtures, "GameUserSettings.ini"), "--json"]);
    const body = JSON.parse(r.out) as { findings: { code: string; line: number }[]; errors: number };
    expect(body.errors).toBe(5);
    expect(body.findings.map((f) => `${f.code}:${f.line}`)).toContain("misspelt-section:15");
  });

  it("exits 0 on a clean pair, and --fix writes files in which no certain fix is left", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ini-check-"));
    const fixed = join(dir, "fixed");
    const r = await run(["ini", "check", join(fixtures, "GameUserSettings.ini"), "--fix", fixed]);
    expect(r.out).toContain("Add to the launch line: -ActiveEvent=Summer");
    const again = await run(["ini", "check", join(fixed, "GameUserSettings.ini"), "--json"]);
    const left = JSON.parse(again.out) as { findings: { fix?: unknown }[] };
    expect(left.findings.filter((f) => f.fix)).toEqual([]);
    writeFileSync(join(dir, "Game.ini"), "[/script/shootergame.shootergamemode]\nMatingIntervalMultiplier=0.5\n");
    const clean = await run(["ini", "check", join(dir, "Game.ini"), "--game", "asa"]);
    expect([clean.code, clean.out.trim()]).toEqual([0, "No problems found."]);
    expect(readFileSync(join(fixed, "GameUserSettings.ini"), "utf8")).toContain("\r\n");
  });

  it("refuses a file that is neither Game.ini nor GameUserSettings.ini with exit 2", async () => {
    const r = await run(["ini", "check", join(fixtures, "../ini-doctor")]);
    expect(r.code).toBe(2);
  });
});
