/**
 * Short GFI codes (docs/PORTAL.md#gfi-codes). `cheat gfi <part> <qty> <quality> <bp>` gives the first
 * item whose class name contains <part>. An item's code is the shortest lowercase
 * substring of its class name without the trailing `_C` that no other item's class name
 * contains (the others' whole names, `_C` included, so the suffix cannot make a code
 * ambiguous); ties go to the alphabetically first; none when there is no such substring
 * (the name lies inside another one, or two items share a class).
 *
 * How: the shortest substring starting at position p of a name that no other name
 * contains is one longer than the longest common prefix of the suffix at p with any
 * suffix of another name. All suffixes of all names are sorted once (a suffix array,
 * prefix doubling with counting sorts: O(N log N) for N characters); in that order the
 * longest common prefix with another name's suffixes is the one with the nearest such
 * suffix on either side, and neighbouring prefixes come from one pass (Kasai). Names are
 * joined with a separator of their own each, so no common prefix runs from one name into
 * the next. Searching by length instead (counting which names hold each substring of
 * length 1, 2, ...) touched 25 million substrings for 50,000 class names, since short
 * ones are shared by nearly every name. Figures: docs/BENCHMARKS.md. Pure and
 * synchronous: gfi-code-table.ts keeps a result per data version.
 */

/** The code of each class name, in the same order (null: none). */
export function gfiCodes(classNames: readonly string[]): (string | null)[] {
  const texts = classNames.map((c) => c.toLowerCase());
  const n = texts.length;
  // One string: each name, then its own separator (values 0..n-1; characters above).
  const letters = new Map<number, number>();
  for (const t of texts) for (let p = 0; p < t.length; p++) letters.set(t.charCodeAt(p), 0);
  [...letters.keys()].sort((a, b) => a - b).forEach((code, i) => letters.set(code, n + i));
  const size = texts.reduce((total, t) => total + t.length + 1, 0);
  const s = new Int32Array(size);
  const owner = new Int32Array(size);
  const startOf = new Int32Array(n);
  let at = 0;
  texts.forEach((t, i) => {
    startOf[i] = at;
    for (let p = 0; p < t.length; p++, at++) {
      s[at] = letters.get(t.charCodeAt(p))!;
      owner[at] = i;
    }
    s[at] = i;
    owner[at++] = i;
  });
  const sa = suffixArray(s, n + letters.size);
  const lcp = neighbourPrefixes(s, sa);
  // For each position, the longest prefix it shares with a suffix of another name.
  const shared = new Int32Array(size);
  for (let k = 0; k < size; k++) {
    const mine = owner[sa[k]!]!;
    let best = 0;
    // Upwards: the common prefix with sa[j] is the least lcp between them.
    for (let j = k - 1, common = lcp[k]!; j >= 0 && common > best; common = Math.min(common, lcp[j]!), j--) {
      if (owner[sa[j]!] !== mine) best = common;
    }
    for (let j = k + 1, common = lcp[k + 1]!; j < size && common > best; j++, common = Math.min(common, lcp[j]!)) {
      if (owner[sa[j]!] !== mine) best = common;
    }
    shared[sa[k]!] = best;
  }
  return texts.map((t, i) => {
    const own = t.endsWith("_c") ? t.length - 2 : t.length;
    let code: string | null = null;
    for (let p = 0; p < own; p++) {
      const length = shared[startOf[i]! + p]! + 1;
      if (p + length > own || (code !== null && length > code.length)) continue;
      const candidate = t.substr(p, length);
      if (code === null || length < code.length || candidate < code) code = candidate;
    }
    return code;
  });
}

/** The suffixes of `s` (values 0..alphabet-1) in sorted order: prefix doubling. */
function suffixArray(s: Int32Array, alphabet: number): Int32Array {
  const size = s.length;
  let rank = Int32Array.from(s);
  let next = new Int32Array(size);
  const sa = new Int32Array(size);
  const byFirst = new Int32Array(size);
  let count = new Int32Array(Math.max(alphabet, size) + 1);
  // Sorted by first character: a counting sort.
  for (let i = 0; i < size; i++) count[rank[i]!]!++;
  for (let c = 1; c < count.length; c++) count[c]! += count[c - 1]!;
  for (let i = size - 1; i >= 0; i--) sa[--count[rank[i]!]!] = i;
  let classes = alphabet;
  for (let k = 1; k < size; k *= 2) {
    // By (rank[i], rank[i + k]): order by the second half, then a stable sort by the first.
    let m = 0;
    for (let i = size - k; i < size; i++) byFirst[m++] = i;
    for (let j = 0; j < size; j++) if (sa[j]! >= k) byFirst[m++] = sa[j]! - k;
    count = new Int32Array(classes + 1);
    for (let i = 0; i < size; i++) count[rank[i]!]!++;
    for (let c = 1; c <= classes; c++) count[c]! += count[c - 1]!;
    for (let j = size - 1; j >= 0; j--) sa[--count[rank[byFirst[j]!]!]!] = byFirst[j]!;
    next[sa[0]!] = 0;
    classes = 1;
    for (let j = 1; j < size; j++) {
      const a = sa[j - 1]!;
      const b = sa[j]!;
      const same = rank[a] === rank[b] && (a + k < size ? rank[a + k] : -1) === (b + k < size ? rank[b + k] : -1);
      next[b] = same ? classes - 1 : classes++;
    }
    [rank, next] = [next, rank];
    if (classes === size) break;
  }
  return sa;
}

/** lcp[k]: the common prefix of the suffixes at sa[k - 1] and sa[k] (Kasai). */
function neighbourPrefixes(s: Int32Array, sa: Int32Array): Int32Array {
  const size = s.length;
  const rank = new Int32Array(size);
  for (let k = 0; k < size; k++) rank[sa[k]!] = k;
  const lcp = new Int32Array(size + 1);
  for (let i = 0, h = 0; i < size; i++) {
    const k = rank[i]!;
    if (k === 0) {
      h = 0;
      continue;
    }
    const j = sa[k - 1]!;
    while (i + h < size && j + h < size && s[i + h] === s[j + h]) h++;
    lcp[k] = h;
    if (h > 0) h--;
  }
  return lcp;
}
