/**
 * /documents/<id>/game.ini and /documents/<id>/gameusersettings.ini: a document's lines of
 * that file as a plain-text attachment named after the document (GET), or merged into the
 * file the client sends (POST). Game.ini carries the loot's crate lines
 * (lib/loot/game-ini-merge) and the document's Game.ini settings (lib/server-config/merge:
 * each key once, in its section); a loot-only document exports exactly the crate lines it
 * always did. `?revision=N` takes a kept revision's content instead of the current one.
 * Errors are one plain sentence: 400 a bad `difficulty` or `revision` or a body that is not
 * text, 404 an unknown id or revision, 413 a body over 1 MiB, 422 content with nothing for
 * that file. Neither counts as a download.
 */
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { contentDisposition } from "@/lib/documents/content-disposition";
import { findDocuments } from "@/lib/documents/find-documents";
import { mergeGameIni } from "@/lib/loot/game-ini-merge";
import {
  documentLoot,
  lootCrateLines,
  lootGameIni,
  parseDifficulty,
  type DocumentLoot,
} from "@/lib/documents/document-loot";
import { revisionFileName } from "@/lib/documents/revisions/download-revision";
import { findRevision } from "@/lib/documents/revisions/revision-store";
import { readDocumentConfig } from "@/lib/server-config/config-document";
import { exportIni } from "@/lib/server-config/export-ini";
import type { ConfigSetting } from "@/lib/server-config/import-ini";
import { mergeIni } from "@/lib/server-config/merge";
import type { IniFile } from "@/lib/server-config/options";
import { isUuid } from "@/lib/uuid";

export interface PlainReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** `exact`: the body as it is (a merged file keeps its last line's ending, or its lack of one). */
const plain = (status: number, body: string, headers: Record<string, string> = {}, exact = false): PlainReply => ({
  status,
  body: exact || body.endsWith("\n") ? body : `${body}\n`,
  headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", ...headers },
});

/** The largest Game.ini a merge accepts. */
export const MAX_MERGE_BYTES = 1024 * 1024;

type Found =
  | {
      ok: true;
      name: string;
      /** null for GameUserSettings.ini and for a document without loot */
      loot: DocumentLoot["loot"];
      /** the document's settings of the file asked for */
      settings: ConfigSetting[];
      difficulty: number | undefined;
    }
  | { ok: false; reply: PlainReply };

export interface ExportOptions {
  /** the file asked for: Game.ini when absent */
  file?: IniFile;
  id: string;
  difficulty: string | null;
  baseUrl: string;
  /** `?revision=`: a kept revision's number; null for the current content */
  revision?: string | null;
}

/** `?revision=` of a page or export: absent or empty = the current content; else a whole number from 1. */
export function parseRevision(
  value: string | null | undefined,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (value === null || value === undefined || value === "") return { ok: true, value: undefined };
  const n = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (n < 1)
    return { ok: false, message: `revision must be a revision's number (1, 2, ...), not "${value.slice(0, 40)}".` };
  return { ok: true, value: n };
}

async function findLines(db: Db, options: ExportOptions): Promise<Found> {
  const file = options.file ?? "Game.ini";
  const difficulty = parseDifficulty(options.difficulty);
  if (!difficulty.ok) return { ok: false, reply: plain(400, `Bad request: ${difficulty.message}`) };
  const revision = parseRevision(options.revision);
  if (!revision.ok) return { ok: false, reply: plain(400, `Bad request: ${revision.message}`) };
  const id = options.id.toLowerCase();
  const [doc] = isUuid(id) ? await findDocuments(db, { ids: [id], baseUrl: options.baseUrl }) : [];
  if (!doc) return { ok: false, reply: plain(404, "No document has this id.") };
  if (revision.value !== undefined && !(await findRevision(db, doc.document_id, revision.value)))
    return { ok: false, reply: plain(404, `This document has no revision ${revision.value}.`) };
  const { content, loot } = await documentLoot(db, doc.document_id, revision.value);
  const settings = readDocumentConfig(content.state === "parsed" ? content.value : null).settings.filter(
    (s) => s.file === file,
  );
  const lootHere = file === "Game.ini" ? loot : null;
  if (!lootHere && settings.length === 0)
    return {
      ok: false,
      reply: plain(
        422,
        file === "Game.ini"
          ? "This document holds no loot sources (it is not a loot document), so it has no Game.ini lines."
          : "This document holds no GameUserSettings.ini settings.",
      ),
    };
  const name = revision.value === undefined ? doc.name : revisionFileName(doc.name, revision.value);
  return { ok: true, name, loot: lootHere, settings, difficulty: difficulty.value };
}

/**
 * A loot document's crates are its loot sources: crate lines kept among its settings (an
 * imported Game.ini's) would replace them in the export, so they are not written.
 */
function withoutCrateSettings(loot: DocumentLoot["loot"], settings: readonly ConfigSetting[]): ConfigSetting[] {
  return loot ? settings.filter((s) => !/^ConfigOverrideSupplyCrateItems\b/i.test(s.key.trim())) : [...settings];
}

/**
 * A document's lines of one file: the crate lines (Game.ini, a loot document) with the
 * file's settings merged in, or the settings alone. The page's box shows the same text.
 */
export function documentIniLines(
  loot: DocumentLoot["loot"],
  settings: readonly ConfigSetting[],
  file: IniFile,
  difficulty?: number,
): string {
  const mine = withoutCrateSettings(loot, settings).filter((s) => s.file === file);
  if (!loot || file !== "Game.ini") return exportIni(mine, file);
  const crates = lootGameIni(loot, difficulty);
  return mine.length === 0 ? crates : mergeIni(crates, mine);
}

export async function gameIniExport(db: Db, options: ExportOptions): Promise<PlainReply> {
  const found = await findLines(db, options);
  if (!found.ok) return found.reply;
  const file = options.file ?? "Game.ini";
  return plain(200, documentIniLines(found.loot, found.settings, file, found.difficulty), {
    "content-disposition": contentDisposition(
      file === "Game.ini" ? found.name : `${found.name} GameUserSettings`,
      ".ini",
    ),
    "cache-control": "no-cache",
  });
}

/** A Game.ini sent to be merged, as text; undefined when it is not UTF-8 text (NUL bytes or invalid UTF-8). */
export function gameIniText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The refusal of a Game.ini over MAX_MERGE_BYTES (thrown by the route's body reader). */
export function mergeTooLarge(): ApiError {
  return new ApiError(
    "payload_too_large",
    `The Game.ini is larger than ${MAX_MERGE_BYTES / 1024 / 1024} MiB; send the file the server uses.`,
  );
}

export async function gameIniMerge(db: Db, options: ExportOptions & { body: Uint8Array }): Promise<PlainReply> {
  const text = gameIniText(options.body);
  if (text === undefined)
    return plain(
      400,
      "Bad request: the body is not a text file (it holds NUL bytes or is not UTF-8); send the Game.ini as text/plain.",
    );
  const found = await findLines(db, options);
  if (!found.ok) return found.reply;
  // TextDecoder drops a leading BOM; the merge keeps every byte of the file, so it goes back.
  const bom = options.body[0] === 0xef && options.body[1] === 0xbb && options.body[2] === 0xbf ? "\uFEFF" : "";
  const withCrates = found.loot ? mergeGameIni(bom + text, lootCrateLines(found.loot, found.difficulty)) : bom + text;
  const settings = withoutCrateSettings(found.loot, found.settings);
  const merged = settings.length === 0 ? withCrates : mergeIni(withCrates, settings);
  return plain(
    200,
    merged,
    {
      "content-disposition": contentDisposition(
        options.file === "GameUserSettings.ini" ? "GameUserSettings" : "Game",
        ".ini",
      ),
      "cache-control": "no-store",
    },
    true,
  );
}
