/**
 * GET /documents/<id>/game.ini: a loot document's Game.ini lines as a plain-text
 * attachment named after the document (lib/loot/game-ini writes them). Errors are one
 * plain sentence: 400 a bad `difficulty`, 404 an unknown id, 422 content that is not a
 * loot document. Reading the lines is not a download: the count stays as it is.
 */
import type { Db } from "@/lib/db/client";
import { contentDisposition } from "@/lib/documents/content-disposition";
import { findDocuments } from "@/lib/documents/find-documents";
import { documentLoot, lootGameIni, parseDifficulty } from "@/lib/portal/document-loot";
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

export async function gameIniExport(db: Db, options: { id: string; difficulty: string | null; baseUrl: string }): Promise<PlainReply> {
  const difficulty = parseDifficulty(options.difficulty);
  if (!difficulty.ok) return plain(400, `Bad request: ${difficulty.message}`);
  const id = options.id.toLowerCase();
  const [doc] = isUuid(id) ? await findDocuments(db, { ids: [id], baseUrl: options.baseUrl }) : [];
  if (!doc) return plain(404, "No document has this id.");
  const { loot } = await documentLoot(db, doc.document_id);
  if (!loot) return plain(422, "This document holds no loot sources (it is not a loot document), so it has no Game.ini lines.");
  return plain(200, lootGameIni(loot, difficulty.value), {
    "content-disposition": contentDisposition(doc.name, ".ini"),
    "cache-control": "no-cache",
  });
}
