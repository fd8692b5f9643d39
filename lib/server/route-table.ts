/**
 * The server's dispatch as a table (server.ts): the first route whose `match` takes the
 * request's target serves it, under its label (logs and metrics, lib/server/observe-requests.ts).
 * The last route of a table matches everything (Next.js's pages).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestRecord } from "@/lib/server/observe-requests";

export interface Route {
  /** the request target as sent (path and query) */
  match(url: string): boolean;
  /** the route's name in logs and metrics; a function for routes that name their target */
  label: string | ((url: string) => string);
  serve(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void;
}

export function routeRequest(
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
): void {
  const url = req.url ?? "/";
  const route = routes.find((r) => r.match(url));
  if (!route) throw new Error(`no route matches ${url}: the table's last route must match everything`);
  record.route = typeof route.label === "string" ? route.label : route.label(url);
  route.serve(req, res, record);
}
