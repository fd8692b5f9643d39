/**
 * /documents/<id>/game.ini: a loot document's Game.ini lines as a plain-text attachment
 * named after the document (GET), or merged into the Game.ini the client sends (POST,
 * lib/loot/game-ini-merge). `?revision=N` takes a kept revision's content instead of the
 * current one. Errors are one plain sentence: 400 a bad `difficulty` or `revision` or a
 * body that is not text, 404 an unknown id or revision, 413 a body over 1 MiB, 422
 * content that is not a loot document. Neither counts as a download.
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
import { isUuid } from "@/lib/uuid";

export interface PlainReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const plain = (status: number, body: string, headers: Record<string, string> = {}): PlainReply => ({
  status,
  body: body.endsWith("\n") ? body : `${body}\n`,
  headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", ...headers },
});

/** The largest Game.ini a merge accepts. */
export const MAX_MERGE_BYTES = 1024 * 1024;

type Found =
  | { ok: true; name: string; loot: NonNullable<DocumentLoot["loot"]>; difficulty: number | undefined }
  | { ok: false; reply: PlainReply };

export interface ExportOptions {
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

async function findLoot(db: Db, options: ExportOptions): Promise<Found> {
  const difficulty = parseDifficulty(options.difficulty);
  if (!difficulty.ok) return { ok: false, reply: plain(400, `Bad request: ${difficulty.message}`) };
  const revision = parseRevision(options.revision);
  if (!revision.ok) return { ok: false, reply: plain(400, `Bad request: ${revision.message}`) };
  const id = options.id.toLowerCase();
  const [doc] = isUuid(id) ? await findDocuments(db, { ids: [id], baseUrl: options.baseUrl }) : [];
  if (!doc) return { ok: false, reply: plain(404, "No document has this id.") };
  if (revision.value !== undefined && !(await findRevision(db, doc.document_id, revision.value)))
    return { ok: false, reply: plain(404, `This document has no revision ${revision.value}.`) };
  const { loot } = await documentLoot(db, doc.document_id, revision.value);
  if (!loot)
    return {
      ok: false,
      reply: plain(
        422,
        "This document holds no loot sources (it is not a loot document), so it has no Game.ini lines.",
      ),
    };
  const name = revision.value === undefined ? doc.name : revisionFileName(doc.name, revision.value);
  return { ok: true, name, loot, difficulty: difficulty.value };
}

export async function gameIniExport(db: Db, options: ExportOptions): Promise<PlainReply> {
  const found = await findLoot(db, options);
  if (!found.ok) return found.reply;
  return plain(200, lootGameIni(found.loot, found.difficulty), {
    "content-disposition": contentDisposition(found.name, ".ini"),
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
  const found = await findLoot(db, options);
  if (!found.ok) return found.reply;
  // TextDecoder drops a leading BOM; the merge keeps every byte of the file, so it goes back.
  const bom = options.body[0] === 0xef && options.body[1] === 0xbb && options.body[2] === 0xbf ? "\uFEFF" : "";
  return plain(200, mergeGameIni(bom + text, lootCrateLines(found.loot, found.difficulty)), {
    "content-disposition": contentDisposition("Game", ".ini"),
    "cache-control": "no-store",
  });
}
