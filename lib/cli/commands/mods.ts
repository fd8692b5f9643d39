/**
 * `beacon-hub mods list|add|confirm|rm|set-pull-url`: the caller's mod registrations:
 * Steam Workshop mods (mod.php), or with `--game asa` ARK: Survival Ascended's CurseForge
 * mods (asa-mod.php), with the same commands and rules.
 */
import type { BeaconApi } from "@/lib/client/beacon-api";
import {
  EXIT_FAILURE,
  EXIT_OK,
  gameOption,
  gameValue,
  jsonOption,
  stringValue,
  UsageError,
  type Command,
  type Context,
} from "@/lib/cli/command";
import { table } from "@/lib/cli/output";

const GAME_HELP = `  --game asa       an ARK: Survival Ascended mod: a CurseForge project id, its code in the
                   project's summary or description (default: ase, a Steam Workshop mod)`;

interface AnyMod {
  mod_id: string;
  name: string;
  confirmed: boolean;
  confirmation_code: string;
  pull_url: string | null;
}

/** Whether --game names ASA; anything but ase or asa is a usage error. */
const isAsa = (ctx: Context): boolean => gameValue(ctx) === "asa";

/** The client's mod calls for the game --game names. */
function modsApi(ctx: Context): BeaconApi["mods"] | BeaconApi["asaMods"] {
  return isAsa(ctx) ? ctx.api().asaMods : ctx.api().mods;
}

const modIdOf = (value: string | undefined, asa = false): string => {
  if (value === undefined || !/^\d{1,16}$/.test(value))
    throw new UsageError(`"${value ?? ""}" is not a ${asa ? "CurseForge project" : "workshop"} id (digits)`);
  return value;
};

const modsList: Command = {
  path: ["mods", "list"],
  summary: "list the mods you registered",
  usage: "[--game asa] [--json]",
  help: `GETs /v1/mod.php (--game asa: /v1/asa-mod.php): your registrations, ordered by name.

${GAME_HELP}
  --json           print the API's array of mod structures`,
  options: { ...gameOption, ...jsonOption },
  async run(ctx) {
    const mods: AnyMod[] = await modsApi(ctx).list();
    if (ctx.values.json) ctx.json(mods);
    else if (mods.length === 0) ctx.out("no mods registered; add one with: beacon-hub mods add <mod_id>");
    else
      ctx.out(
        table(
          ["MOD_ID", "CONFIRMED", "NAME", "PULL_URL"],
          mods.map((m) => [m.mod_id, m.confirmed ? "yes" : "no", m.name, m.pull_url ?? "-"]),
        ),
      );
    return EXIT_OK;
  },
};

function confirmHint(mod: AnyMod, asa: boolean): string {
  const where = asa ? "the summary or description of the CurseForge project" : "the description of the workshop item";
  return `Put this code in ${where}, then run "beacon-hub mods confirm ${mod.mod_id}${asa ? " --game asa" : ""}":\n  ${mod.confirmation_code}`;
}

const modsAdd: Command = {
  path: ["mods", "add"],
  summary: "register a Steam Workshop mod (or, with --game asa, a CurseForge one)",
  usage: "<mod_id> [--game asa] [--pull-url URL] [--json]",
  help: `POSTs the mod to /v1/mod.php (it must exist in the game's Steam Workshop), then prints
its confirmation code: put it in the workshop item's description and run
"beacon-hub mods confirm <mod_id>". With --game asa, POSTs the CurseForge project id to
/v1/asa-mod.php (an ARK: Survival Ascended project on CurseForge).

${GAME_HELP}
  --pull-url URL   also set the URL the service pulls engrams from
  --json           print the mod structure`,
  options: { "pull-url": { type: "string" }, ...gameOption, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const modId = modIdOf(ctx.positionals[0], isAsa(ctx));
    const api = modsApi(ctx);
    await api.add(modId, stringValue(ctx, "pull-url"));
    const mod: AnyMod = await api.get(modId);
    if (ctx.values.json) ctx.json(mod);
    else ctx.out(`registered mod ${mod.mod_id} (${mod.name})\n${confirmHint(mod, isAsa(ctx))}`);
    return EXIT_OK;
  },
};

const modsConfirm: Command = {
  path: ["mods", "confirm"],
  summary: "confirm ownership once the code is on the workshop page",
  usage: "<mod_id> [--game asa] [--json]",
  help: `GETs the mod's confirm_url: the service looks for the confirmation code in the
workshop item's description (--game asa: the CurseForge project's summary or description).
Exit 0 when confirmed, 1 when the code is not there yet.

${GAME_HELP}
  --json           print the mod structure ("confirmed" tells the outcome)`,
  options: { ...gameOption, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const mod: AnyMod = await modsApi(ctx).confirm(modIdOf(ctx.positionals[0], isAsa(ctx)));
    const asa = isAsa(ctx);
    if (ctx.values.json) ctx.json(mod);
    else if (mod.confirmed) ctx.out(`mod ${mod.mod_id} (${mod.name}) is confirmed`);
    else
      ctx.err(
        `mod ${mod.mod_id} is not confirmed: the code was not found on its ${asa ? "CurseForge project" : "workshop page"}.\n${confirmHint(mod, asa)}`,
      );
    return mod.confirmed ? EXIT_OK : EXIT_FAILURE;
  },
};

const modsRm: Command = {
  path: ["mods", "rm"],
  summary: "remove mod registrations (and a confirmed mod's engrams)",
  usage: "<mod_id>... [--game asa]",
  help: `DELETEs the registrations. Removing a confirmed mod also removes all its engrams.

${GAME_HELP}`,
  options: { ...gameOption },
  positionals: [1, 1000],
  async run(ctx) {
    const ids = ctx.positionals
      .flatMap((p) => p.split(","))
      .filter(Boolean)
      .map((id) => modIdOf(id, isAsa(ctx)));
    await modsApi(ctx).remove(ids);
    ctx.out(`removed ${ids.length === 1 ? `mod ${ids[0]}` : `${ids.length} mods`}`);
    return EXIT_OK;
  },
};

const modsSetPullUrl: Command = {
  path: ["mods", "set-pull-url"],
  summary: "set or clear the URL the service pulls the mod's engrams from",
  usage: "<mod_id> <url|none> [--game asa]",
  help: `POSTs {"mod_id", "pull_url"} for a mod you registered. "none" clears it. The
service fetches the URL (JSON or CSV engram file) periodically and soon after it is set.

${GAME_HELP}`,
  options: { ...gameOption },
  positionals: [2, 2],
  async run(ctx) {
    const modId = modIdOf(ctx.positionals[0], isAsa(ctx));
    const raw = ctx.positionals[1]!;
    const url = raw === "none" ? null : raw;
    if (url !== null && !/^https?:\/\//i.test(url))
      throw new UsageError("the pull URL must start with http:// or https:// (or be none)");
    await modsApi(ctx).setPullUrl(modId, url);
    ctx.out(url === null ? `cleared the pull URL of mod ${modId}` : `mod ${modId} now pulls engrams from ${url}`);
    return EXIT_OK;
  },
};

export const modsCommands = [modsList, modsAdd, modsConfirm, modsRm, modsSetPullUrl];
