/**
 * `beacon-hub engrams sync <dir>`: a local JSON copy of the server's catalogue (engrams,
 * creatures, confirmed mods) kept current through GET /v1/changes.php (docs/CONTRACT.md#changes). The
 * first run reads everything; later runs fetch only what changed since the cursor kept
 * in the folder, deletions included. Files are replaced whole (written beside, then
 * renamed), the cursor last, so an interrupted sync leaves the previous copy and
 * cursor, and the next run fetches the same changes again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BeaconApiError, type ChangesPage } from "@/lib/client/beacon-api";
import { applyPage, emptyMirror, mirrorLists, mirrorOf, type Mirror } from "@/lib/changes/mirror";
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import {
  CliError,
  EXIT_OK,
  gameOption,
  gameValue,
  jsonOption,
  stringValue,
  UsageError,
  type Command,
  type Context,
} from "@/lib/cli/command";

const STATE = "sync-state.json";
const FILES = ["engrams", "creatures", "mods"] as const;

interface SyncState {
  /** the server the copy is of */
  server: string;
  cursor: string;
  /** the feed's timestamp of the cursor */
  timestamp: string;
  /** the game the copy is of (--game); absent: ASE, the v1 interface's game */
  game?: Game;
}

function readJson<T>(file: string): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CliError(`${file} is not JSON; remove the folder's files (or pass --full) to read everything again`);
  }
}

function writeAtomically(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The copy in `dir` and its cursor; none (a full read) when the folder has none or --full. */
function load(dir: string, server: string, game: Game, full: boolean): { mirror: Mirror; state?: SyncState } {
  const state = full ? undefined : readJson<SyncState>(join(dir, STATE));
  if (!state) return { mirror: emptyMirror() };
  if (state.server !== server)
    throw new CliError(
      `${dir} is a copy of ${state.server}, not ${server}; use another folder, or --full to start it again`,
    );
  // A cursor of one game's feed read with the other's would mix the two catalogues in one copy.
  const held = state.game ?? V1_GAME;
  if (held !== game)
    throw new CliError(
      `${dir} is a copy of ${held.toUpperCase()}'s catalogue, not ${game.toUpperCase()}'s; use another folder, or --full to start it again`,
    );
  const [engrams = [], creatures = [], mods = []] = FILES.map((name) => readJson<never[]>(join(dir, `${name}.json`)));
  return { mirror: mirrorOf({ engrams, creatures, mods }), state };
}

function limitOption(ctx: Context): number | undefined {
  const raw = stringValue(ctx, "limit");
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new UsageError("--limit must be 1 to 10000");
  return n;
}

const engramsSync: Command = {
  path: ["engrams", "sync"],
  summary: "keep a local JSON copy of the catalogue current (engrams, creatures, mods)",
  usage: "<dir> [--game ase|asa] [--full] [--limit N] [--json]",
  help: `Keeps <dir> (created if missing) a copy of the server's catalogue through the changes
feed (GET /v1/changes.php, no signature needed): engrams.json, creatures.json and mods.json
(arrays of the API's structures, engrams and creatures by label, mods by name) and
sync-state.json (the server and the feed's cursor). The first run reads everything; each
later run fetches only what changed since, deletions included, and never misses a
change. Progress goes to stderr, one line per page. When the server no longer keeps
changes that old (410), the copy is read again from scratch.

  --game G    ase (default) or asa: the copy is of ARK: Survival Ascended's catalogue (its
              engrams, creatures and mods, GET /v1/changes.php?game=asa); a folder holds one
              game's copy
  --full      discard the copy and read everything again
  --limit N   records per page (1-10000; the server's default otherwise)
  --json      print {"dir", "full_read", "pages", "upserted", "removed", "engrams", "creatures", "mods", "timestamp"}`,
  options: { full: { type: "boolean" }, limit: { type: "string" }, ...gameOption, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const dir = ctx.positionals[0]!;
    const limit = limitOption(ctx);
    const server = ctx.globals.server;
    const game = gameValue(ctx);
    // ASE's requests and state file name no game: the v1 interface's form.
    const asked = game === V1_GAME ? {} : { game };
    mkdirSync(dir, { recursive: true });
    const loaded = load(dir, server, game, ctx.values.full === true);
    let mirror = loaded.mirror;
    const api = ctx.anonymousApi();
    const totals = { full_read: loaded.state === undefined, pages: 0, upserted: 0, removed: 0 };
    let cursor = loaded.state?.cursor;
    let page: ChangesPage;
    for (;;) {
      try {
        page = await api.changes({ cursor, limit, ...asked });
      } catch (err) {
        if (!(err instanceof BeaconApiError) || err.status !== 410 || cursor === undefined || totals.full_read)
          throw err;
        ctx.err(`sync: ${err.message} Reading everything again.`);
        mirror = emptyMirror();
        Object.assign(totals, { full_read: true, pages: 0, upserted: 0, removed: 0 });
        cursor = undefined;
        continue;
      }
      const applied = applyPage(mirror, page);
      totals.pages++;
      totals.upserted += applied.upserted;
      totals.removed += applied.removed;
      const records = page.engrams.length + page.creatures.length + page.mods.length + page.expired_records.length;
      ctx.err(
        `sync: page ${totals.pages}${page.is_full ? " (full read)" : ""}: ${records} records, ${applied.upserted} new or changed, ${applied.removed} removed; up to ${page.timestamp}`,
      );
      cursor = page.cursor;
      if (page.next_cursor === null) break;
    }
    const lists = mirrorLists(mirror);
    for (const name of FILES) writeAtomically(join(dir, `${name}.json`), lists[name]);
    writeAtomically(join(dir, STATE), { server, cursor, timestamp: page.timestamp, ...asked } satisfies SyncState);
    const summary = {
      dir,
      ...totals,
      engrams: lists.engrams.length,
      creatures: lists.creatures.length,
      mods: lists.mods.length,
      timestamp: page.timestamp,
    };
    if (ctx.values.json) ctx.json(summary);
    else {
      const what = totals.full_read ? "read in full" : `${totals.upserted} new or changed, ${totals.removed} removed`;
      ctx.out(
        `${dir}: ${summary.engrams} engrams, ${summary.creatures} creatures, ${summary.mods} mods (${what}; up to ${page.timestamp})`,
      );
    }
    return EXIT_OK;
  },
};

export const syncCommands = [engramsSync];
