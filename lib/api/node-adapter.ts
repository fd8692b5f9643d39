/**
 * Serving v1 endpoints straight from Node's http server. This is where the raw request
 * target comes from: Node's req.url is the exact request-target the client sent, which
 * the signature covers (Next.js rewrites query strings before handlers see them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorResponse } from "@/lib/api/error-response";
import { checkDeclaredLength, decodeBody, tooLarge } from "@/lib/api/request-body";
import type { ApiRequest, ApiResponse } from "@/lib/api/types";

export async function readNodeRequest(req: IncomingMessage, limit: number): Promise<ApiRequest> {
  checkDeclaredLength(req.headers["content-length"], limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return {
    method: (req.method ?? "GET").toUpperCase(),
    rawTarget: req.url ?? "/",
    headers,
    body: decodeBody(raw, headers["content-encoding"], limit),
    remoteAddress: req.socket.remoteAddress ?? "",
  };
}

export function writeNodeResponse(res: ServerResponse, apiRes: ApiResponse, method: string): void {
  const body = apiRes.body === null ? null : typeof apiRes.body === "string" ? Buffer.from(apiRes.body) : apiRes.body;
  const headers: Record<string, string | number> = { ...apiRes.headers };
  if (apiRes.status !== 204 && apiRes.status !== 304) headers["content-length"] = body?.length ?? 0;
  res.writeHead(apiRes.status, headers);
  res.end(method === "HEAD" ? undefined : (body ?? undefined));
}

/** Reads, handles and answers one request; a body that cannot be read is answered too. */
export async function serveNode(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  handle: (apiReq: ApiRequest) => Promise<ApiResponse>,
): Promise<void> {
  let apiRes: ApiResponse;
  let apiReq: ApiRequest | undefined;
  try {
    apiReq = await readNodeRequest(req, limit);
    apiRes = await handle(apiReq);
  } catch (err) {
    apiRes = errorResponse(err, { method: req.method, target: req.url });
    apiRes.headers["access-control-allow-origin"] = "*";
    // The rest of an oversized body is not worth reading: close after answering.
    if (apiRes.status === 413) apiRes.headers["connection"] = "close";
  }
  writeNodeResponse(res, apiRes, apiReq?.method ?? req.method ?? "GET");
}
