/**
 * Operator commands: `serve`, `migrate`, `pull`, `engrams import`. They act on the database and
 * configuration of the environment (DATABASE_URL etc., README "Configuration"), not
 * through the API, and delegate to the code `npm start` / `npm run pull` use.
 */
import { EXIT_FAILURE, EXIT_OK, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { ENGRAM_FILE_HELP } from "@/lib/cli/commands/engrams";
import { REPO_ROOT, runScript } from "@/lib/cli/run-script";

const ENV_HELP = `Configuration comes from the environment: PORT, HOSTNAME, BASE_URL, DATABASE_URL,
STEAM_API_URL, WORKSHOP_APP_ID, PULL_INTERVAL_SECONDS, PULL_ALLOW_PRIVATE_HOSTS, AUTH_SECRET,
MAX_BODY_BYTES (see README.md).`;

const serve: Command = {
  path: ["serve"],
  summary: "operator: run the Beacon Hub server (same as npm start)",
  usage: "",
  help: `Builds the web app if needed, migrates the database and serves the API and the web
pages until SIGTERM or Ctrl-C (requests in flight are finished first).

${ENV_HELP}`,
  async run() {
    return runScript("scripts/start.mjs", []);
  },
};

const migrateCommand: Command = {
  path: ["migrate"],
  summary: "operator: create or migrate the database schema",
  usage: "[--json]",
  help: `Applies the migrations in prisma/<engine>/migrations that DATABASE_URL's database lacks
(the server also does this at start). Safe to run while other instances start.

  --json   print {"applied": [names], "already_applied": N}

${ENV_HELP}`,
  options: { json: { type: "boolean", short: "j" } },
  async run(ctx) {
    // Loaded here: database drivers are not needed by the API commands.
    const { config } = await import("@/lib/config");
    const { migrate } = await import("@/lib/db/migrate");
    const result = await migrate(config().DATABASE_URL, { root: REPO_ROOT, log: ctx.values.json ? undefined : ctx.err });
    if (ctx.values.json) ctx.json({ applied: result.applied, already_applied: result.alreadyApplied });
    else ctx.out(`${result.applied.length} migration(s) applied, ${result.alreadyApplied} already there`);
    return EXIT_OK;
  },
};

const pull: Command = {
  path: ["pull"],
  summary: "operator: pull engrams now from mods' pull URLs",
  usage: "<mod_id>[,<mod_id>...] | --all [--json]",
  help: `Runs the engram pull job now (scripts/pull.ts, also "npm run pull") for the named
confirmed mods or, with --all, every mod that has a pull URL, and prints each outcome.
Exit 0 when every pull succeeded or was unchanged, 1 when one failed.

  --all    every confirmed mod with a pull URL
  --json   one JSON object per mod

${ENV_HELP}`,
  options: { all: { type: "boolean" }, json: { type: "boolean", short: "j" } },
  positionals: [0, 100],
  async run(ctx) {
    if ((ctx.positionals.length > 0) === (ctx.values.all === true)) throw new UsageError("name the mods to pull (workshop ids) or --all, not both");
    const args = [...ctx.positionals, ...(ctx.values.all ? ["--all"] : []), ...(ctx.values.json ? ["--json"] : [])];
    const code = await runScript("scripts/pull.ts", args);
    return code === 0 || code === 2 ? code : EXIT_FAILURE;
  },
};

const engramsImport: Command = {
  path: ["engrams", "import"],
  summary: "operator: load engrams (e.g. the base game's) straight into the database",
  usage: "<file.json|file.csv> [--format json|csv]",
  help: `Runs the operator's importer (scripts/engrams-import.ts, also "npm run engrams:import")
against the database of DATABASE_URL, migrating it first. Rows without mod_id belong to
no mod. Every row is checked first; any bad row is printed and nothing is written.
Exit 0 imported, 1 bad rows or file.

${ENGRAM_FILE_HELP}`,
  options: { format: { type: "string" } },
  positionals: [1, 1],
  async run(ctx) {
    const format = stringValue(ctx, "format");
    const code = await runScript("scripts/engrams-import.ts", [ctx.positionals[0]!, ...(format ? ["--format", format] : [])]);
    return code === 0 ? EXIT_OK : code === 2 ? code : EXIT_FAILURE;
  },
};

export const operatorCommands = [serve, migrateCommand, pull, engramsImport];
