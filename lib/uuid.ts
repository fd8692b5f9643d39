/** UUIDs as the API takes them: any version, any case; stored and returned lowercase. */
import { badRequest } from "@/lib/api/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Ids from a request, lowercased; a 400 naming the bad ones when any is not a UUID. */
export function requireUuids(ids: string[], what: "User" | "Document"): string[] {
  const bad = ids.filter((id) => !isUuid(id));
  if (bad.length > 0) throw badRequest(`${what} ids must be UUIDs.`, { invalid: bad.slice(0, 20) });
  return ids.map((id) => id.toLowerCase());
}
