/**
 * How many typos separate a query word from a catalogue word: the optimal string
 * alignment distance (insert, delete or replace a letter, or swap two neighbours, each
 * one edit; "pcik" is one edit from "pick"). Bounded: anything above `max` is reported
 * as `max + 1`, which lets most comparisons stop after a few letters.
 *
 * `start` is the distance to the closest beginning of the catalogue word, so a word
 * still being typed with a typo in it ("sabretoo") is near "sabertooth".
 * Isomorphic and allocation-free per call but for the result object.
 */
let buffers = [new Int32Array(48), new Int32Array(48), new Int32Array(48)];

export interface TypoDistance {
  whole: number;
  start: number;
}

export function typoDistance(query: string, word: string, max: number): TypoDistance {
  const m = query.length;
  const over = max + 1;
  if (word.length < m - max) return { whole: over, start: over };
  // Columns past m + max cannot bring the distance back under max.
  const n = Math.min(word.length, m + max);
  if (buffers[0]!.length < n + 1) buffers = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [before, prev, cur] = buffers as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    const a = query.charCodeAt(i - 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const b = word.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a === b ? 0 : 1));
      if (i > 1 && j > 1 && a === word.charCodeAt(j - 2) && query.charCodeAt(i - 2) === b)
        v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return { whole: over, start: over };
    [before, prev, cur] = [prev, cur, before];
  }
  // After the last swap the final row is `prev`.
  let start = over;
  for (let j = Math.max(0, m - max); j <= n; j++) if (prev[j]! < start) start = prev[j]!;
  const whole = word.length <= m + max ? Math.min(prev[word.length]!, over) : over;
  return { whole, start: Math.min(start, over) };
}
