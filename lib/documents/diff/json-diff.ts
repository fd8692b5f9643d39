/**
 * A key-level JSON diff: which keys of two values were added, removed or changed, by
 * path (`Options.Speed`, `LootSources["SupplyCrate_Level03_C"].Note`). Objects are
 * compared key by key, recursively; anything else (arrays included) is one value,
 * changed or not. For what a diff shows outside the loot model, and for whole documents
 * that are not loot documents.
 */
export interface JsonChange {
  path: string;
  kind: "added" | "removed" | "changed";
  /** the values as JSON, shortened for people; absent on the side that has none */
  from?: string;
  to?: string;
  /** one line for people */
  text: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
/** A key's own value: `k in o` and `o[k]` also see Object.prototype, so a key named
 * `constructor`, `toString` or `__proto__` would look present on every object. */
const own = (o: Json, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

const MAX_VALUE_CHARS = 120;

/** A value as JSON, at most MAX_VALUE_CHARS characters. */
export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

/** `parent.key`, or `parent["odd key"]` when the key is not a plain name. */
export function keyPath(parent: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

function change(path: string, from: unknown, to: unknown): JsonChange {
  const where = path || "the content";
  if (from === undefined) return { path, kind: "added", to: shortJson(to), text: `${where} added: ${shortJson(to)}` };
  if (to === undefined)
    return { path, kind: "removed", from: shortJson(from), text: `${where} removed (was ${shortJson(from)})` };
  return {
    path,
    kind: "changed",
    from: shortJson(from),
    to: shortJson(to),
    text: `${where}: ${shortJson(from)} → ${shortJson(to)}`,
  };
}

/** The changes from `a` to `b`, under `path`, in the keys' order (a's keys first, then b's new ones). */
export function jsonDiff(a: unknown, b: unknown, path = "", skip: ReadonlySet<string> = new Set()): JsonChange[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(a, k))].filter((k) => !skip.has(k));
    return keys.flatMap((k) => jsonDiff(own(a, k), own(b, k), keyPath(path, k)));
  }
  if (a === undefined && b === undefined) return [];
  return sameJson(a, b) ? [] : [change(path, a, b)];
}
