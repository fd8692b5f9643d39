/**
 * A request with an `Expect` other than 100-continue (RFC 9110 §10.1.1: 417). Node's own
 * reply is an empty chunked 417 with no type; this one keeps the JSON shape of docs/CONTRACT.md#errors.
 * The body was never read, so the connection closes after the reply.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonResponse } from "@/lib/api/types";
import { writeNodeResponse } from "@/lib/api/node-adapter";

/** For `server.on("checkExpectation", ...)`. */
export function handleExpectation(req: IncomingMessage, res: ServerResponse): void {
  const reply = jsonResponse(
    {
      message: "The only expectation this server meets is Expect: 100-continue.",
      details: { expect: String(req.headers.expect ?? "").slice(0, 100) },
    },
    417,
    {
      "access-control-allow-origin": "*",
      connection: "close",
    },
  );
  void writeNodeResponse(res, reply, req.method ?? "GET");
}
