/**
 * A single-document download: the content as stored plus its name, and the download
 * counted (lib/documents/count-downloads.ts: added up with the other downloads of the
 * same group commit, answered once committed). That is the whole database cost of a
 * repeated download: contents are kept in memory by (id, revision, last_updated), which
 * every publish changes, bounded by total bytes.
 */
import { processWide } from "@/lib/process/process-wide";
import { notFound } from "@/lib/api/errors";
import { registerCache } from "@/lib/cache/cache-stats";
import { etagOf } from "@/lib/cache/cached-body";
import type { Db } from "@/lib/db/client";
import { countDownload } from "./count-downloads";
import { hiddenDocumentFor, NO_HIDDEN_ACCESS, type HiddenAccess } from "./visibility";
import { decodeContent, type ContentEncoding, type StoredContent } from "./content-storage";

export interface Download {
  name: string;
  content: StoredContent;
  /** the ETag of the stored bytes (hashed once per kept content, not per download) */
  contentEtag(): string;
  /** the original bytes (gunzipped once, then kept with the stored form) */
  original(): Promise<Uint8Array>;
  /** the ETag of the original bytes (hashed once per kept content) */
  originalEtag(): Promise<string>;
}

interface Entry {
  content: StoredContent;
  original?: Uint8Array;
  // Hashing 22 KB was a seventh of a download's CPU when done for every reply.
  contentEtag?: string;
  originalEtag?: string;
}

/**
 * Contents by (id, revision, last_updated), least recently downloaded out first, within
 * MAX_CACHED_BYTES of stored and original bytes together. A document over an eighth of
 * that is served but not kept: it would push out everything else.
 */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = MAX_CACHED_BYTES / 8;
const cache = processWide("beaconDocumentContents", () => ({
  entries: new Map<string, Entry>(),
  bytes: 0,
  hits: 0,
  misses: 0,
}));
registerCache("document_contents", () => ({
  entries: cache.entries.size,
  bytes: cache.bytes,
  maxBytes: MAX_CACHED_BYTES,
  hits: cache.hits,
  misses: cache.misses,
}));

const entryBytes = (e: Entry) => e.content.body.length + (e.original?.length ?? 0);

function account(bytes: number): void {
  cache.bytes += bytes;
  for (const [oldest, old] of cache.entries) {
    if (cache.bytes <= MAX_CACHED_BYTES) break;
    cache.entries.delete(oldest);
    cache.bytes -= entryBytes(old);
  }
}

/**
 * `client`: the downloader's address, for the unique counts (lib/documents/unique-downloads.ts).
 * A hidden document is served, uncounted, only to whom `hiddenAccess` lets see it.
 */
export async function downloadDocument(
  db: Db,
  id: string,
  client?: string,
  hiddenAccess: HiddenAccess = NO_HIDDEN_ACCESS,
): Promise<Download> {
  const doc = (await countDownload(db, id, client)) ?? (await hiddenDocumentFor(db, id, hiddenAccess));
  if (!doc) throw notFound("No document has this id.", { document_id: id });
  const key = `${id}/${doc.revision}/${doc.lastUpdated.getTime()}`;
  let entry = cache.entries.get(key);
  if (entry) {
    cache.hits++;
    // re-insert: Map order doubles as recency
    cache.entries.delete(key);
    cache.entries.set(key, entry);
  } else {
    cache.misses++;
    const stored = await db.documentContent.findUnique({
      where: { documentId: id },
      select: { encoding: true, body: true, sha256: true },
    });
    if (!stored) throw notFound("No document has this id.", { document_id: id });
    entry = { content: { ...stored, encoding: stored.encoding as ContentEncoding } };
    if (stored.body.length <= MAX_ENTRY_BYTES && !cache.entries.has(key)) {
      cache.entries.set(key, entry);
      account(stored.body.length);
    }
  }
  const kept = entry;
  const original = async () => {
    if (kept.original) return kept.original;
    const bytes = await decodeContent(kept.content);
    if (cache.entries.get(key) === kept && entryBytes(kept) + bytes.length <= MAX_ENTRY_BYTES) {
      kept.original = bytes;
      account(bytes.length);
    }
    return bytes;
  };
  return {
    name: doc.name,
    content: kept.content,
    contentEtag: () => (kept.contentEtag ??= etagOf(kept.content.body)),
    original,
    originalEtag: async () => (kept.originalEtag ??= etagOf(await original())),
  };
}
