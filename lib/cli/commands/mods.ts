/** `beacon-hub mods list|add|confirm|rm|set-pull-url`: the caller's mod registrations. */
import type { ModJson } from "@/lib/client/beacon-api";
import { EXIT_FAILURE, EXIT_OK, jsonOption, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { table } from "@/lib/cli/output";

const modIdOf = (value: string | undefined): string => {
  if (value === undefined || !/^\d{1,16}$/.test(value))
    throw new UsageError(`"${value ?? ""}" is not a workshop id (digits)`);
  return value;
};

const modsList: Command = {
  path: ["mods", "list"],
  summary: "list the mods you registered",
  usage: "[--json]",
  help: `GETs /v1/mod.php: your registrations, ordered by name.

  --json   print the API's array of mod structures`,
  options: { ...jsonOption },
  async run(ctx) {
    const mods = await ctx.api().mods.list();
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

function confirmHint(mod: ModJson): string {
  return `Put this code in the description of the workshop item, then run "beacon-hub mods confirm ${mod.mod_id}":\n  ${mod.confirmation_code}`;
}

const modsAdd: Command = {
  path: ["mods", "add"],
  summary: "register a Steam Workshop mod",
  usage: "<mod_id> [--pull-url URL] [--json]",
  help: `POSTs the mod to /v1/mod.php (it must exist in the game's Steam Workshop), then prints
its confirmation code: put it in the workshop item's description and run
"beacon-hub mods confirm <mod_id>".

  --pull-url URL   also set the URL the service pulls engrams from
  --json           print the mod structure`,
  options: { "pull-url": { type: "string" }, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const modId = modIdOf(ctx.positionals[0]);
    const api = ctx.api();
    await api.mods.add(modId, stringValue(ctx, "pull-url"));
    const mod = await api.mods.get(modId);
    if (ctx.values.json) ctx.json(mod);
    else ctx.out(`registered mod ${mod.mod_id} (${mod.name})\n${confirmHint(mod)}`);
    return EXIT_OK;
  },
};

const modsConfirm: Command = {
  path: ["mods", "confirm"],
  summary: "confirm ownership once the code is on the workshop page",
  usage: "<mod_id> [--json]",
  help: `GETs the mod's confirm_url: the service looks for the confirmation code in the
workshop item's description. Exit 0 when confirmed, 1 when the code is not there yet.

  --json   print the mod structure ("confirmed" tells the outcome)`,
  options: { ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const mod = await ctx.api().mods.confirm(modIdOf(ctx.positionals[0]));
    if (ctx.values.json) ctx.json(mod);
    else if (mod.confirmed) ctx.out(`mod ${mod.mod_id} (${mod.name}) is confirmed`);
    else
      ctx.err(`mod ${mod.mod_id} is not confirmed: the code was not found on its workshop page.\n${confirmHint(mod)}`);
    return mod.confirmed ? EXIT_OK : EXIT_FAILURE;
  },
};

const modsRm: Command = {
  path: ["mods", "rm"],
  summary: "remove mod registrations (and a confirmed mod's engrams)",
  usage: "<mod_id>...",
  help: `DELETEs the registrations. Removing a confirmed mod also removes all its engrams.`,
  positionals: [1, 1000],
  async run(ctx) {
    const ids = ctx.positionals
      .flatMap((p) => p.split(","))
      .filter(Boolean)
      .map(modIdOf);
    await ctx.api().mods.remove(ids);
    ctx.out(`removed ${ids.length === 1 ? `mod ${ids[0]}` : `${ids.length} mods`}`);
    return EXIT_OK;
  },
};

const modsSetPullUrl: Command = {
  path: ["mods", "set-pull-url"],
  summary: "set or clear the URL the service pulls the mod's engrams from",
  usage: "<mod_id> <url|none>",
  help: `POSTs {"mod_id", "pull_url"} for a mod you registered. "none" clears it. The
service fetches the URL (JSON or CSV engram file) periodically and soon after it is set.`,
  positionals: [2, 2],
  async run(ctx) {
    const modId = modIdOf(ctx.positionals[0]);
    const raw = ctx.positionals[1]!;
    const url = raw === "none" ? null : raw;
    if (url !== null && !/^https?:\/\//i.test(url))
      throw new UsageError("the pull URL must start with http:// or https:// (or be none)");
    await ctx.api().mods.setPullUrl(modId, url);
    ctx.out(url === null ? `cleared the pull URL of mod ${modId}` : `mod ${modId} now pulls engrams from ${url}`);
    return EXIT_OK;
  },
};

export const modsCommands = [modsList, modsAdd, modsConfirm, modsRm, modsSetPullUrl];
