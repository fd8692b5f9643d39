/**
 * How a document's bytes are kept in document_contents.body (BYTEA / BLOB).
 *
 * Measured with scripts/measure-document-storage.ts (2026-11-21, this machine, Prisma
 * client, mean of 3 writes/reads of one 5.25 MB Beacon-like JSON document):
 *
 *   engine      stored as  stored size  write   read
 *   SQLite      identity   5.25 MB      52-167 ms  33 ms
 *   SQLite      gzip       0.34 MB      51 ms   6 ms   (gzip 39 ms, gunzip 10 ms included)
 *   PostgreSQL  identity   0.50 MB*     93 ms   70 ms  (*TOAST pglz compresses it itself)
 *   PostgreSQL  gzip       0.35 MB      50 ms   9 ms
 *
 * Incompressible content (5.24 MB of random base64): gzip only saves 25 % and costs
 * ~150 ms per write. So: gzip when it saves at least 10 %, else keep the bytes as they
 * are. Compression runs on zlib's thread pool, outside any transaction. Downloads can
 * hand stored gzip straight to clients that accept it. sha256 is over the original bytes.
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
