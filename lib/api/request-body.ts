/**
 * Turning a request body into bytes, once: the size limit (413) and the gzip
 * Content-Encoding of older game clients. The signature covers the decoded body.
 */
import { gunzipSync } from "node:zlib";
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

export function decodeBody(raw: Uint8Array, contentEncoding: string | undefined, limit: number): Uint8Array {
  const encoding = (contentEncoding ?? "identity").trim().toLowerCase();
  if (encoding === "identity" || encoding === "") return raw;
  if (encoding !== "gzip" && encoding !== "x-gzip") {
    throw badRequest(`Content-Encoding ${encoding} is not supported; send identity or gzip.`);
  }
  try {
    return gunzipSync(raw, { maxOutputLength: limit });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(limit);
    throw badRequest("The gzip request body could not be decoded.");
  }
}
