/**
 * Requests Node's HTTP parser refuses before any handler runs: malformed request lines
 * and headers (400), methods it does not know (501), conflicting Content-Length/Transfer-Encoding (request smuggling), headers
 * over the size limit, header timeouts. Node's default reply is a bare status with no
 * body; this one keeps the JSON shape of docs/CONTRACT.md#errors. The connection is always closed: after
 * a parse error nobody can tell where the next request would start (RFC 9112 §11.2).
 * Written by hand, so it carries what Node would add itself (RFC 9110): Date (§6.6.1),
 * an exact Content-Length (§8.6), and no content when the request was a HEAD (§9.3.2).
 */
import type { Duplex } from "node:stream";

const REPLIES: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "The request line and headers are too large; send long id lists in a text/plain body.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request was not received in time."],
  ERR_HTTP_HEADERS_TIMEOUT: [408, "Request Timeout", "The request headers were not received in time."],
};
const BAD_REQUEST: [number, string, string] = [
  400,
  "Bad Request",
  "The request is not valid HTTP/1.1 (malformed or conflicting framing headers).",
];
const NOT_IMPLEMENTED: [number, string, string] = [
  501,
  "Not Implemented",
  "This server does not implement that request method.",
];
// A well-formed request line whose method token Node's parser does not know (RFC 9110 §9.1: 501).
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ [\x21-\x7e]+ HTTP\/1\.[01]\r?\n/;

/** The reply for a parser error `code`, given the refused bytes when Node has them. */
function replyFor(code: string | undefined, rawPacket: unknown): [number, string, string] {
  if (
    code === "HPE_INVALID_METHOD" &&
    Buffer.isBuffer(rawPacket) &&
    REQUEST_LINE.test(rawPacket.subarray(0, 8192).toString("latin1"))
  )
    return NOT_IMPLEMENTED;
  return REPLIES[code ?? ""] ?? BAD_REQUEST;
}

/**
 * The reply's bytes. `head`: the request was a HEAD, so the headers are those a GET
 * would get (Content-Length included, as RFC 9110 §9.3.2 allows) and there is no content.
 */
export function clientErrorReply(
  code: string | undefined,
  options: { head?: boolean; now?: Date; rawPacket?: unknown } = {},
): string {
  const [status, reason, message] = replyFor(code, options.rawPacket);
  const body = JSON.stringify({ message, details: null });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nDate: ${(options.now ?? new Date()).toUTCString()}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${options.head ? "" : body}`
  );
}

/**
 * Whether the refused bytes began a HEAD request. Only an intact request line counts
 * ("HEAD " then a target): a line too broken to name its method gets the full reply.
 */
export function isHeadRequest(rawPacket: unknown): boolean {
  return Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString("latin1") === "HEAD ";
}

/** For `server.on("clientError", ...)`. */
export function handleClientError(err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex): void {
  // A reply already under way on this socket, or a peer that is gone: nothing to say.
  const current = (socket as unknown as { _httpMessage?: { headersSent?: boolean; req?: { method?: string } } })
    ._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  // A timeout after the request line was parsed: Node knows the method; otherwise the raw bytes say it.
  const head = current?.req?.method === "HEAD" || isHeadRequest(err.rawPacket);
  socket.end(clientErrorReply(err.code, { head, rawPacket: err.rawPacket }));
}
