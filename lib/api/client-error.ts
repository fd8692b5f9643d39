/**
 * Requests Node's HTTP parser refuses before any handler runs: malformed request lines
 * and headers, conflicting Content-Length/Transfer-Encoding (request smuggling), headers
 * over the size limit, header timeouts. Node's default reply is a bare status with no
 * body; this one keeps CONTRACT §3's JSON shape. The connection is always closed: after
 * a parse error nobody can tell where the next request would start.
 */
import type { Duplex } from "node:stream";

const REPLIES: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request line and headers are too large; send long id lists in a text/plain body."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request was not received in time."],
  ERR_HTTP_HEADERS_TIMEOUT: [408, "Request Timeout", "The request headers were not received in time."],
};
const BAD_REQUEST: [number, string, string] = [400, "Bad Request", "The request is not valid HTTP/1.1 (malformed or conflicting framing headers)."];

export function clientErrorReply(code: string | undefined): string {
  const [status, reason, message] = REPLIES[code ?? ""] ?? BAD_REQUEST;
  const body = JSON.stringify({ message, details: null });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`
  );
}

/** For `server.on("clientError", ...)`. */
export function handleClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reply already under way on this socket, or a peer that is gone: nothing to say.
  const current = (socket as unknown as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorReply(err.code));
}
