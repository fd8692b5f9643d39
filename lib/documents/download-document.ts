/**
 * A single-document download: the content as stored plus its name, and the download
 * counted (lib/documents/count-downloads.ts: added up with the other downloads of the
 * same group commit, answered once committed). That is the whole database cost of a
 * repeated download: contents are kept in memory by (id, revision, last_updated), which
 * every publish changes, bounded by total bytes.
 */
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { countDownload } from "./count-downloads";
import { decodeContent, type ContentEncoding, type StoredContent } from "./content-storage";

export interface Download {
  name: string;
  content: StoredContent;
  /** the original bytes (gunzipped once, then kept with the stored form) */
  original(): Promise<Uint8Array>;
}

interface Entry {
  content: StoredContent;
  original?: Uint8Array;
}

const MAX_CACHED_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let cachedBytes = 0;

function account(bytes: number): void {
  cachedBytes += bytes;
  for (const [oldest, old] of entries) {
    if (cachedBytes <= MAX_CACHED_BYTES) break;
    entries.delete(oldest);
    cachedBytes -= old.content.body.length + (old.original?.length ?? 0);
  }
}

export async function downloadDocument(db: Db, id: string): Promise<Download> {
  const doc = await countDownload(db, id);
  if (!doc) throw notFound("No document has this id.", { document_id: id });
  const key = `${id}/${doc.revision}/${doc.lastUpdated.getTime()}`;
  let entry = entries.get(key);
  if (!entry) {
    const stored = await db.documentContent.findUnique({ where: { documentId: id }, select: { encoding: true, body: true, sha256: true } });
    if (!stored) throw notFound("No document has this id.", { document_id: id });
    entry = { content: { ...stored, encoding: stored.encoding as ContentEncoding } };
    // Very large documents are served but not kept: they would push out everything else.
    if (stored.body.length <= MAX_CACHED_BYTES / 8) {
      entries.set(key, entry);
      account(stored.body.length);
    }
  }
  const kept = entry;
  return {
    name: doc.name,
    content: kept.content,
    async original() {
      if (kept.original) return kept.original;
      const original = await decodeContent(kept.content);
      if (entries.get(key) === kept && original.length <= MAX_CACHED_BYTES / 8) {
        kept.original = original;
        account(original.length);
      }
      return original;
    },
  };
}
