/**
 * "Did you mean": the known key nearest to a typed one by edit distance (insertions,
 * deletions, substitutions, and a swap of two neighbours, ignoring case), so
 * "MatingIntervalMultipler" finds "MatingIntervalMultiplier". Only close matches count:
 * at most a quarter of the key's length (at least 1, at most 4) edits.
 */
import { allOptions, splitIndex, type OptionFile } from "./options";

/** Optimal-string-alignment distance; stops early and returns limit+1 once it cannot be within `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The nearest known key (as the table spells it, without an index), or undefined when none is close. */
export function nearestKey(key: string, file?: OptionFile): string | undefined {
  const typed = splitIndex(key).base.toLowerCase();
  const limit = Math.min(4, Math.max(1, Math.floor(typed.length / 4)));
  let best: { key: string; d: number } | undefined;
  for (const o of allOptions()) {
    if (file && o.file !== file) continue;
    const known = splitIndex(o.key).base;
    const d = editDistance(typed, known.toLowerCase(), best ? Math.min(best.d - 1, limit) : limit);
    if (d <= limit && (!best || d < best.d)) best = { key: known, d };
    if (best?.d === 0) break;
  }
  return best?.key;
}
