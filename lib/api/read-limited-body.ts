/**
 * A request body read up to a limit (Fetch API Request, as route handlers get it):
 * the bytes, or "too-large" as soon as more arrive than allowed (a Content-Length over
 * the limit is refused before reading). Nothing is buffered past the limit.
 */
export async function readLimitedBody(req: Request, maxBytes: number): Promise<Uint8Array | "too-large"> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (declared > maxBytes) return "too-large";
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
      return "too-large";
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
