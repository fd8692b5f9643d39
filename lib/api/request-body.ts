/**
 * Turning a request body into bytes, once: the size limit (413) and the gzip
 * Content-Encoding of older game clients. The signature covers the decoded body.
 *
 * A gzip body is inflated on zlib's thread pool, never on the event loop, and at most
 * INFLATING at a time: 16 KiB of gzip can inflate to the whole 16 MiB limit, so 300 such
 * bodies inflated at once on the event loop stalled every request (even /healthz) for 23 s
 * and would hold gigabytes. Those past the bound wait their turn, holding only their
 * compressed bytes.
 */
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { ApiError, badRequest } from "@/lib/api/errors";

export function tooLarge(limit: number): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than the limit of ${limit} bytes.`, { limit });
}

/** Fails early on a declared Content-Length over the limit, before reading anything. */
export function checkDeclaredLength(contentLength: string | undefined, limit: number): void {
  if (contentLength === undefined) return;
  if (!/^\d+$/.test(contentLength)) throw badRequest("Content-Length is not a number.");
  if (Number(contentLength) > limit) throw tooLarge(limit);
}

const gunzipAsync = promisify(gunzip);

/** Gzip bodies inflated at once, process-wide (libuv's pool has 4 threads; scrypt and files use it too). */
export const INFLATING = 2;
let inflating = 0;
const waiting: (() => void)[] = [];

async function inflateBounded(raw: Uint8Array, limit: number): Promise<Uint8Array> {
  if (inflating >= INFLATING) await new Promise<void>((resolve) => waiting.push(resolve));
  inflating++;
  try {
    return await gunzipAsync(raw, { maxOutputLength: limit });
  } finally {
    inflating--;
    waiting.shift()?.();
  }
}

export async function decodeBody(
  raw: Uint8Array,
  contentEncoding: string | undefined,
  limit: number,
): Promise<Uint8Array> {
  const encoding = (contentEncoding ?? "identity").trim().toLowerCase();
  if (encoding === "identity" || encoding === "") return raw;
  if (encoding !== "gzip" && encoding !== "x-gzip") {
    throw badRequest(`Content-Encoding ${encoding} is not supported; send identity or gzip.`);
  }
  try {
    return await inflateBounded(raw, limit);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(limit);
    throw badRequest("The gzip request body could not be decoded.");
  }
}
