/**
 * The Unreal Engine text form of structs that Game.ini values use:
 * `(Key=Value,Key=(...),Key="text",...)`, lists `("a","b")` and `((...),(...))`, bare
 * tokens such as `1.25`, `true` or `BlueprintGeneratedClass'/Game/X.X_C'`. Parsed into
 * a small tree; never evaluated. Errors name the character position.
 */
export type UeValue = { kind: "text"; text: string; quoted: boolean } | { kind: "list"; items: UeItem[] };
export interface UeItem {
  key?: string;
  value: UeValue;
}

export class UeParseError extends Error {}

/** Nesting deeper than this is refused (a loot line needs 5 levels). */
const MAX_DEPTH = 16;

/** `offset`: where `text` starts in its line, so errors point into the line. */
export function parseUeValue(text: string, offset = 0): UeValue {
  let at = 0;
  const fail = (what: string): never => {
    throw new UeParseError(`${what} at character ${offset + at + 1}`);
  };
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  function value(depth: number): UeValue {
    space();
    if (text[at] === "(") {
      if (depth >= MAX_DEPTH) fail("nested too deeply");
      at++;
      const items: UeItem[] = [];
      space();
      if (text[at] === ")") {
        at++;
        return { kind: "list", items };
      }
      for (;;) {
        items.push(item(depth + 1));
        space();
        if (text[at] === ",") at++;
        else if (text[at] === ")") {
          at++;
          return { kind: "list", items };
        } else fail(at >= text.length ? "missing )" : `unexpected "${text[at]}"`);
      }
    }
    if (text[at] === '"') {
      const end = text.indexOf('"', at + 1);
      if (end < 0) fail("unclosed quote");
      const s = text.slice(at + 1, end);
      at = end + 1;
      return { kind: "text", text: s, quoted: true };
    }
    const start = at;
    // A bare token runs to the next separator; a '...' part (a class path) may hold anything but a quote.
    while (at < text.length && !/[,()]/.test(text[at]!)) {
      if (text[at] === "'") {
        const end = text.indexOf("'", at + 1);
        if (end < 0) fail("unclosed '");
        at = end + 1;
      } else at++;
    }
    return { kind: "text", text: text.slice(start, at).trim(), quoted: false };
  }
  function item(depth: number): UeItem {
    space();
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(text.slice(at, at + 200));
    if (m) {
      at += m[0].length;
      return { key: m[1]!, value: value(depth) };
    }
    return { value: value(depth) };
  }
  const v = value(0);
  space();
  if (at < text.length) fail(`unexpected "${text[at]}"`);
  return v;
}

/** The value of a key in a struct, keys matched in any case. */
export function field(v: UeValue | undefined, key: string): UeValue | undefined {
  if (v?.kind !== "list") return undefined;
  const k = key.toLowerCase();
  return v.items.find((i) => i.key?.toLowerCase() === k)?.value;
}

export const listItems = (v: UeValue | undefined): UeValue[] => (v?.kind === "list" ? v.items.map((i) => i.value) : []);
export const textOf = (v: UeValue | undefined): string | undefined => (v?.kind === "text" ? v.text : undefined);
