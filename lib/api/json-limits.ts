/**
 * What a parsed JSON body may hold beyond being JSON (docs/API.md "Errors"): at most
 * MAX_JSON_DEPTH levels of arrays and objects, and (unless the endpoint keeps the text
 * as given) no NUL character in any key or string. PostgreSQL text cannot hold NUL, so a
 * NUL that reached a text column was a 500 there and stored on SQLite; and code that
 * walks a document recursively (the revision summary's diff) ran out of stack on a body
 * nested a few thousand levels deep. Walked without recursion, so any depth is safe.
 */
import { badRequest } from "@/lib/api/errors";
import { keyPath } from "@/lib/documents/diff/json-diff";

/** Far more than any Beacon document nests (a loot document: about ten levels). */
export const MAX_JSON_DEPTH = 256;

/** `parent.key`, `parent["odd key"]` or `parent[3]`, for the message. */
const childPath = (parent: string, key: string | number) =>
  typeof key === "number" ? `${parent}[${key}]` : keyPath(parent, key);

/** The depth of the deepest array or object of `value` (0 for a scalar), or MAX_JSON_DEPTH + 1 as soon as it is deeper. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > limit) return limit + 1;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Throws a 400 naming where a body nests too deeply or (with `nul: "refuse"`) holds a NUL. */
export function checkJsonBody(value: unknown, { nul }: { nul: "refuse" | "keep" }): void {
  if (jsonDepth(value) > MAX_JSON_DEPTH)
    throw badRequest(`The body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { max_depth: MAX_JSON_DEPTH });
  if (nul === "keep") return;
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) throw nulRefusal(path || "the body");
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) v.forEach((child, i) => stack.push([child, childPath(path, i)]));
    else
      for (const [key, child] of Object.entries(v)) {
        if (key.includes("\u0000")) throw nulRefusal(childPath(path, key));
        stack.push([child, childPath(path, key)]);
      }
  }
}

export const NUL_MESSAGE = "must not contain the NUL character (U+0000)";

export function nulRefusal(field: string) {
  return badRequest(`${field} ${NUL_MESSAGE}.`, { field });
}
