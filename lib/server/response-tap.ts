/**
 * Holding back what Next.js writes to a response, for the server's own decisions about it:
 * the error pages (lib/server/error-page-recovery.ts) and the pages kept in memory
 * (lib/server/page-cache.ts). `tap` wraps a response's output methods as own properties
 * (under any wrapper Next.js adds later, such as its compression); `inProcessRequest`
 * makes a request Next.js can render a second time, into a response with no socket.
 */
import { IncomingMessage, ServerResponse } from "node:http";

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
type Chunk = string | Uint8Array;

export interface Held {
  status: number;
  /** writeHead's arguments, when it was called */
  head: unknown[] | null;
  chunks: Buffer[];
}

const proto = ServerResponse.prototype;

const toBuffer = (chunk: Chunk, encoding?: unknown) =>
  typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk);

/** The headers object among writeHead's arguments, if any. */
export function headerArg(args: unknown[] | null): Record<string, unknown> {
  const last = args?.[args.length - 1];
  return last && typeof last === "object" && !Array.isArray(last) ? (last as Record<string, unknown>) : {};
}

/**
 * Once the status and type are known, `hold` decides: pass everything through, or keep
 * it and hand it to `done` at the end.
 */
export function tap(
  res: ServerResponse,
  hold: (status: number, type: string) => boolean,
  done: (held: Held) => void,
): void {
  let state: "undecided" | "pass" | "hold" = "undecided";
  const held: Held = { status: 200, head: null, chunks: [] };
  const decide = (status: number, head: unknown[] | null = null) => {
    const fromHead = Object.entries(headerArg(head)).find(([k]) => k.toLowerCase() === "content-type")?.[1];
    state = hold(status, String(fromHead ?? res.getHeader("content-type") ?? "")) ? "hold" : "pass";
    held.status = status;
  };
  const own = res as unknown as Record<string, unknown>;
  own.flushHeaders = () => {
    if (state === "undecided") decide(res.statusCode);
    if (state === "pass") proto.flushHeaders.call(res);
  };
  own.writeHead = (...args: unknown[]) => {
    if (state === "undecided") decide(Number(args[0]), args);
    if (state === "pass") return proto.writeHead.apply(res, args as Parameters<ServerResponse["writeHead"]>);
    held.head = args;
    held.status = Number(args[0]);
    return res;
  };
  own.write = (chunk: Chunk, encoding?: unknown, callback?: unknown) => {
    if (state === "undecided") decide(res.statusCode);
    if (state === "pass") return (proto.write as (...a: unknown[]) => boolean).call(res, chunk, encoding, callback);
    held.chunks.push(toBuffer(chunk, encoding));
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") queueMicrotask(() => (cb as () => void)());
    return true;
  };
  own.end = (chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (state === "undecided") decide(res.statusCode);
    if (state === "pass")
      return (proto.end as (...a: unknown[]) => ServerResponse).call(res, chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function")
      held.chunks.push(toBuffer(chunk as Chunk, encoding));
    done(held);
    return res;
  };
}

/** A GET of `url` with these headers, on the socket of `req`, for Next.js to render in-process. */
export function inProcessRequest(
  req: IncomingMessage,
  url: string,
  headers: IncomingMessage["headers"],
): IncomingMessage {
  const again = new IncomingMessage(req.socket);
  again.method = "GET";
  again.url = url;
  again.httpVersion = req.httpVersion;
  again.headers = headers;
  again.rawHeaders = Object.entries(headers).flatMap(([k, v]) =>
    Array.isArray(v) ? v.flatMap((x) => [k, x]) : v === undefined ? [] : [k, v],
  );
  // Complete, as the parser marks a request it read to its end: an IncomingMessage read to
  // its end while `complete` is false counts as aborted and destroys the client's socket.
  again.complete = true;
  again.push(null);
  return again;
}
