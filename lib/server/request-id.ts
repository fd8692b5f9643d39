/**
 * The id of a request (X-Request-Id): the proxy's when the proxy is trusted
 * (TRUST_PROXY=true, as for client addresses) and the value is a plain token, else one
 * made here. It is echoed on the reply, written in the request's log line and in the
 * `details` of 5xx error bodies, so an operator can find the line a user reports.
 * Without TRUST_PROXY a client's value is ignored: clients could otherwise put
 * misleading or colliding ids into the logs.
 */
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** What a proxy's id may look like: nginx's $request_id (32 hex), UUIDs, trace ids. */
const PLAIN_ID = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

export function requestIdFor(sent: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof sent === "string" && PLAIN_ID.test(sent)) return sent;
  return randomUUID();
}
