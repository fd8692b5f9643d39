/**
 * gzip responses for clients that send `Accept-Encoding: gzip` (older game clients do),
 * applied once for every v1 endpoint when the response is written. Small bodies are
 * not worth it; replies that already carry a Content-Encoding are left alone.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { ApiResponse } from "@/lib/api/types";

const gzipAsync = promisify(gzip);

/** bodies up to this many bytes go out as they are */
export const MIN_COMPRESS_BYTES = 1024;

/** True when the Accept-Encoding header allows gzip (q > 0, named or through "*"). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, "gzip");
}

/** True when the Accept-Encoding header allows this coding (q > 0, named or through "*"). */
export function acceptsEncoding(header: string | undefined, coding: "gzip" | "br"): boolean {
  if (!header) return false;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const named = coding === "gzip" ? (q.get("gzip") ?? q.get("x-gzip")) : q.get(coding);
  return named !== undefined ? named > 0 : (q.get("*") ?? 0) > 0;
}

/** The response as it should go on the wire for this request. */
export async function encodeResponse(
  apiRes: ApiResponse,
  method: string,
  acceptEncoding: string | undefined,
): Promise<ApiResponse> {
  const { body, status, headers } = apiRes;
  if (body === null || method === "HEAD" || status === 204 || status === 304 || headers["content-encoding"])
    return apiRes;
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  if (bytes.length <= MIN_COMPRESS_BYTES) return apiRes;
  const vary = !headers["vary"]
    ? "Accept-Encoding"
    : /accept-encoding/i.test(headers["vary"])
      ? headers["vary"]
      : `${headers["vary"]}, Accept-Encoding`;
  const { br, gzip: gz } = apiRes.variants ?? {};
  if (br && acceptsEncoding(acceptEncoding, "br"))
    return { status, headers: { ...headers, vary, "content-encoding": "br" }, body: br };
  if (!acceptsGzip(acceptEncoding)) return { status, headers: { ...headers, vary }, body };
  return { status, headers: { ...headers, vary, "content-encoding": "gzip" }, body: gz ?? (await gzipAsync(bytes)) };
}
