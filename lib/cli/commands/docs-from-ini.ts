/**
 * `beacon-hub docs from-ini`: a Game.ini's supply crate lines as a loot document, and the
 * settings of the Game.ini and GameUserSettings.ini given as the document's server
 * settings (docs/SERVER-CONFIG.md, "Settings in a document"), secrets left out.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { CliError, EXIT_OK, gameOption, gameValue, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { iniFileOf } from "@/lib/cli/commands/ini";
import { readGameIni } from "@/lib/loot/game-ini-reader";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import { withDocumentConfig } from "@/lib/server-config/config-document";
import { importIni } from "@/lib/server-config/import-ini";
import type { IniFile } from "@/lib/server-config/options";

export const docsFromIni: Command = {
  path: ["docs", "from-ini"],
  summary: "turn a Game.ini and GameUserSettings.ini into a document",
  usage:
    "<Game.ini> [<GameUserSettings.ini>] --title TITLE [--game ase|asa] [--description TEXT] [--difficulty X] [--output FILE] [--publish]",
  help: `Reads every ConfigOverrideSupplyCrateItems line of Game.ini's
[/script/shootergame.shootergamemode] section into a version-2 Beacon document: crates,
item sets, entries, weights, quantities, quality tiers (from the numbers, the crate's
multipliers and the difficulty) and blueprint chances. Class strings are looked up on
the server (GET /v1/engram.php) to find their blueprint paths. Every other setting of the
files given (either or both, named Game.ini and GameUserSettings.ini) becomes the
document's server settings; passwords and other secrets are left out and named on
stderr, never stored. What could not be read is listed on stderr; the rest is kept. The
document gets a new Identifier.

  --game ase|asa      the server's game (default ase)

  --title TITLE       the document's title (required)
  --description TEXT  its description
  --difficulty X      the server difficulty the numbers were made for, when the file has
                      no OverrideOfficialDifficulty line (default 4)
  --output FILE       write the document to FILE (default: stdout)
  --publish           publish it as well (POST /v1/document.php; needs your identity)`,
  options: {
    title: { type: "string" },
    description: { type: "string" },
    difficulty: { type: "string" },
    output: { type: "string", short: "o" },
    publish: { type: "boolean" },
    ...gameOption,
  },
  positionals: [1, 2],
  async run(ctx) {
    const game = gameValue(ctx);
    const files: Partial<Record<IniFile, string>> = {};
    const paths: Partial<Record<IniFile, string>> = {};
    for (const path of ctx.positionals) {
      // One file of any other name is a Game.ini, as before GameUserSettings.ini was read too.
      const named =
        ctx.positionals.length === 1 && !/gameusersettings\.ini$/i.test(path) ? "Game.ini" : iniFileOf(path);
      if (files[named] !== undefined) throw new UsageError(`two ${named} files given`);
      try {
        files[named] = readFileSync(path, "utf8");
      } catch (err) {
        throw new CliError(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      paths[named] = path;
    }
    const title = stringValue(ctx, "title")?.trim();
    if (!title) throw new UsageError("--title is required");
    const difficultyText = stringValue(ctx, "difficulty");
    if (difficultyText !== undefined && !(Number(difficultyText) > 0))
      throw new UsageError("--difficulty must be a positive number, e.g. 5");
    const text = files["Game.ini"] ?? "";
    const file = paths["Game.ini"] ?? "Game.ini";
    const api = ctx.anonymousApi();
    // Every class string the file names, looked up once.
    const classes = [
      ...new Set(
        [...text.matchAll(/"([A-Za-z0-9_]+_C)"/g)]
          .map((m) => m[1]!)
          .filter((c) => !/^SupplyCrate|^SupplyCreate/i.test(c)),
      ),
    ];
    const known =
      classes.length === 0
        ? new Map<string, string>()
        : new Map((await api.engrams.getMany(classes)).map((e) => [e.class.toLowerCase(), e.path]));
    const read = readGameIni(text, {
      difficulty: difficultyText === undefined ? undefined : Number(difficultyText),
      pathOfClass: (c) => known.get(c.toLowerCase()),
    });
    const settings = importIni(files);
    // The crate lines are the document's loot sources, not settings besides them.
    const kept = settings.settings.filter(
      (s) => read.doc.sources.length === 0 || !/^ConfigOverrideSupplyCrateItems$/i.test(s.key.trim()),
    );
    if (files["Game.ini"] !== undefined) for (const p of read.problems) ctx.err(`${file}: ${p}`);
    for (const s of settings.secretsLeftOut)
      ctx.err(`${paths[s.file]}:${s.line}: ${s.key} left out: documents never store secrets`);
    for (const u of settings.unknown)
      ctx.err(
        `${paths[u.file]}:${u.line}: ${u.key} is not in the option table: kept as a custom line${u.suggestion ? ` (did you mean ${u.suggestion}?)` : ""}`,
      );
    if (read.doc.sources.length === 0 && kept.length === 0)
      throw new CliError(
        `${ctx.positionals.join(" and ")} hold no supply crate line and no setting that could be read`,
      );
    const identifier = randomUUID();
    const description = stringValue(ctx, "description") ?? "";
    const loot =
      read.doc.sources.length > 0
        ? writeLootDocument({ ...read.doc, title, description }, identifier)
        : { Identifier: identifier, Title: title, Description: description, Version: 2 };
    const content = withDocumentConfig(loot, game, kept);
    const settingsCount = kept.length > 0 ? `, ${kept.length} settings` : "";
    const bytes = Buffer.from(JSON.stringify(content, null, "\t"));
    const output = stringValue(ctx, "output");
    if (output) writeFileSync(output, bytes);
    else if (!ctx.values.publish) ctx.raw(bytes);
    if (ctx.values.publish) {
      await ctx.api().documents.publish(bytes);
      ctx.out(
        `published ${String(content.Identifier)} "${title}" (${read.doc.sources.length} loot sources${settingsCount})`,
      );
    } else if (output)
      ctx.out(
        `wrote ${output} (${read.doc.sources.length} loot sources, difficulty ${read.difficulty}${settingsCount})`,
      );
    return EXIT_OK;
  },
};
