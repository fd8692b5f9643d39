/**
 * `beacon-hub engrams push|ls` and `creatures push|ls`: a mod's engrams (or creatures)
 * from a JSON or CSV file, made for each kind by one factory (`engrams import` is an
 * operator command: operator.ts; `engrams sync`: sync.ts).
 */
import { readFileSync } from "node:fs";
import { BeaconApiError, ENGRAMS_PER_POST, type CreatureJson, type EngramJson } from "@/lib/client/beacon-api";
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import { applyPage, emptyMirror, mirrorLists } from "@/lib/changes/mirror";
import { EngramFileError, engramFileFormat, readEngramFile } from "@/lib/engrams/engram-file";
import type { ItemKind } from "@/lib/engrams/item-kind";
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
import { progressBar, table } from "@/lib/cli/output";

export const ENGRAM_FILE_HELP = `File formats (by extension, or --format):
  JSON  an engram POST body: one object or an array of objects
  CSV   a header row naming the keys, then one engram per line
Keys: path (required, /Package/Name.Name), label (required), availability or
environments (Island, Scorched, Center, Ragnarok, Abberation; comma-separated in CSV),
can_blueprint (true/false/1/0), mod_id (optional; must equal --mod when given),
kind (optional: engram or creature; empty is engram). One file may carry both kinds:
rows of kind creature are pushed as the mod's creatures (and --sync syncs each kind the
file has rows of).`;

const CREATURE_FILE_HELP = `File formats (by extension, or --format):
  JSON  a creature POST body: one object or an array of objects
  CSV   a header row naming the keys, then one creature per line
Keys: path (required, /Package/Name.Name), label (required), availability or
environments (Island, Scorched, Center, Ragnarok, Abberation; comma-separated in CSV),
mod_id (optional; must equal --mod when given), kind (optional; creature when given;
rows of kind engram are pushed as the mod's engrams: one file may carry both).`;

function modOption(ctx: Context): string {
  const mod = stringValue(ctx, "mod");
  if (mod === undefined) throw new UsageError("--mod <mod_id> is required");
  if (!/^\d{1,16}$/.test(mod)) throw new UsageError(`--mod must be a workshop id (digits), not "${mod}"`);
  return mod;
}

/**
 * The server's `kind` of `game`: of one mod, of no mod (null), or all (undefined). ASE's
 * come from the v1 lists, as always; ASA's creatures from the creature API's `game=asa`;
 * ASA's engrams, which engram.php never serves (docs/API.md#games), from ASA's changes
 * feed read in full (what `engrams sync --game asa` keeps), then picked by mod.
 */
async function itemsOf(
  ctx: Context,
  kind: ItemKind,
  game: Game,
  modId?: string | null,
): Promise<(EngramJson | CreatureJson)[]> {
  const api = ctx.anonymousApi();
  if (game === V1_GAME) return modId === undefined ? api[kind].list() : api[kind].byMod(modId);
  if (kind === "creatures") return api.creatures.ofGame(game, modId);
  const mirror = emptyMirror();
  for (let cursor: string | undefined; ;) {
    const page = await api.changes({ cursor, game });
    applyPage(mirror, page);
    if (page.next_cursor === null) break;
    cursor = page.cursor;
  }
  const all = mirrorLists(mirror).engrams;
  if (modId === undefined) return all;
  return all.filter((e) => (e.mod_id === null ? modId === null : String(e.mod_id) === modId));
}

const GAME_NAME = { ase: "", asa: " (ASA)" } satisfies Record<Game, string>;

function readRows(ctx: Context, file: string) {
  const format = (stringValue(ctx, "format") ?? engramFileFormat(file)) as "json" | "csv" | null;
  if (format !== "json" && format !== "csv")
    throw new UsageError("name a .json or .csv file, or pass --format json|csv");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return readEngramFile(text, format);
  } catch (err) {
    if (err instanceof EngramFileError) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}

function batchSize(ctx: Context): number {
  const raw = stringValue(ctx, "batch-size");
  if (raw === undefined) return ENGRAMS_PER_POST;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > ENGRAMS_PER_POST)
    throw new UsageError(`--batch-size must be 1 to ${ENGRAMS_PER_POST}`);
  return n;
}

function pushCommand(kind: ItemKind, noun: string): Command {
  return {
    path: [kind, "push"],
    summary: `add or update a mod's ${noun}s from a JSON or CSV file`,
    usage:
      "<file.json|file.csv> --mod <mod_id> [--game ase|asa] [--token] [--sync] [--dry-run] [--batch-size N] [--format json|csv] [--json]",
    help: `Checks every row locally with the API's rules first (errors are printed with their row
number and nothing is sent), compares the file with the mod's ${noun}s on the server, and
POSTs only new and changed ${noun}s, in batches of at most ${ENGRAMS_PER_POST} (each batch is
one transaction), with a progress bar on stderr. The mod must be one you confirmed.

  --mod ID         the mod the ${noun}s belong to (required)
  --game G         the mod's game: ase (default) or asa. An ARK: Survival Ascended mod needs
                   --game asa: the file is then compared with the mod's ASA ${noun}s (and
                   --sync removes those the file lacks); without it the comparison is with
                   ASE's, which hold none of them, so every row is sent again and --sync
                   removes nothing. The server stores the rows in the mod's game either way
  --token          send the API token in $BEACON_TOKEN (bh_..., engrams:write for this mod)
                   instead of signing with the identity file: for release pipelines (not
                   with --sync: a token may not delete)
  --sync           also delete the mod's ${noun}s that the file does not list
  --dry-run        print what would change; send nothing
  --batch-size N   ${noun}s per POST (1-${ENGRAMS_PER_POST})
  --format F       json or csv when the file name does not tell
  --json           print {"mod_id", "added", "updated", "unchanged", "removed", "missing"}

${kind === "engrams" ? ENGRAM_FILE_HELP : CREATURE_FILE_HELP}`,
    options: {
      mod: { type: "string" },
      ...gameOption,
      token: { type: "boolean" },
      sync: { type: "boolean" },
      "dry-run": { type: "boolean" },
      "batch-size": { type: "string" },
      format: { type: "string" },
      ...jsonOption,
    },
    positionals: [1, 1],
    async run(ctx) {
      const file = ctx.positionals[0]!;
      const modId = modOption(ctx);
      const game = gameValue(ctx);
      const size = batchSize(ctx);
      // Loaded here: the API's validation rules bring zod, which would slow every start (--help).
      const { planPush, validatePushRows } = await import("@/lib/engrams/push-plan");
      const { inGame } = await import("@/lib/engrams/engram-input");
      const { byKind, errors } = validatePushRows(readRows(ctx, file), modId, kind);
      if (errors.length > 0) {
        for (const e of errors.slice(0, 50)) ctx.err(`${file}: row ${e.row}: ${e.message}`);
        if (errors.length > 50) ctx.err(`... and ${errors.length - 50} more`);
        throw new CliError(`${errors.length} bad row(s) in ${file}; nothing was sent`);
      }
      // Rows naming the other kind go to its own list (one file may carry both).
      const kinds = [kind, ...(Object.keys(byKind) as ItemKind[]).filter((k) => k !== kind && byKind[k].length > 0)];
      const sync = ctx.values.sync === true;
      const dry = ctx.values["dry-run"] === true;
      // Deleting is never a token's right (the API refuses it): say so before anything is sent.
      if (sync && ctx.values.token === true)
        throw new UsageError("--sync deletes, and an API token may not delete: push with --token and without --sync");
      const summaries = [];
      for (const k of kinds) {
        const kNoun = k === "engrams" ? "engram" : "creature";
        // Compared by uid: an ASA row's is its game's (lib/engrams/derive.ts gameUidOf).
        const records = byKind[k].map((r) => inGame(r, game));
        const plan = planPush(records, await itemsOf(ctx, k, game, modId));
        if (!dry) {
          const api = (ctx.values.token === true ? ctx.tokenApi() : ctx.api())[k];
          const bar = plan.send.length > 0 ? progressBar(`pushing ${kNoun}s`, plan.send.length) : null;
          const batches = Math.ceil(plan.send.length / size);
          for (let i = 0; i < plan.send.length; i += size) {
            try {
              await api.push(plan.send.slice(i, i + size));
            } catch (err) {
              bar?.finish();
              if (!(err instanceof BeaconApiError)) throw err;
              const b = i / size + 1;
              const saved = b > 1 ? ` (batches 1-${b - 1} were saved)` : "";
              throw new BeaconApiError(
                err.status,
                `${k === kind ? "" : `${k}: `}batch ${b} of ${batches}${saved}: ${err.message}`,
                err.details,
                err.request,
              );
            }
            bar?.update(Math.min(i + size, plan.send.length));
          }
          bar?.finish();
          if (sync && plan.missing.length > 0) await api.delete(plan.missing);
        }
        const removed = sync ? plan.missing.length : 0;
        summaries.push({ kind: k, kNoun, plan, removed });
      }
      const [main, ...others] = summaries.map(({ kind: k, plan, removed }) => ({
        kind: k,
        added: plan.added,
        updated: plan.updated,
        unchanged: plan.unchanged,
        removed,
        missing: sync ? 0 : plan.missing.length,
      }));
      const { kind: _, ...counts } = main!;
      const summary = {
        mod_id: modId,
        ...counts,
        dry_run: dry,
        ...Object.fromEntries(others.map(({ kind: k, ...rest }) => [k, rest])),
      };
      if (ctx.values.json) ctx.json(summary);
      else {
        for (const { kind: k, kNoun, plan, removed } of summaries) {
          ctx.out(
            `mod ${modId}${GAME_NAME[game]}: ${k === kind ? "" : `${k}: `}${plan.added} added, ${plan.updated} updated, ${plan.unchanged} unchanged, ${removed} removed${dry ? " (dry run: nothing sent)" : ""}`,
          );
          if (!sync && plan.missing.length > 0)
            ctx.out(`${plan.missing.length} ${kNoun}(s) on the server are not in ${file}; kept (--sync removes them)`);
        }
      }
      return EXIT_OK;
    },
  };
}

function lsCommand(kind: ItemKind, noun: string): Command {
  return {
    path: [kind, "ls"],
    summary: `list ${noun}s, of one mod or of all`,
    usage: "[--mod <mod_id> | --base-game] [--game ase|asa] [--json]",
    help: `GETs /v1/${noun}.php (no signature needed).

  --mod ID      only the ${noun}s of this mod
  --base-game   only the ${noun}s of no mod (the game's own catalogue)
  --game G      ase (default) or asa: ARK: Survival Ascended's ${noun}s, which /v1/${noun}.php
                never lists; ${
                  kind === "creatures"
                    ? "read from GET /v1/creature.php?game=asa"
                    : "read from ASA's changes feed (GET /v1/changes.php?game=asa), in full"
                }
  --json        print the API's array of ${noun} structures`,
    options: { mod: { type: "string" }, "base-game": { type: "boolean" }, ...gameOption, ...jsonOption },
    async run(ctx) {
      if (ctx.values.mod !== undefined && ctx.values["base-game"])
        throw new UsageError("give --mod or --base-game, not both");
      const game = gameValue(ctx);
      const items = await itemsOf(
        ctx,
        kind,
        game,
        ctx.values.mod !== undefined ? modOption(ctx) : ctx.values["base-game"] ? null : undefined,
      );
      if (ctx.values.json) ctx.json(items);
      else if (items.length === 0) ctx.out(`no ${noun}s`);
      else {
        const bp = (e: (typeof items)[number]) => ("can_blueprint" in e ? [e.can_blueprint ? "yes" : "no"] : []);
        const header = ["CLASS", "LABEL", "ENVIRONMENTS", ...(kind === "engrams" ? ["BP"] : []), "MOD"];
        ctx.out(
          table(
            header,
            items.map((e) => [
              e.class,
              e.label,
              e.environments.join(","),
              ...bp(e),
              e.mod_id === null ? "-" : String(e.mod_id),
            ]),
          ),
        );
      }
      return EXIT_OK;
    },
  };
}

export const engramsCommands = [pushCommand("engrams", "engram"), lsCommand("engrams", "engram")];
export const creaturesCommands = [pushCommand("creatures", "creature"), lsCommand("creatures", "creature")];
