/**
 * Serving v1 endpoints straight from Node's http server. This is where the raw request
 * target comes from: Node's req.url is the exact request-target the client sent, which
 * the signature covers (Next.js rewrites query strings before handlers see them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyBudget } from "@/lib/api/body-budget";
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

function readBody(req: IncomingMessage, limit: number, declared: number | undefined): Promise<Buffer> {
  const drainCap = limit + DRAIN_BYTES;
  // A declared length within the limit is read into one buffer of that size: chunks then
  // become garbage as they arrive, instead of all of them plus their concatenation at the end.
  const whole = declared !== undefined && declared <= limit ? Buffer.allocUnsafe(declared) : null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (whole && size + chunk.length <= whole.length) chunk.copy(whole, size);
      else if (!whole && size + chunk.length <= limit) chunks.push(chunk);
      size += chunk.length;
      if (size > drainCap) req.destroy();
    });
    req.on("end", () => {
      if (size > limit) reject(tooLarge(limit));
      else if (whole) resolve(size === whole.length ? whole : whole.subarray(0, size));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
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

/** A request with no body at all (no Content-Length, not chunked): nothing to read or reserve. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";
}

/** What is known of a request before its body: read once, for its admission and then the request. */
export type RequestHead = Omit<ApiRequest, "body" | "signedUserId">;

export function requestHead(req: IncomingMessage): RequestHead {
  return {
    method: (req.method ?? "GET").toUpperCase(),
    rawTarget: req.url ?? "/",
    headers: flatHeaders(req),
    remoteAddress: req.socket.remoteAddress ?? "",
  };
}

/**
 * Reads the request. With a budget, a large body first reserves its room
 * (lib/api/body-budget.ts); the returned release gives it back once the reply is written.
 */
export async function readNodeRequest(
  req: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
  head: RequestHead = requestHead(req),
): Promise<{ apiReq: ApiRequest; release: () => void }> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit + DRAIN_BYTES) {
    req.resume();
    throw tooLarge(limit);
  }
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  const release = budget && hasBody(req) ? await budget.reserve(Math.min(length ?? limit, limit)) : () => {};
  try {
    const raw = await readBody(req, limit, length);
    const apiReq: ApiRequest = { ...head, body: await decodeBody(raw, head.headers["content-encoding"], limit) };
    return { apiReq, release };
  } catch (err) {
    release();
    throw err;
  }
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

export interface ServeOptions {
  /**
   * The body limit, decided before a byte is read; a function may refuse the request
   * instead (it throws: an address over its rate limit is answered before its body is read).
   */
  limit: number | ((head: RequestHead) => number);
  /** the process's budget of body bytes held at once */
  budget?: BodyBudget;
  /** added to a reply the handler never saw (a body refused or not received); CORS of any origin when absent */
  errorHeaders?: Record<string, string>;
}

/** Reads, handles and answers one request; a body that cannot be read is answered too. */
export async function serveNode(
  req: IncomingMessage,
  res: ServerResponse,
  options: ServeOptions,
  handle: (apiReq: ApiRequest) => Promise<ApiResponse>,
): Promise<void> {
  let apiRes: ApiResponse;
  let apiReq: ApiRequest | undefined;
  let release = () => {};
  try {
    const head = requestHead(req);
    const limit = typeof options.limit === "number" ? options.limit : options.limit(head);
    ({ apiReq, release } = await readNodeRequest(req, limit, options.budget, head));
    apiRes = await handle(apiReq);
  } catch (err) {
    apiRes = errorResponse(err, {
      method: req.method,
      target: req.url,
      requestId: req.headers["x-request-id"] as string | undefined,
    });
    Object.assign(apiRes.headers, options.errorHeaders ?? { "access-control-allow-origin": "*" });
    // A body we did not read to its end leaves the connection unusable for another request.
    if (!req.complete) apiRes.headers["connection"] = "close";
  }
  try {
    await writeNodeResponse(res, apiRes, apiReq?.method ?? req.method ?? "GET", req.headers["accept-encoding"]);
  } finally {
    release();
  }
}
