/**
 * Every request the HTTP server answers, whoever answers it (a v1 endpoint, /healthz,
 * /metrics or Next.js), is observed here at the node:http level: it gets a request id
 * (echoed as X-Request-Id and handed on to the handlers in the request's headers), one
 * JSON log line when its reply ends, and its count and duration in the metrics.
 *
 * The log line: time, level, req_id, method, path (query secrets removed,
 * lib/logging/log-target.ts), route (the bounded label), status, duration_ms, user_id
 * when the request was signed, client (the address as trusted: TRUST_PROXY). Never
 * headers, bodies, signatures or cookies. A reply cut short (the client went away)
 * has `aborted: true` and status 499 if no status was sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "@/lib/logging/logger";
import { logTarget } from "@/lib/logging/log-target";
import { methodLabel, metrics } from "@/lib/metrics/registry";
import { clientAddress } from "@/lib/rate-limit/api-limits";
import { REQUEST_ID_HEADER, requestIdFor } from "@/lib/server/request-id";
import { UNMATCHED } from "@/lib/server/route-label";

/** What the dispatcher learns about a request while serving it. */
export interface RequestRecord {
  id: string;
  /** bounded label: "/v1/user.php", "/healthz", "/documents/[id]", ... */
  route: string;
  /** the verified signer of a v1 request */
  userId?: string;
}

export interface ObserveOptions {
  logger: Logger;
  trustProxy: boolean;
}

export type ObservedHandler = (req: IncomingMessage, res: ServerResponse, record: RequestRecord) => void;

export function observeRequests(
  options: ObserveOptions,
  handle: ObservedHandler,
): (req: IncomingMessage, res: ServerResponse) => void {
  const m = metrics();
  // Request lines are built field by field above from values that are safe to show, so
  // they skip the logger's redaction pass, which costs more than the rest of the line
  // (16 against 5 µs a line, measured; docs/OPERATIONS.md).
  const requestLog = options.logger.child({}, { redact: [] });
  return (req, res) => {
    const started = process.hrtime.bigint();
    const id = requestIdFor(req.headers[REQUEST_ID_HEADER], options.trustProxy);
    // Handlers (and Next.js) read the id from here; a client's own value is replaced.
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader("X-Request-Id", id);
    const record: RequestRecord = { id, route: UNMATCHED };
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const aborted = !res.writableFinished;
      const status = res.headersSent ? res.statusCode : 499;
      const method = methodLabel(req.method);
      m.requests.inc({ route: record.route, method, status: String(status) });
      m.duration.observe({ route: record.route, method }, seconds);
      const line = {
        req_id: id,
        method: req.method,
        path: logTarget(req.url ?? "/"),
        route: record.route,
        status,
        duration_ms: Math.round(seconds * 10_000) / 10,
        ...(record.userId ? { user_id: record.userId } : {}),
        client: clientAddress(
          { headers: { "x-forwarded-for": forwardedFor(req) }, remoteAddress: req.socket.remoteAddress ?? "" },
          options.trustProxy,
        ),
        ...(aborted ? { aborted: true } : {}),
      };
      if (status >= 500) requestLog.error(line, "request");
      else requestLog.info(line, "request");
    });
    handle(req, res, record);
  };
}

function forwardedFor(req: IncomingMessage): string | undefined {
  const v = req.headers["x-forwarded-for"];
  return Array.isArray(v) ? v.join(", ") : v;
}
