/**
 * What documents hold now, read before a publish replaces it: its sha256 (to know, inside
 * the transaction, that it is still what the new revision replaces) and its bytes (for
 * the revision's summary). Bytes are read up to MAX_SUMMARY_BYTES over the whole batch: a
 * batch of many large documents gets summaries without the change's details rather
 * than holding them all in memory.
 */
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { decodeContent } from "../content-storage";

export interface CurrentContent {
  sha256: string;
  /** null when the batch had read enough already */
  bytes: Uint8Array | null;
}

export const MAX_SUMMARY_BYTES = 64 * 1024 * 1024;

export async function currentContents(db: Db, ids: string[]): Promise<Map<string, CurrentContent>> {
  const out = new Map<string, CurrentContent>();
  let budget = MAX_SUMMARY_BYTES;
  const shas = await findInChunks([...new Set(ids)], (part) =>
    db.documentContent.findMany({ where: { documentId: { in: part } }, select: { documentId: true, sha256: true } }),
  );
  for (const { documentId, sha256 } of shas) {
    let bytes: Uint8Array | null = null;
    if (budget > 0) {
      // One at a time: each may be megabytes.
      const stored = await db.documentContent.findUnique({
        where: { documentId },
        select: { encoding: true, body: true, sha256: true },
      });
      if (stored?.sha256 === sha256) {
        bytes = await decodeContent(stored);
        budget -= bytes.length;
      }
    }
    out.set(documentId, { sha256, bytes });
  }
  return out;
}
