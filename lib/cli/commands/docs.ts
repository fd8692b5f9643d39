/** `beacon-hub docs publish|get|ls|rm|ini|revisions|diff|check|restore`: shared configuration documents. */
import { readFileSync, writeFileSync } from "node:fs";
import type { DocumentJson, DocumentListQuery } from "@/lib/client/beacon-api";
import { isUuid } from "@/lib/uuid";
import { checkContent, type DocumentCheckJson } from "@/lib/documents/document-check";
import {
  CliError,
  EXIT_FAILURE,
  EXIT_OK,
  jsonOption,
  stringValue,
  UsageError,
  type Command,
  type Context,
} from "@/lib/cli/command";
import { table } from "@/lib/cli/output";
import { docsFromIni } from "./docs-from-ini";

const docIdOf = (value: string | undefined): string => {
  if (!isUuid(value)) throw new UsageError(`"${value ?? ""}" is not a document id (a UUID)`);
  return value;
};

/** The Identifiers of a document file: one content object or an array of them. */
function identifiersOf(file: string, bytes: Buffer): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    throw new CliError(`${file} is not JSON: ${(err as Error).message}`);
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item, i) => {
    const id = (item as { Identifier?: unknown } | null)?.Identifier;
    if (!isUuid(id))
      throw new CliError(`${file}${Array.isArray(parsed) ? ` item ${i}` : ""}: "Identifier" must be a UUID`);
    return id.toLowerCase();
  });
}

const metadataTable = (docs: DocumentJson[]) =>
  table(
    ["DOCUMENT_ID", "REV", "DOWNLOADS", "LAST_UPDATED", "NAME"],
    docs.map((d) => [d.document_id, String(d.revision), String(d.download_count), d.last_updated, d.name]),
  );

const docsPublish: Command = {
  path: ["docs", "publish"],
  summary: "publish or update a document from a file",
  usage: "<file> [--json]",
  help: `POSTs the file to /v1/document.php byte for byte: one document (a JSON object with
"Identifier" (UUID), "Title" and optionally "Description") or an array of them. Publishing
an Identifier you published before updates it and increments its revision.

  --json   print the document metadata (an array for several documents)`,
  options: { ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const file = ctx.positionals[0]!;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    const ids = identifiersOf(file, bytes);
    const api = ctx.api();
    await api.documents.publish(bytes);
    const docs = await api.documents.metadataMany(ids);
    if (ctx.values.json) ctx.json(docs.length === 1 ? docs[0] : docs);
    else
      for (const d of docs) ctx.out(`published ${d.document_id} "${d.name}" revision ${d.revision}: ${d.resource_url}`);
    return EXIT_OK;
  },
};

const docsGet: Command = {
  path: ["docs", "get"],
  summary: "download a document's content (or its metadata)",
  usage: "<document_id> [--output FILE] [--meta] [--json]",
  help: `GETs /v1/document.php/<document_id> and writes the content exactly as published to
stdout or to --output (this counts as a download).

  --output FILE   write the content to FILE instead of stdout
  --meta          print the metadata instead (?simple; not counted as a download)
  --json          with --meta: print the metadata structure as JSON`,
  options: { output: { type: "string", short: "o" }, meta: { type: "boolean" }, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const id = docIdOf(ctx.positionals[0]);
    const api = ctx.anonymousApi();
    if (ctx.values.meta) {
      const d = await api.documents.metadata(id);
      if (ctx.values.json) ctx.json(d);
      else ctx.out(metadataTable([d]));
      return EXIT_OK;
    }
    const content = await api.documents.content(id);
    const output = stringValue(ctx, "output");
    if (output) writeFileSync(output, content);
    else ctx.raw(content);
    return EXIT_OK;
  },
};

const docsIni: Command = {
  path: ["docs", "ini"],
  summary: "print a document's Game.ini (or GameUserSettings.ini) lines",
  usage: "<document_id> [--file game.ini|gameusersettings.ini] [--difficulty X] [--merge FILE] [--output FILE]",
  help: `GETs /documents/<document_id>/game.ini from the server: the section header and one
ConfigOverrideSupplyCrateItems line per loot source, as the document page shows them, with
the document's Game.ini settings (not counted as a download). A document with neither is
an error (HTTP 422).

  --file NAME       gameusersettings.ini for the document's GameUserSettings.ini settings
                    (default game.ini)

  --difficulty X    work quality numbers out for this server difficulty instead of the
                    document's (OverrideOfficialDifficulty, e.g. 5)
  --merge FILE      send this file (at most 1 MiB) and print it merged instead: the
                    document's crates replace the same crates' lines, its settings are
                    written once each in their sections, every other line stays byte
                    for byte
  --output FILE     write to FILE instead of stdout (may be the --merge file itself)`,
  options: {
    file: { type: "string" },
    difficulty: { type: "string" },
    merge: { type: "string" },
    output: { type: "string", short: "o" },
  },
  positionals: [1, 1],
  async run(ctx) {
    const id = docIdOf(ctx.positionals[0]);
    const file = (stringValue(ctx, "file") ?? "game.ini").toLowerCase();
    if (file !== "game.ini" && file !== "gameusersettings.ini")
      throw new UsageError("--file must be game.ini or gameusersettings.ini");
    const difficulty = stringValue(ctx, "difficulty");
    if (difficulty !== undefined && !/^\d+(\.\d+)?$/.test(difficulty))
      throw new UsageError("--difficulty must be a positive number, e.g. 5");
    const merge = stringValue(ctx, "merge");
    let existing: Buffer | undefined;
    if (merge !== undefined) {
      try {
        existing = readFileSync(merge);
      } catch (err) {
        throw new CliError(`cannot read ${merge}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
    }
    const docs = ctx.anonymousApi().documents;
    const bytes = existing
      ? await docs.mergeGameIni(id, existing, difficulty, file)
      : Buffer.from(await docs.gameIni(id, difficulty, file));
    const output = stringValue(ctx, "output");
    if (output) {
      writeFileSync(output, bytes);
      ctx.out(`wrote ${output}`);
    } else ctx.raw(bytes);
    return EXIT_OK;
  },
};

function listQuery(ctx: Context): DocumentListQuery {
  const sort = stringValue(ctx, "sort");
  const direction = stringValue(ctx, "direction");
  if (sort !== undefined && sort !== "last_updated" && sort !== "download_count")
    throw new UsageError("--sort must be last_updated or download_count");
  if (direction !== undefined && direction !== "asc" && direction !== "desc")
    throw new UsageError("--direction must be asc or desc");
  const number = (name: string) => {
    const raw = stringValue(ctx, name);
    if (raw !== undefined && !/^\d{1,15}$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
    return raw === undefined ? undefined : Number(raw);
  };
  const user = stringValue(ctx, "user");
  if (user !== undefined && ctx.values.mine) throw new UsageError("give --user or --mine, not both");
  if (user !== undefined && !isUuid(user)) throw new UsageError("--user must be a user id (a UUID)");
  return {
    user_id: ctx.values.mine ? ctx.identity().userId : user,
    sort,
    direction,
    count: number("count"),
    offset: number("offset"),
  };
}

const docsLs: Command = {
  path: ["docs", "ls"],
  summary: "list published documents",
  usage:
    "[--mine | --user ID] [--sort last_updated|download_count] [--direction asc|desc] [--count N] [--offset N] [--json]",
  help: `GETs /v1/document.php with the listing's query parameters (newest first by default;
at most 1000 per page).

  --mine          only your documents (the identity's user)
  --user ID       only this user's documents
  --sort S        last_updated (default) or download_count
  --direction D   desc (default) or asc
  --count N       page size, at most 1000
  --offset N      skip N documents
  --json          print the API's array of document metadata`,
  options: {
    mine: { type: "boolean" },
    user: { type: "string" },
    sort: { type: "string" },
    direction: { type: "string" },
    count: { type: "string" },
    offset: { type: "string" },
    ...jsonOption,
  },
  async run(ctx) {
    const docs = await ctx.anonymousApi().documents.list(listQuery(ctx));
    if (ctx.values.json) ctx.json(docs);
    else ctx.out(docs.length === 0 ? "no documents" : metadataTable(docs));
    return EXIT_OK;
  },
};

const docsRm: Command = {
  path: ["docs", "rm"],
  summary: "delete documents you published",
  usage: "<document_id>...",
  help: `DELETEs the documents (all or none: any document of another user refuses the request).`,
  positionals: [1, 1000],
  async run(ctx) {
    const ids = ctx.positionals
      .flatMap((p) => p.split(","))
      .filter(Boolean)
      .map(docIdOf);
    await ctx.api().documents.delete(ids);
    ctx.out(`deleted ${ids.length === 1 ? `document ${ids[0]}` : `${ids.length} documents`}`);
    return EXIT_OK;
  },
};

const revisionOf = (value: string | undefined, what: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new UsageError(`${what} must be a revision number (1, 2, ...), not "${value}"`);
  return Number(value);
};

const docsRevisions: Command = {
  path: ["docs", "revisions"],
  summary: "list a document's kept revisions",
  usage: "<document_id> [--json]",
  help: `GETs /v1/document.php/<document_id>?revisions: every revision the server keeps, newest
first, with its time, size and one line on what changed (not counted as a download).
Each one's content is at its resource_url (--json shows it; fetching it counts as a
download); \`docs diff\` tells what changed between two.

  --json   print the API's array of revisions`,
  options: { ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const id = docIdOf(ctx.positionals[0]);
    const list = await ctx.anonymousApi().documents.revisions(id);
    if (ctx.values.json) ctx.json(list);
    else
      ctx.out(
        table(
          ["REV", "CREATED", "SIZE", "SUMMARY"],
          list.map((r) => [String(r.revision), r.created, String(r.size), r.summary]),
        ),
      );
    return EXIT_OK;
  },
};

const docsDiff: Command = {
  path: ["docs", "diff"],
  summary: "what changed between two revisions of a document, in loot terms",
  usage: "<document_id> [<from> [<to>]] [--json]",
  help: `GETs /v1/document.php/<document_id>?diff and prints the changes as the document page
lists them: loot sources, item sets and entries added, removed or changed (weights as
chances), other settings key by key, and which Game.ini lines differ.

  <from>   the older revision (default: the kept revision before <to>)
  <to>     the newer revision (default: the newest)
  --json   print the API's diff (the Game.ini lines in full)

Examples:
  beacon-hub docs diff <id>        what the last update changed
  beacon-hub docs diff <id> 3      everything since revision 3`,
  options: { ...jsonOption },
  positionals: [1, 3],
  async run(ctx) {
    const id = docIdOf(ctx.positionals[0]);
    const from = revisionOf(ctx.positionals[1], "<from>");
    const to = revisionOf(ctx.positionals[2], "<to>");
    const diff = await ctx.anonymousApi().documents.diff(id, from, to);
    if (ctx.values.json) {
      ctx.json(diff);
      return EXIT_OK;
    }
    ctx.out(`Changes from revision ${diff.from.revision} to revision ${diff.to.revision} of ${id}:`);
    if (diff.identical) ctx.out("  nothing: the two revisions hold the same bytes");
    else if (diff.changes.length === 0 && diff.json.length === 0 && diff.format !== "bytes")
      ctx.out("  no setting changed: the content is only written differently");
    if (diff.note) ctx.out(`  ${diff.note}`);
    if (diff.format === "bytes" && !diff.identical)
      ctx.out(`  the content changed (${diff.from.size} bytes -> ${diff.to.size} bytes)`);
    for (const c of diff.changes) ctx.out(`  ${c.text}`);
    if (diff.json.length > 0) {
      ctx.out(diff.format === "loot" ? "Other settings:" : "Settings:");
      for (const c of diff.json) ctx.out(`  ${c.text}`);
    }
    if (diff.odds.length > 0) {
      ctx.out("How the odds moved:");
      for (const o of diff.odds) ctx.out(`  ${o.text}`);
    }
    if (diff.game_ini.length > 0) {
      ctx.out("Game.ini lines that differ (--json prints them):");
      for (const g of diff.game_ini) ctx.out(`  ${g.kind}: the line of ${g.crate}`);
    }
    return EXIT_OK;
  },
};

const docsCheck: Command = {
  path: ["docs", "check"],
  summary: "crash risks and mistakes in a loot document (published or a file)",
  usage: "<document_id | file> [--json]",
  help: `Checks a loot document's numbers (docs/LOOT.md#warnings): the most item rolls one crate
can make (above 2,000 is a crash risk), quantities past 65,535, weights of 0 that make a set,
entry or item unreachable, set labels naming a tier no entry can give, minimums above maximums.
A document id GETs /v1/document.php/<document_id>?check; a file is checked here, not sent.

Exits 1 when a crash risk is found, 0 otherwise (other warnings are printed, not failed).

  --json   print the check as the API returns it`,
  options: { ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const target = ctx.positionals[0]!;
    let checked: DocumentCheckJson;
    if (isUuid(target)) checked = await ctx.anonymousApi().documents.check(target.toLowerCase());
    else {
      let content: unknown;
      try {
        content = JSON.parse(readFileSync(target, "utf8"));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new CliError(
          code ? `cannot read ${target}: ${code}` : `${target} is not JSON: ${(err as Error).message}`,
        );
      }
      const id = (content as { Identifier?: unknown } | null)?.Identifier;
      checked = checkContent(typeof id === "string" ? id : target, content);
    }
    const crash = checked.warnings.some((w) => w.severity === "crash");
    if (ctx.values.json) ctx.json(checked);
    else if (!checked.loot) ctx.out(`${target}: not a loot document; nothing to check`);
    else if (checked.warnings.length === 0) ctx.out(`${target}: no warnings`);
    else {
      ctx.out(`${target}: ${checked.warnings.length} warning${checked.warnings.length === 1 ? "" : "s"}`);
      for (const w of checked.warnings) ctx.out(`  ${w.severity === "crash" ? "CRASH RISK" : "warning"}: ${w.message}`);
    }
    return crash ? EXIT_FAILURE : EXIT_OK;
  },
};

const docsRestore: Command = {
  path: ["docs", "restore"],
  summary: "restore a kept revision of your document as its newest",
  usage: "<document_id> <revision> [--json]",
  help: `POSTs /v1/document.php/<document_id>?restore=<revision>: the revision's exact content
becomes the document's newest revision; every revision in between is kept. Only the
document's author may.

  --json   print the API's reply`,
  options: { ...jsonOption },
  positionals: [2, 2],
  async run(ctx) {
    const id = docIdOf(ctx.positionals[0]);
    const revision = revisionOf(ctx.positionals[1], "<revision>")!;
    const reply = await ctx.api().documents.restore(id, revision);
    if (ctx.values.json) ctx.json(reply);
    else ctx.out(`restored revision ${reply.restored_from} of ${id} as revision ${reply.revision}`);
    return EXIT_OK;
  },
};

export const docsCommands = [
  docsPublish,
  docsGet,
  docsLs,
  docsRm,
  docsIni,
  docsFromIni,
  docsRevisions,
  docsDiff,
  docsCheck,
  docsRestore,
];
