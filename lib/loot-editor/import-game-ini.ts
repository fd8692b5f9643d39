/**
 * A pasted Game.ini as a new document in the editor: its ConfigOverrideSupplyCrateItems
 * lines read by lib/loot/game-ini-reader (the one reader), class strings given their
 * blueprint paths by the catalogue, and the reader's list of what it could not read.
 * The class lookup needs the classes first, so the text is read twice (1 MiB at most:
 * milliseconds).
 */
import { randomUUID } from "node:crypto";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import type { Db } from "@/lib/db/client";
import { readGameIni } from "@/lib/loot/game-ini-reader";
import { emptyLootDocument } from "@/lib/loot/new-loot";
import { MAX_MERGE_BYTES } from "@/lib/documents/game-ini-export";
import { lootItems } from "@/lib/documents/loot-view";
import { draftKeyFor, type EditorStart } from "./editor-start";
import { catalogueItemsOf } from "./start-editor";

/** The same limit as a merge: a server's Game.ini is far smaller. */
export const MAX_IMPORT_BYTES = MAX_MERGE_BYTES;

export type ImportOutcome = { ok: true; start: EditorStart } | { ok: false; message: string; problems: string[] };

export async function importGameIni(db: Db, options: { text: string; difficulty?: number }): Promise<ImportOutcome> {
  const { text } = options;
  if (Buffer.byteLength(text, "utf8") > MAX_IMPORT_BYTES)
    return {
      ok: false,
      message: `The Game.ini is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB; paste the file the server uses.`,
      problems: [],
    };
  if (text.includes("\u0000"))
    return { ok: false, message: "This is not a text file (it holds NUL characters).", problems: [] };
  const classes = lootItems(readGameIni(text, { difficulty: options.difficulty }).doc).map((i) => ({
    path: "",
    class: i.class,
  }));
  const resolve = await resolveItems(db, classes);
  const read = readGameIni(text, {
    difficulty: options.difficulty,
    pathOfClass: (c) => resolve({ path: "", class: c })?.path,
  });
  if (read.doc.sources.length === 0)
    return {
      ok: false,
      message: "No supply crate line (ConfigOverrideSupplyCrateItems) could be read from this text.",
      problems: read.problems,
    };
  const id = randomUUID();
  const doc = { ...read.doc, raw: emptyLootDocument(id).raw, problems: [] };
  const sources = doc.sources.length;
  const start: EditorStart = {
    mode: "create",
    documentId: id,
    revision: null,
    doc,
    items: await catalogueItemsOf(db, doc),
    notice: `Read from the pasted Game.ini: ${sources} loot ${sources === 1 ? "source" : "sources"}, quality numbers turned into tiers for difficulty ${read.difficulty}. Give it a title, check it, and save it as a new document.`,
    problems: read.problems,
    draftKey: draftKeyFor("create", id),
  };
  return { ok: true, start };
}
