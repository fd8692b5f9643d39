/**
 * `beacon-hub ini check`: the ini doctor (lib/ini-doctor/check-ini.ts) for CI pipelines
 * and hosting panels: every problem of a server's Game.ini and GameUserSettings.ini with
 * its line, exit status 1 when any is an error, `--json` for machines, `--fix DIR` to
 * write both files with the certain fixes applied. Files are read locally; nothing is
 * sent anywhere.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import {
  CliError,
  EXIT_FAILURE,
  EXIT_OK,
  gameOption,
  gameValue,
  jsonOption,
  stringValue,
  UsageError,
  type Command,
} from "@/lib/cli/command";
import { applyFixes, checkIni, type IniFinding } from "@/lib/ini-doctor/check-ini";
import { fixDescription } from "@/lib/ini-doctor/fix-description";
import type { IniFile } from "@/lib/server-config/options";

/** A path's file by its name, case ignored (hosts write gameusersettings.ini too). */
export function iniFileOf(path: string): IniFile {
  const name = basename(path).toLowerCase();
  if (name === "game.ini") return "Game.ini";
  if (name === "gameusersettings.ini") return "GameUserSettings.ini";
  throw new UsageError(`${path}: name the files Game.ini and GameUserSettings.ini, so each is checked as what it is`);
}

function fixText(f: IniFinding): string {
  return f.fix ? ` fix: ${fixDescription(f.fix)}` : "";
}

export const iniCheck: Command = {
  path: ["ini", "check"],
  summary: "check a server's Game.ini and GameUserSettings.ini for problems",
  usage: "<Game.ini> [<GameUserSettings.ini>] [--game ase|asa] [--json] [--fix DIR]",
  help: `Checks either file or both against Beacon Hub's table of server settings for one game:
keys in the wrong file or section, launch options written into an ini, deprecated keys
and the other game's keys, misspelt keys (with the nearest known one) and sections, wrong
case, values of the wrong type or out of range, indices out of range, keys set twice,
lines outside any section, and secrets (named, never printed). One line per finding:
FILE:LINE: severity: what is wrong, and the fix when it is certain. Exit status 1 when
any finding is an error, else 0 (2 for bad usage).

  --game ase|asa   the server's game (default ase)
  --json           print {"findings": [...], "errors": N} instead
  --fix DIR        also write the files with every certain fix applied into DIR, and
                   print the launch options the fixes took out of them`,
  options: { ...gameOption, ...jsonOption, fix: { type: "string" } },
  positionals: [1, 2],
  async run(ctx) {
    const game = gameValue(ctx);
    const files: Partial<Record<IniFile, string>> = {};
    for (const path of ctx.positionals) {
      const file = iniFileOf(path);
      if (files[file] !== undefined) throw new UsageError(`two ${file} files given`);
      try {
        files[file] = readFileSync(path, "utf8");
      } catch (err) {
        throw new CliError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
    }
    const findings = checkIni({ game, files });
    const errors = findings.filter((f) => f.severity === "error").length;
    const dir = stringValue(ctx, "fix");
    const fixed = dir === undefined ? undefined : applyFixes({ game, files }, findings);
    if (fixed && dir !== undefined) {
      mkdirSync(dir, { recursive: true });
      for (const [file, text] of Object.entries(fixed.files)) writeFileSync(join(dir, file), text);
    }
    if (ctx.values.json) {
      ctx.json({
        findings,
        errors,
        ...(fixed ? { fixed: { dir, applied: fixed.applied, launch_options: fixed.launchOptions } } : {}),
      });
    } else {
      for (const f of findings) ctx.out(`${f.file}:${f.line}: ${f.severity}: ${f.message} ${f.why}${fixText(f)}`);
      ctx.out(findings.length === 0 ? "No problems found." : `${findings.length} findings, ${errors} errors.`);
      if (fixed) {
        ctx.out(`Wrote ${Object.keys(fixed.files).join(" and ")} with ${fixed.applied} fixes to ${dir}.`);
        if (fixed.launchOptions.length > 0) ctx.out(`Add to the launch line: ${fixed.launchOptions.join(" ")}`);
      }
    }
    return errors > 0 ? EXIT_FAILURE : EXIT_OK;
  },
};
