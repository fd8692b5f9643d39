/**
 * The listing's query parameters (docs/CONTRACT.md#documents): user_id, sort,
 * direction, count, offset. A present parameter with any other value is a 400, as is
 * one given twice; parameters the listing does not know are ignored.
 *
 * Extensions a v1 client never sends (docs/API.md, "Unique downloads"): `sort=trending`
 * (unique downloads in the last 7 days), and `stats` (no value needed), which adds the
 * unique download counts to each document's metadata.
 */
import { invalidParameter, naturalParameter, singleParameter } from "@/lib/api/query-params";
import { isUuid } from "@/lib/uuid";

export const MAX_LIST_COUNT = 1000;

export type ListSort = "last_updated" | "download_count" | "trending";
export type ListDirection = "asc" | "desc";

export interface ListOptions {
  userId?: string;
  sort: ListSort;
  direction: ListDirection;
  count: number;
  offset: number;
  /** the unique download counts in each document's metadata */
  stats?: boolean;
}

function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const value = singleParameter(query, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw invalidParameter(name, value, `one of ${allowed.join(", ")}`);
  return value as T;
}

export function parseListQuery(query: URLSearchParams): ListOptions {
  const userId = singleParameter(query, "user_id");
  if (userId !== undefined && !isUuid(userId)) throw invalidParameter("user_id", userId, "a UUID");
  return {
    userId: userId?.toLowerCase(),
    sort: oneOf(query, "sort", ["last_updated", "download_count", "trending"], "last_updated"),
    direction: oneOf(query, "direction", ["desc", "asc"], "desc"),
    count: naturalParameter(query, "count", MAX_LIST_COUNT, MAX_LIST_COUNT),
    offset: naturalParameter(query, "offset", 0, Number.MAX_SAFE_INTEGER),
    // Only when asked: the interface's options stay exactly what they were.
    ...(query.has("stats") ? { stats: true } : {}),
  };
}
