/**
 * Operator commands: `serve`, `migrate`, `pull`, `engrams import`, `db copy|backup|restore`,
 * and moderation's `grant`, `revoke`, `roles`, `audit`.
 * They act on the database and configuration of the environment (DATABASE_URL etc.,
 * docs/CONFIGURATION.md), not through the API, and delegate to the code `npm start` /
 * `npm run pull` / `npm run db:*` use.
 */
import { EXIT_FAILURE, EXIT_OK, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { ENGRAM_FILE_HELP } from "@/lib/cli/commands/engrams";
import { REPO_ROOT, runScript } from "@/lib/cli/run-script";

const ENV_HELP = `Configuration comes from the environment: PORT, HOSTNAME, BASE_URL, DATABASE_URL,
STEAM_API_URL, WORKSHOP_APP_ID, CURSEFORGE_API_KEY, CURSEFORGE_API_URL, CURSEFORGE_GAME_ID,
PULL_INTERVAL_SECONDS, PULL_ALLOW_PRIVATE_HOSTS, AUTH_SECRET, MAX_BODY_BYTES, LOG_LEVEL, LOG_FORMAT, METRICS_TOKEN (see docs/CONFIGURATION.md).`;

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
    const result = await migrate(config().DATABASE_URL, {
      root: REPO_ROOT,
      log: ctx.values.json ? undefined : ctx.err,
    });
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
    if (ctx.positionals.length > 0 === (ctx.values.all === true))
      throw new UsageError("name the mods to pull (workshop ids) or --all, not both");
    const args = [...ctx.positionals, ...(ctx.values.all ? ["--all"] : []), ...(ctx.values.json ? ["--json"] : [])];
    const code = await runScript("scripts/pull.ts", args);
    return code === 0 || code === 2 ? code : EXIT_FAILURE;
  },
};

const engramsImport: Command = {
  path: ["engrams", "import"],
  summary: "operator: load engrams (e.g. the base game's) straight into the database",
  usage: "<file.json|file.csv> [--format json|csv] [--game ase|asa]",
  help: `Runs the operator's importer (scripts/engrams-import.ts, also "npm run engrams:import")
against the database of DATABASE_URL, migrating it first. Rows without mod_id belong to
no mod. --game asa loads the rows as ARK: Survival Ascended's (an operator's ASA item
file: no public data set lists ASA items). Every row is checked first; any bad row is
printed and nothing is written. Exit 0 imported, 1 bad rows or file.

${ENGRAM_FILE_HELP}`,
  options: { format: { type: "string" }, game: { type: "string" } },
  positionals: [1, 1],
  async run(ctx) {
    const format = stringValue(ctx, "format");
    const game = stringValue(ctx, "game");
    if (game !== undefined && game !== "ase" && game !== "asa") throw new UsageError('--game is "ase" or "asa"');
    const code = await runScript("scripts/engrams-import.ts", [
      ctx.positionals[0]!,
      ...(format ? ["--format", format] : []),
      ...(game ? ["--game", game] : []),
    ]);
    return code === 0 ? EXIT_OK : code === 2 ? code : EXIT_FAILURE;
  },
};

/** A db:* script's exit code as the CLI's: 0 ok, 2 usage, anything else a failure. */
const scriptCode = (code: number) => (code === 0 ? EXIT_OK : code === 2 ? code : EXIT_FAILURE);

const dbCopy: Command = {
  path: ["db", "copy"],
  summary: "operator: copy a SQLite database into PostgreSQL and verify every table",
  usage: "--from file:<sqlite file> --to postgresql://... [--force] [--json]",
  help: `Runs scripts/db-copy.ts (also "npm run db:copy"): migrates the PostgreSQL target, copies
every table of the SQLite source in dependency order (ids, timestamps, counts and bytes
exactly), sets sequences, then compares each table's row count and checksum on both
sides and prints them. Progress with rows/s on stderr.

  --from URL   the SQLite database (stop the server on it first)
  --to URL     a new, empty PostgreSQL database; one holding rows is refused
  --force      copy into a target that already has the (empty) schema
  --json       the summary as JSON

Exit 0 copied and verified, 1 refused, failed or a checksum differs.`,
  options: {
    from: { type: "string" },
    to: { type: "string" },
    force: { type: "boolean" },
    json: { type: "boolean", short: "j" },
  },
  async run(ctx) {
    const from = stringValue(ctx, "from");
    const to = stringValue(ctx, "to");
    if (!from || !to) throw new UsageError("both --from and --to are needed");
    return scriptCode(
      await runScript("scripts/db-copy.ts", [
        "--from",
        from,
        "--to",
        to,
        ...(ctx.values.force ? ["--force"] : []),
        ...(ctx.values.json ? ["--json"] : []),
      ]),
    );
  },
};

const dbBackup: Command = {
  path: ["db", "backup"],
  summary: "operator: back up the database (SQLite online backup, or pg_dump)",
  usage: "<file>",
  help: `Runs scripts/db-backup.ts (also "npm run db:backup"): a consistent backup of DATABASE_URL's
database while the server runs, written to <file> (which must not exist). SQLite: the
online backup API, integrity-checked. PostgreSQL: pg_dump --format=custom.

${ENV_HELP}`,
  positionals: [1, 1],
  async run(ctx) {
    return scriptCode(await runScript("scripts/db-backup.ts", [ctx.positionals[0]!]));
  },
};

const dbRestore: Command = {
  path: ["db", "restore"],
  summary: "operator: restore a backup into an empty database",
  usage: "<file>",
  help: `Runs scripts/db-restore.ts (also "npm run db:restore"): restores a db:backup file into
DATABASE_URL's database, which must be empty (a new SQLite file, or a new PostgreSQL
database); then migrates it and counts its tables.

${ENV_HELP}`,
  positionals: [1, 1],
  async run(ctx) {
    return scriptCode(await runScript("scripts/db-restore.ts", [ctx.positionals[0]!]));
  },
};

const MODERATION_HELP = `Runs scripts/moderation.ts (also "npm run moderation"), against DATABASE_URL's database.
Roles are granted only this way, on the server: never through the web.`;

const grant: Command = {
  path: ["grant"],
  summary: "operator: give a user the moderator or operator role",
  usage: "<user_id> moderator|operator [--reason TEXT]",
  help: `${MODERATION_HELP}
"moderator" opens the moderation console in the user's dashboard; "operator" also shows
the audit trail. The grant is written to the audit trail.
Exit 0 granted (or held already), 1 no such user.`,
  options: { reason: { type: "string" } },
  positionals: [2, 2],
  async run(ctx) {
    const reason = stringValue(ctx, "reason");
    return scriptCode(
      await runScript("scripts/moderation.ts", ["grant", ...ctx.positionals, ...(reason ? ["--reason", reason] : [])]),
    );
  },
};

const revoke: Command = {
  path: ["revoke"],
  summary: "operator: take a user's moderation role away",
  usage: "<user_id> [--reason TEXT]",
  help: `${MODERATION_HELP}
The revocation is written to the audit trail. Exit 0 revoked (or none held), 1 no such user.`,
  options: { reason: { type: "string" } },
  positionals: [1, 1],
  async run(ctx) {
    const reason = stringValue(ctx, "reason");
    return scriptCode(
      await runScript("scripts/moderation.ts", ["revoke", ...ctx.positionals, ...(reason ? ["--reason", reason] : [])]),
    );
  },
};

const roles: Command = {
  path: ["roles"],
  summary: "operator: list the users holding a moderation role",
  usage: "[--json]",
  help: MODERATION_HELP,
  options: { json: { type: "boolean", short: "j" } },
  async run(ctx) {
    return scriptCode(await runScript("scripts/moderation.ts", ["roles", ...(ctx.values.json ? ["--json"] : [])]));
  },
};

const audit: Command = {
  path: ["audit"],
  summary: "operator: export the moderation audit trail as JSON lines",
  usage: "[--out FILE]",
  help: `${MODERATION_HELP}
Writes every entry, oldest first, one JSON object per line (id, at, actor_kind, actor_id,
action, target_kind, target_id, target_label, reason), to standard output or to FILE
(which must not exist). Progress on standard error.`,
  options: { out: { type: "string" } },
  async run(ctx) {
    const out = stringValue(ctx, "out");
    return scriptCode(await runScript("scripts/moderation.ts", ["audit", ...(out ? ["--out", out] : [])]));
  },
};

export const operatorCommands = [
  serve,
  migrateCommand,
  pull,
  engramsImport,
  dbCopy,
  dbBackup,
  dbRestore,
  grant,
  revoke,
  roles,
  audit,
];
