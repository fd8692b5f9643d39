/**
 * How a document's bytes are kept in document_contents.body (BYTEA / BLOB).
 *
 * Measured with scripts/measure-document-storage.ts (2026-11-21, this 2-core machine,
 * Prisma client, mean of 3 writes/reads per run; ranges over 4 runs, the first on an
 * idle machine, the rest under load 5-8 from other test runs). One 5.25 MB Beacon-like
 * JSON document (loot sources, item sets, engram paths) gzips to 0.34 MB:
 *
 *   engine      stored as  on disk/doc  write        read (incl. gunzip)
 *   SQLite      identity   5.25 MB      167-212 ms   33-45 ms
 *   SQLite      gzip       0.34 MB       51-156 ms    6-38 ms
 *   PostgreSQL  identity   0.48 MB*      93-213 ms   70-173 ms  (*TOAST pglz, in the server)
 *   PostgreSQL  gzip       0.35 MB       50-143 ms    9-21 ms
 *
 * Hardly compressible content (5.24 MB of random base64) gzips to 3.95 MB (-25 %) at
 * 150-400 ms more per write. Gzip wins on size and on reads for what clients really
 * send (JSON), on both engines, so it is the default: kept when it saves at least 10 %,
 * else the bytes are stored as they are (random binary). Compression runs on zlib's
 * thread pool before the transaction. Downloads hand stored gzip straight to clients
 * that accept it. sha256 is over the original bytes.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export type ContentEncoding = "identity" | "gzip";

export interface StoredContent {
  encoding: ContentEncoding;
  body: Uint8Array<ArrayBuffer>;
  /** hex sha256 of the original bytes */
  sha256: string;
}

/** below this, compressing is not worth a thread-pool round trip */
const MIN_GZIP_BYTES = 1024;
const MAX_GZIP_RATIO = 0.9;

export async function encodeContent(original: Uint8Array): Promise<StoredContent> {
  const sha256 = createHash("sha256").update(original).digest("hex");
  if (original.length >= MIN_GZIP_BYTES) {
    const gz = await gzipAsync(original);
    if (gz.length <= original.length * MAX_GZIP_RATIO) return { encoding: "gzip", body: new Uint8Array(gz), sha256 };
  }
  return { encoding: "identity", body: new Uint8Array(original), sha256 };
}

export async function decodeContent(stored: { encoding: string; body: Uint8Array }): Promise<Uint8Array> {
  if (stored.encoding === "gzip") return gunzipAsync(stored.body);
  if (stored.encoding === "identity") return stored.body;
  throw new Error(`unknown stored content encoding ${stored.encoding}`);
}
