/**
 * The exact source text of each element of a top-level JSON array, so every document of
 * a batch is stored as the client wrote it (key order, number spelling, escapes), not as
 * JSON.stringify would rewrite it. Call only on text that JSON.parse accepted.
 */
const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

export function rawArrayElements(json: string): string[] {
  let i = 0;
  const skipSpace = () => {
    while (i < json.length && WHITESPACE.has(json[i]!)) i++;
  };
  skipSpace();
  if (json[i] !== "[") throw new Error("not a JSON array");
  i++;
  const out: string[] = [];
  skipSpace();
  if (json[i] === "]") return out;
  for (;;) {
    skipSpace();
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < json.length; i++) {
      const c = json[i]!;
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        if (depth === 0) break;
        depth--;
      } else if (c === "," && depth === 0) break;
    }
    out.push(json.slice(start, i).trimEnd());
    if (json[i] === "]") return out;
    i++; // the comma
  }
}
