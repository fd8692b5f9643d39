/**
 * Query parameters of v1 GETs (the document listing, the changes feed): a parameter
 * given twice is a 400, as is a value of the wrong form; parameters an endpoint does not
 * know are ignored.
 */
import { badRequest } from "@/lib/api/errors";

export function invalidParameter(name: string, value: string, expected: string) {
  return badRequest(`The query parameter ${name} must be ${expected}.`, { parameter: name, value });
}

/** The parameter's one value, undefined when absent. */
export function singleParameter(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) throw badRequest(`The query parameter ${name} is given more than once.`, { parameter: name });
  return values[0];
}

/** A whole number from `min` to `max`; `fallback` when absent. */
export function naturalParameter(query: URLSearchParams, name: string, fallback: number, max: number, min = 0): number {
  const value = singleParameter(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,15}$/.test(value)) throw invalidParameter(name, value, `a whole number of at least ${min}`);
  const n = Number(value);
  if (n < min) throw invalidParameter(name, value, `a whole number of at least ${min}`);
  if (n > max) throw invalidParameter(name, value, `at most ${max}`);
  return n;
}
