/**
 * A request body read up to a limit (Fetch API Request, as route handlers get it): the
 * bytes, or `tooLargeError` thrown as soon as more arrive than allowed (a Content-Length
 * over the limit is refused before reading). Nothing is buffered past the limit.
 */
import { type ApiError } from "@/lib/api/errors";
import { tooLarge } from "@/lib/api/request-body";

export async function readLimitedBody(
  req: Request,
  maxBytes: number,
  tooLargeError: () => ApiError = () => tooLarge(maxBytes),
): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (declared > maxBytes) throw tooLargeError();
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
