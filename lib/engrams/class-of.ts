/**
 * An engram's class from its blueprint path (docs/CONTRACT.md#engrams), on its own so code that runs
 * in the browser (the loot editor) can use it: lib/engrams/derive needs node:crypto.
 */

/** Text after the last "." of the last path segment, plus "_C". */
export function classOf(path: string): string {
  const segment = path.slice(path.lastIndexOf("/") + 1);
  return `${segment.slice(segment.lastIndexOf(".") + 1)}_C`;
}
