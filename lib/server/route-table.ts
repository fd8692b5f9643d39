/**
 * The server's dispatch as a table (server.ts): each route looks at the request's target
 * once and, when it is its own, says under which label (logs and metrics,
 * lib/server/observe-requests.ts) and how it is served; the first that takes it serves it.
 * The last route of a table takes everything (Next.js's pages).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestRecord } from "@/lib/server/observe-requests";

export interface Served {
  /** the route's name in logs and metrics */
  label: string;
  serve(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void;
}

/** The request target as sent (path and query) → how it is served, or null when not this route's. */
export type Route = (url: string) => Served | null;

/** A route of one label for the targets `pattern` matches. */
export function fixedRoute(pattern: RegExp, label: string, serve: Served["serve"]): Route {
  const served = { label, serve };
  return (url) => (pattern.test(url) ? served : null);
}

export function routeRequest(
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
): void {
  const url = req.url ?? "/";
  for (const route of routes) {
    const served = route(url);
    if (!served) continue;
    record.route = served.label;
    return served.serve(req, res, record);
  }
  throw new Error(`no route matches ${url}: the table's last route must match everything`);
}
