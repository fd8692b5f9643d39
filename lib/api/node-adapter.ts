/**
 * Serving v1 endpoints straight from Node's http server. This is where the raw request
 * target comes from: Node's req.url is the exact request-target the client sent, which
 * the signature covers (Next.js rewrites query strings before handlers see them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/error-response";
import { decodeBody, tooLarge } from "@/lib/api/request-body";
import { encodeResponse } from "@/lib/api/response-encoding";
import type { ApiRequest, ApiResponse } from "@/lib/api/types";

/**
 * Reads the body up to `limit` bytes. Past the limit the rest is drained, not kept, so
 * the client can finish sending and read the 413 instead of a reset connection; a client
 * that keeps sending far beyond the limit is cut off.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const drainCap = limit + DRAIN_BYTES;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > drainCap) req.destroy();
    });
    req.on("end", () =>
      size > limit ? reject(tooLarge(limit)) : resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
    );
    // The client went away mid-body ("aborted", ECONNRESET): a client error, not an
    // unreachable database (the error translator would read ECONNRESET as one).
    req.on("error", () => reject(badRequest("The request body was not received completely.")));
    req.on("close", () => {
      if (!req.complete) reject(tooLarge(limit));
    });
  });
}

/** Node's headers as ApiRequest has them: one string each (repeated headers joined). */
export function flatHeaders(req: IncomingMessage): ApiRequest["headers"] {
  const headers: ApiRequest["headers"] = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

export async function readNodeRequest(req: IncomingMessage, limit: number): Promise<ApiRequest> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit + DRAIN_BYTES) {
    req.resume();
    throw tooLarge(limit);
  }
  const raw = await readBody(req, limit);
  const headers = flatHeaders(req);
  return {
    method: (req.method ?? "GET").toUpperCase(),
    rawTarget: req.url ?? "/",
    headers,
    body: await decodeBody(raw, headers["content-encoding"], limit),
    remoteAddress: req.socket.remoteAddress ?? "",
  };
}

/** Writes the reply, gzipped when `acceptEncoding` allows it (lib/api/response-encoding.ts). */
export async function writeNodeResponse(
  res: ServerResponse,
  reply: ApiResponse,
  method: string,
  acceptEncoding?: string,
): Promise<void> {
  const apiRes = await encodeResponse(reply, method, acceptEncoding);
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
    apiRes = errorResponse(err, {
      method: req.method,
      target: req.url,
      requestId: req.headers["x-request-id"] as string | undefined,
    });
    apiRes.headers["access-control-allow-origin"] = "*";
    // A body we did not read to its end leaves the connection unusable for another request.
    if (!req.complete) apiRes.headers["connection"] = "close";
  }
  await writeNodeResponse(res, apiRes, apiReq?.method ?? req.method ?? "GET", req.headers["accept-encoding"]);
}
