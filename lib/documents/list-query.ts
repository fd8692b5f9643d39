/**
 * The listing's query parameters (spec "Documents", CONTRACT §7): user_id, sort,
 * direction, count, offset. A present parameter with any other value is a 400, as is
 * one given twice; parameters the listing does not know are ignored.
 */
import { badRequest } from "@/lib/api/errors";
import { isUuid } from "@/lib/uuid";

export const MAX_LIST_COUNT = 1000;

export type ListSort = "last_updated" | "download_count";
export type ListDirection = "asc" | "desc";

export interface ListOptions {
  userId?: string;
  sort: ListSort;
  direction: ListDirection;
  count: number;
  offset: number;
}

function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw badRequest(`The query parameter ${name} is given more than once.`, { parameter: name });
  return values[0];
}

function invalid(name: string, value: string, expected: string) {
  return badRequest(`The query parameter ${name} must be ${expected}.`, { parameter: name, value });
}

function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const value = single(query, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw invalid(name, value, `one of ${allowed.join(", ")}`);
  return value as T;
}

function natural(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = single(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,15}$/.test(value)) throw invalid(name, value, "a whole number of at least 0");
  const n = Number(value);
  if (n > max) throw invalid(name, value, `at most ${max}`);
  return n;
}

export function parseListQuery(query: URLSearchParams): ListOptions {
  const userId = single(query, "user_id");
  if (userId !== undefined && !isUuid(userId)) throw invalid("user_id", userId, "a UUID");
  return {
    userId: userId?.toLowerCase(),
    sort: oneOf(query, "sort", ["last_updated", "download_count"], "last_updated"),
    direction: oneOf(query, "direction", ["desc", "asc"], "desc"),
    count: natural(query, "count", MAX_LIST_COUNT, MAX_LIST_COUNT),
    offset: natural(query, "offset", 0, Number.MAX_SAFE_INTEGER),
  };
}
