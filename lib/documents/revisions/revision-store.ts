/**
 * Where revisions live: document_revisions holds each revision's metadata and the list
 * of its chunks' hashes (lib/documents/revisions/chunking.ts); document_chunks holds each
 * distinct chunk of a document once, deflated. A revision that changes one entry of a
 * large document adds the one or two chunks around the edit and its hash list
 * (docs/BENCHMARKS.md, "Document revisions", measured by scripts/measure-revision-storage.ts).
 *
 * Writing comes in two steps, so the transaction does no compression: prepareRevisions
 * (before it) cuts and hashes the contents and deflates the chunks the database does not
 * hold yet; writeRevision (inside the publish's transaction) inserts the chunks still
 * missing then and the revision row, and drops revisions beyond DOCUMENT_REVISIONS_KEEP
 * with the chunks no kept revision uses. Chunks are per document, so a document's
 * revisions and chunks go with it (foreign keys ON DELETE CASCADE), and a chunk is never
 * shared with another user's document.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { deflateRaw, deflateRawSync } from "node:zlib";
import { chunks as statementChunks, findInChunks } from "@/lib/db/chunks";
import type { Db, Tx } from "@/lib/db/client";
import { chunksOf, joinHashes, splitHashes, type Chunk } from "./chunking";
import { joinStoredContent, type StoredChunk, type StoredContent } from "./stored-content";

const deflateRawAsync = promisify(deflateRaw);

/** A chunk is kept deflated when that saves at least this share (as document contents are). */
const MAX_DEFLATE_RATIO = 0.9;

function stored(bytes: Uint8Array, deflated: Buffer): StoredChunk {
  return deflated.length <= bytes.length * MAX_DEFLATE_RATIO
    ? { encoding: "deflate-raw", body: new Uint8Array(deflated) }
    : { encoding: "identity", body: new Uint8Array(bytes) };
}

export interface PreparedRevision {
  documentId: string;
  size: number;
  /** hex sha256 of the whole content */
  sha256: string;
  /** the chunk list as stored */
  chunkList: Buffer;
  /** each distinct chunk once, by hex hash; `stored` for those the database lacked when prepared */
  chunks: Map<string, Chunk & { stored?: StoredChunk }>;
}

/** Cuts, hashes and (for chunks the database does not hold yet) deflates each content, outside any transaction. */
export async function prepareRevisions(
  db: Db,
  contents: { id: string; content: Uint8Array }[],
): Promise<PreparedRevision[]> {
  const known = new Set(
    (
      await findInChunks([...new Set(contents.map((c) => c.id))], (part) =>
        db.documentChunk.findMany({ where: { documentId: { in: part } }, select: { documentId: true, hash: true } }),
      )
    ).map((row) => `${row.documentId}/${Buffer.from(row.hash).toString("hex")}`),
  );
  return Promise.all(
    contents.map(async ({ id, content }) => {
      const list = chunksOf(content);
      const chunks = new Map<string, Chunk & { stored?: StoredChunk }>();
      for (const chunk of list) chunks.set(chunk.hash.toString("hex"), chunk);
      await Promise.all(
        [...chunks].map(async ([hex, chunk]) => {
          if (!known.has(`${id}/${hex}`)) chunk.stored = stored(chunk.bytes, await deflateRawAsync(chunk.bytes));
        }),
      );
      return {
        documentId: id,
        size: content.length,
        sha256: createHash("sha256").update(content).digest("hex"),
        chunkList: joinHashes(list.map((c) => c.hash)),
        chunks,
      };
    }),
  );
}

export interface RevisionMeta {
  revision: number;
  createdAt: Date;
  summary: string;
  restoredFrom?: number;
}

/** Rows a prepared revision may write, for the group commit's batch sizes. */
export function revisionRows(prepared: PreparedRevision): number {
  return 1 + [...prepared.chunks.values()].filter((c) => c.stored).length;
}

/**
 * Stores a prepared revision inside the caller's transaction: the chunks the document
 * does not hold now (read again here: another write may have added or dropped some since
 * it was prepared), then the revision row; then, with `keep` > 0, drops older revisions.
 */
export async function writeRevision(
  tx: Tx,
  prepared: PreparedRevision,
  meta: RevisionMeta,
  keep: number,
): Promise<void> {
  const { documentId } = prepared;
  const held = new Set(
    (await tx.documentChunk.findMany({ where: { documentId }, select: { hash: true } })).map((r) =>
      Buffer.from(r.hash).toString("hex"),
    ),
  );
  const missing = [...prepared.chunks].filter(([hex]) => !held.has(hex));
  for (const part of statementChunks(missing, 200)) {
    await tx.documentChunk.createMany({
      data: part.map(([, chunk]) => {
        const body = chunk.stored ?? stored(chunk.bytes, deflateRawSync(chunk.bytes));
        return { documentId, hash: new Uint8Array(chunk.hash), encoding: body.encoding, body: body.body };
      }),
    });
  }
  await tx.documentRevision.create({
    data: {
      documentId,
      revision: meta.revision,
      createdAt: meta.createdAt,
      size: prepared.size,
      sha256: prepared.sha256,
      summary: meta.summary,
      restoredFrom: meta.restoredFrom ?? null,
      chunks: new Uint8Array(prepared.chunkList),
    },
  });
  if (keep > 0) await pruneRevisions(tx, documentId, keep);
}

/**
 * Keeps the newest `keep` revisions of a document and the chunks they use. Returns how
 * many revisions went.
 */
export async function pruneRevisions(tx: Tx, documentId: string, keep: number): Promise<number> {
  const newest = await tx.documentRevision.findFirst({
    where: { documentId },
    orderBy: { revision: "desc" },
    select: { revision: true },
  });
  if (!newest) return 0;
  const { count } = await tx.documentRevision.deleteMany({
    where: { documentId, revision: { lte: newest.revision - keep } },
  });
  if (count === 0) return 0;
  const used = new Set<string>();
  for (const r of await tx.documentRevision.findMany({ where: { documentId }, select: { chunks: true } }))
    for (const hash of splitHashes(r.chunks)) used.add(hash.toString("hex"));
  const unused = (await tx.documentChunk.findMany({ where: { documentId }, select: { hash: true } }))
    .map((r) => Buffer.from(r.hash))
    .filter((hash) => !used.has(hash.toString("hex")));
  for (const part of statementChunks(unused))
    await tx.documentChunk.deleteMany({ where: { documentId, hash: { in: part.map((h) => new Uint8Array(h)) } } });
  return count;
}

export interface RevisionInfo {
  revision: number;
  createdAt: Date;
  size: number;
  sha256: string;
  summary: string;
  restoredFrom: number | null;
}

const infoSelect = {
  revision: true,
  createdAt: true,
  size: true,
  sha256: true,
  summary: true,
  restoredFrom: true,
} as const;

/** A document's kept revisions, newest first. */
export function listRevisions(db: Db, documentId: string): Promise<RevisionInfo[]> {
  return db.documentRevision.findMany({ where: { documentId }, orderBy: { revision: "desc" }, select: infoSelect });
}

export function findRevision(db: Db, documentId: string, revision: number): Promise<RevisionInfo | null> {
  return db.documentRevision.findUnique({
    where: { documentId_revision: { documentId, revision } },
    select: infoSelect,
  });
}

/**
 * A kept revision as stored (its chunks in order and its sha256), or null when the
 * document has no such revision; joinStoredContent makes it bytes, here or on a worker.
 */
export async function readStoredRevision(
  db: Db,
  documentId: string,
  revision: number,
): Promise<{ info: RevisionInfo; content: StoredContent } | null> {
  const row = await db.documentRevision.findUnique({
    where: { documentId_revision: { documentId, revision } },
    select: { ...infoSelect, chunks: true },
  });
  if (!row) return null;
  const hashes = splitHashes(row.chunks);
  const distinct = [...new Map(hashes.map((h) => [h.toString("hex"), h])).values()];
  const bodies = new Map<string, StoredChunk>();
  for (const part of statementChunks(distinct)) {
    const found = await db.documentChunk.findMany({
      where: { documentId, hash: { in: part.map((h) => new Uint8Array(h)) } },
      select: { hash: true, encoding: true, body: true },
    });
    for (const chunk of found)
      bodies.set(Buffer.from(chunk.hash).toString("hex"), {
        encoding: chunk.encoding as StoredChunk["encoding"],
        body: chunk.body,
      });
  }
  const parts = hashes.map((h) => {
    const body = bodies.get(h.toString("hex"));
    if (!body) throw new Error(`revision ${revision} of document ${documentId} lacks a chunk`);
    return body;
  });
  const { chunks: _list, ...info } = row;
  return { info, content: { parts, sha256: row.sha256, label: `revision ${revision} of document ${documentId}` } };
}

/**
 * The bytes of a kept revision, or null when the document has no such revision. Checked
 * against the revision's sha256: a missing or damaged chunk is an error, never other bytes.
 */
export async function readRevision(
  db: Db,
  documentId: string,
  revision: number,
): Promise<{ info: RevisionInfo; bytes: Buffer } | null> {
  const found = await readStoredRevision(db, documentId, revision);
  return found && { info: found.info, bytes: joinStoredContent(found.content) };
}
