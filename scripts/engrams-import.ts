/**
 * usage: npm run engrams:import -- <file.json|file.csv> [--format json|csv] [--game ase|asa]
 * Loads engrams, typically the base game's catalogue, into the database DATABASE_URL
 * names (docs/CONTRACT.md#engrams). See USAGE below; the work is done by lib/engrams/import-engrams.ts.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { config, ConfigError } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { EngramFileError, engramFileFormat, readEngramFile } from "@/lib/engrams/engram-file";
import { importEngrams } from "@/lib/engrams/import-engrams";
import { parseGame, type Game } from "@/lib/catalogue/game";

const USAGE = `usage: npm run engrams:import -- <file.json|file.csv> [--format json|csv] [--game ase|asa]

Adds or updates engrams in the database named by DATABASE_URL (default file:./data/beacon.db),
migrating it first if needed. Running the same file twice changes nothing the second time.
--game asa loads every row as ARK: Survival Ascended's (a row's mod_id must then be a
confirmed ASA mod); without it, rows are ARK: Survival Evolved's, as the v1 API serves them.

File formats (chosen by extension, or --format):
  JSON  an engram POST body: one object or an array of objects
  CSV   a header row naming the keys, then one engram per line (quoted fields may hold
        commas, quotes as "" and newlines; UTF-8, BOM and CRLF accepted)
Keys, as for POST /v1/engram.php:
  path (required, /Package/Name.Name), label (required), availability or environments
  (Island, Scorched, Center, Ragnarok, Abberation; comma-separated in CSV),
  can_blueprint (true/false/1/0; default true), mod_id (empty or absent: no mod, the
  base game; otherwise a confirmed mod's workshop id), kind (engram or creature;
  default engram).
Catalogue facts (docs/CATALOGUE.md), on rows that have a maps key:
  maps (every official map: Island, Center, Scorched, Ragnarok, Aberration, Extinction,
  Valguero, Genesis, CrystalIsles, Genesis2, LostIsland, Fjordur; ";" or "," between;
  null in JSON: not known), which then gives the v1 environments; category (engrams),
  tameable and listed_as (creatures); in JSON, null can_blueprint means not known.

Every row is checked first; if any is bad, each error is printed with its row number
(the position in a JSON array, counting from 1, or the line of a CSV file) and nothing
is written. Exit status: 0 imported, 1 bad rows or file, 2 usage.`;

const log = (line: string) => console.log(`[engrams:import] ${line}`);

function parseArgs(argv: string[]): { file: string; format: "json" | "csv"; game: Game } | null {
  const args = [...argv];
  let format: "json" | "csv" | null = null;
  let game: Game = "ase";
  const g = args.indexOf("--game");
  if (g >= 0) {
    const value = parseGame(args.splice(g, 2)[1]);
    if (value === null) return null;
    game = value;
  }
  const f = args.indexOf("--format");
  if (f >= 0) {
    const value = args.splice(f, 2)[1];
    if (value !== "json" && value !== "csv") return null;
    format = value;
  }
  if (args.length !== 1 || args[0]!.startsWith("-")) return null;
  const file = args[0]!;
  format ??= engramFileFormat(file);
  return format ? { file, format, game } : null;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args.file, "utf8");
  } catch (err) {
    console.error(`cannot read ${args.file}: ${(err as Error).message}`);
    return 1;
  }
  let rows;
  try {
    rows = readEngramFile(text, args.format);
  } catch (err) {
    if (err instanceof EngramFileError) {
      console.error(`${args.file}: ${err.message}`);
      return 1;
    }
    throw err;
  }
  log(`${args.file}: ${rows.length} rows`);
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  await migrate(config().DATABASE_URL, { root, log: () => undefined });

  // Progress comes every 500 rows; small files finish too fast to need it.
  const result = await importEngrams(db(), {
    rows,
    game: args.game,
    onProgress(done, total) {
      if (total >= 1000) log(`saved ${done}/${total} (${Math.floor((done * 100) / total)}%)`);
    },
  });
  if (!result.ok) {
    const shown = result.errors.slice(0, 100);
    for (const e of shown) console.error(`row ${e.row}: ${e.message}`);
    if (result.errors.length > shown.length)
      console.error(`... and ${result.errors.length - shown.length} more errors`);
    console.error(`${result.errors.length} error(s); nothing was imported.`);
    return 1;
  }
  log(`done: ${result.created} added, ${result.updated} updated`);
  return 0;
}

main()
  .then(async (code) => {
    await disconnectDb();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    await disconnectDb().catch(() => undefined);
    process.exit(1);
  });
