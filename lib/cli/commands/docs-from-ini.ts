/** `beacon-hub docs from-ini`: a Game.ini's supply crate lines as a loot document. */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { CliError, EXIT_OK, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { readGameIni } from "@/lib/loot/game-ini-reader";
import { writeLootDocument } from "@/lib/loot/write-loot-document";

export const docsFromIni: Command = {
  path: ["docs", "from-ini"],
  summary: "turn a Game.ini's supply crate lines into a loot document",
  usage: "<Game.ini> --title TITLE [--description TEXT] [--difficulty X] [--output FILE] [--publish]",
  help: `Reads every ConfigOverrideSupplyCrateItems line of the file's
[/script/shootergame.shootergamemode] section into a version-2 Beacon document: crates,
item sets, entries, weights, quantities, quality tiers (from the numbers, the crate's
multipliers and the difficulty) and blueprint chances. Class strings are looked up on
the server (GET /v1/engram.php) to find their blueprint paths. What could not be read is
listed on stderr; the rest is kept. The document gets a new Identifier.

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
  },
  positionals: [1, 1],
  async run(ctx) {
    const file = ctx.positionals[0]!;
    const title = stringValue(ctx, "title")?.trim();
    if (!title) throw new UsageError("--title is required");
    const difficultyText = stringValue(ctx, "difficulty");
    if (difficultyText !== undefined && !(Number(difficultyText) > 0))
      throw new UsageError("--difficulty must be a positive number, e.g. 5");
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const api = ctx.anonymousApi();
    // Every class string the file names, looked up once.
    const classes = [
      ...new Set(
        [...text.matchAll(/"([A-Za-z0-9_]+_C)"/g)]
          .map((m) => m[1]!)
          .filter((c) => !/^SupplyCrate|^SupplyCreate/i.test(c)),
      ),
    ];
    const known = new Map((await api.engrams.getMany(classes)).map((e) => [e.class.toLowerCase(), e.path]));
    const read = readGameIni(text, {
      difficulty: difficultyText === undefined ? undefined : Number(difficultyText),
      pathOfClass: (c) => known.get(c.toLowerCase()),
    });
    for (const p of read.problems) ctx.err(`${file}: ${p}`);
    if (read.doc.sources.length === 0) throw new CliError(`${file} holds no supply crate line that could be read`);
    const content = writeLootDocument(
      { ...read.doc, title, description: stringValue(ctx, "description") ?? "" },
      randomUUID(),
    );
    const bytes = Buffer.from(JSON.stringify(content, null, "\t"));
    const output = stringValue(ctx, "output");
    if (output) writeFileSync(output, bytes);
    else if (!ctx.values.publish) ctx.raw(bytes);
    if (ctx.values.publish) {
      await ctx.api().documents.publish(bytes);
      ctx.out(`published ${String(content.Identifier)} "${title}" (${read.doc.sources.length} loot sources)`);
    } else if (output)
      ctx.out(`wrote ${output} (${read.doc.sources.length} loot sources, difficulty ${read.difficulty})`);
    return EXIT_OK;
  },
};
