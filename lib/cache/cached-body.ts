/**
 * A JSON body prepared once and served many times: its bytes, a strong ETag, and gzip
 * and brotli forms made ahead (on zlib's thread pool), so a hot read costs no
 * serialisation and no compression.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface CachedBody {
  body: Buffer;
  etag: string;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** below this, compressed forms are not worth keeping */
const MIN_COMPRESS_BYTES = 1024;

/** What a prepared body holds in memory: its bytes and their compressed forms. */
export function bodyBytes(b: CachedBody): number {
  return 64 + b.body.length + (b.gzip?.length ?? 0) + (b.br?.length ?? 0);
}

/**
 * The service's one ETag recipe: a strong validator (quoted) of the bytes, or of whatever
 * names them (a data version and a query). Equal input, equal tag on every instance.
 */
export function etagOf(body: Uint8Array | string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** One compressed form of `body`, as prepareBody makes it. */
export function compressBody(body: Buffer, coding: "gzip" | "br"): Promise<Buffer> {
  return coding === "gzip"
    ? gzipAsync(body, { level: 6 })
    : brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
}

export async function prepareBody(json: string | Buffer): Promise<CachedBody> {
  const body = typeof json === "string" ? Buffer.from(json) : json;
  if (body.length < MIN_COMPRESS_BYTES) return { body, etag: etagOf(body), gzip: null, br: null };
  const [gz, br] = await Promise.all([compressBody(body, "gzip"), compressBody(body, "br")]);
  return { body, etag: etagOf(body), gzip: gz, br };
}
