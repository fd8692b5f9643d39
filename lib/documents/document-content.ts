/**
 * A document's stored content as JSON for its pages (the summary, the loot view, the
 * Game.ini export). The content is untrusted and its format is not part of the
 * interface, so it is parsed as data (JSON.parse in try/catch, never evaluated) and
 * only when small enough to parse on a page view.
 */
import type { Db } from "@/lib/db/client";
import { decodeContent } from "@/lib/documents/content-storage";
import { readRevision } from "@/lib/documents/revisions/revision-store";

/** larger contents are not parsed on a page view */
export const MAX_PARSED_CONTENT_BYTES = 4 * 1024 * 1024;

export type DocumentContentJson =
  | { state: "missing" }
  | { state: "too-large" | "unreadable"; bytes: number }
  | { state: "parsed"; bytes: number; value: unknown };

export function parseContentBytes(bytes: Uint8Array): DocumentContentJson {
  try {
    return {
      state: "parsed",
      bytes: bytes.length,
      value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)),
    };
  } catch {
    return { state: "unreadable", bytes: bytes.length };
  }
}

export async function readDocumentJson(db: Db, documentId: string): Promise<DocumentContentJson> {
  const stored = await db.documentContent.findUnique({ where: { documentId }, select: { encoding: true, body: true } });
  if (!stored) return { state: "missing" };
  // Stored bytes came through the API, so they inflate to at most MAX_BODY_BYTES; a
  // body already over the limit is not worth inflating.
  if (stored.body.length > MAX_PARSED_CONTENT_BYTES) return { state: "too-large", bytes: stored.body.length };
  let bytes: Uint8Array;
  try {
    bytes = await decodeContent(stored);
  } catch {
    return { state: "unreadable", bytes: stored.body.length };
  }
  if (bytes.length > MAX_PARSED_CONTENT_BYTES) return { state: "too-large", bytes: bytes.length };
  return parseContentBytes(bytes);
}

/** A kept revision's content as JSON ("missing" when the document has no such revision). */
export async function readRevisionJson(db: Db, documentId: string, revision: number): Promise<DocumentContentJson> {
  const found = await readRevision(db, documentId, revision);
  if (!found) return { state: "missing" };
  if (found.bytes.length > MAX_PARSED_CONTENT_BYTES) return { state: "too-large", bytes: found.bytes.length };
  return parseContentBytes(found.bytes);
}
