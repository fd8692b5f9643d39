/**
 * Exact figures for "pick k children by weight" (item sets of a source, entries of a set),
 * with k drawn from a count distribution, with or without replacement.
 *
 * With replacement every pick is independent: child i comes with weight_i / sum each time.
 * Without replacement the game picks one at a time among those left (successive weighted
 * sampling). Its inclusion probabilities have no closed form, so they are computed exactly
 * by walking every subset of the children: f(S) = chance that the first |S| picks are S,
 * f(S + j) += f(S) * w_j / (W - w(S)). That is 2^n work: exact up to MAX_EXACT_CHILDREN
 * children with a weight (the game's own crates have at most 20 sets and 14 entries a set);
 * above it the caller simulates.
 */
import type { Pmf } from "./count-rule";

export const MAX_EXACT_CHILDREN = 20;
/**
 * The subsets all of one source's plans may walk together (each plan of n children
 * without replacement holds three arrays of 2^n numbers): past it the whole source is
 * simulated. The game's own crates walk at most 2^20 + 20 x 2^14 (1.4 M); a crafted
 * source of 20 sets of 20 entries, each without replacement, would walk 21 x 2^20 and
 * hold about 500 MB.
 */
export const MAX_EXACT_SUBSETS = 1 << 22;
/**
 * The subsets of picks one plan convolves for the exact item count (each a convolution of
 * count distributions): past it the count is simulated, the per-item figures stay exact.
 */
export const MAX_CONVOLVED_SUBSETS = 200_000;

/** The subsets planPicks would walk for these children (none with replacement). */
export function subsetsOf(weights: number[], withoutReplacement: boolean): number {
  if (!withoutReplacement) return 0;
  const live = weights.filter((w) => positive(w) > 0).length;
  return live > MAX_EXACT_CHILDREN ? Infinity : 2 ** live;
}

export interface PickPlan {
  /** expected times each child is picked (without replacement: the chance it is) */
  times: Float64Array;
  /** E[product over the picks of values[i]] (values[i] = 1 for a child that changes nothing) */
  product(values: ArrayLike<number>): number;
  /** E[convolution over the picks of pmfs[i]], or null when longer than maxLength */
  convolution(pmfs: Pmf[], maxLength: number): Pmf | null;
}

const positive = (w: number) => (Number.isFinite(w) && w > 0 ? w : 0);

export function convolve(a: Pmf, b: Pmf): Pmf {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]! + x * b[j]!;
  }
  return out;
}

function addScaled(into: Pmf, from: Pmf, scale: number): Pmf {
  const out = from.length > into.length ? Float64Array.from({ length: from.length }, (_, i) => into[i] ?? 0) : into;
  for (let i = 0; i < from.length; i++) out[i] = out[i]! + scale * from[i]!;
  return out;
}

/** The plan, or null when exact figures would take too long (more than MAX_EXACT_CHILDREN). */
export function planPicks(weights: number[], count: Pmf, withoutReplacement: boolean): PickPlan | null {
  const w = weights.map(positive);
  const total = w.reduce((a, b) => a + b, 0);
  const n = w.length;
  if (total === 0) {
    // nothing can be picked: every pick gives nothing
    return { times: new Float64Array(n), product: () => 1, convolution: () => Float64Array.of(1) };
  }
  if (!withoutReplacement) return withReplacement(w, total, count);
  const live = w.flatMap((x, i) => (x > 0 ? [i] : []));
  if (live.length > MAX_EXACT_CHILDREN) return null;
  return withoutReplacementPlan(w, live, count);
}

function withReplacement(w: number[], total: number, count: Pmf): PickPlan {
  const share = w.map((x) => x / total);
  let meanK = 0;
  for (let k = 1; k < count.length; k++) meanK += k * count[k]!;
  return {
    times: Float64Array.from(share, (s) => s * meanK),
    product(values) {
      let m = 0;
      for (let i = 0; i < share.length; i++) m += share[i]! * values[i]!;
      let out = 0;
      let power = 1;
      for (let k = 0; k < count.length; k++, power *= m) out += count[k]! * power;
      return out;
    },
    convolution(pmfs, maxLength) {
      let mix: Pmf = new Float64Array(1);
      for (let i = 0; i < share.length; i++) if (share[i]! > 0) mix = addScaled(mix, pmfs[i]!, share[i]!);
      let out: Pmf = Float64Array.of(count[0] ?? 0);
      let power: Pmf = Float64Array.of(1);
      for (let k = 1; k < count.length; k++) {
        power = convolve(power, mix);
        if (power.length > maxLength) return null;
        if (count[k]! > 0) out = addScaled(out, power, count[k]!);
      }
      return out;
    },
  };
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

function withoutReplacementPlan(w: number[], live: number[], countIn: Pmf): PickPlan {
  const m = live.length;
  const lw = live.map((i) => w[i]!);
  const total = lw.reduce((a, b) => a + b, 0);
  // counts above the live children pick them all
  const count = new Float64Array(m + 1);
  for (let k = 0; k < countIn.length; k++) count[Math.min(k, m)] = count[Math.min(k, m)]! + countIn[k]!;
  let kMax = 0;
  for (let k = 0; k <= m; k++) if (count[k]! > 0) kMax = k;
  const size = 1 << m;
  const first = new Float64Array(size); // f(S)
  const used = new Float64Array(size); // w(S)
  const bits = new Uint8Array(size);
  first[0] = 1;
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const j = 31 - Math.clz32(low);
    used[mask] = used[mask ^ low]! + lw[j]!;
    bits[mask] = bits[mask ^ low]! + 1;
  }
  for (let mask = 0; mask < size; mask++) {
    const f = first[mask]!;
    if (f === 0 || bits[mask]! >= kMax) continue;
    const left = total - used[mask]!;
    if (!(left > 0)) continue;
    for (let j = 0; j < m; j++) {
      const bit = 1 << j;
      if (mask & bit) continue;
      first[mask | bit] = first[mask | bit]! + (f * lw[j]!) / left;
    }
  }
  // P(the crate's picks are exactly S) = f(S) * P(k = |S|)
  const final = new Float64Array(size);
  for (let mask = 0; mask < size; mask++) final[mask] = first[mask]! * count[bits[mask]!]!;
  // superset sums: P(T is among the picks)
  const within = Float64Array.from(final);
  for (let j = 0; j < m; j++)
    for (let mask = 0; mask < size; mask++)
      if (!(mask & (1 << j))) within[mask] = within[mask]! + within[mask | (1 << j)]!;
  const times = new Float64Array(w.length);
  live.forEach((i, j) => (times[i] = within[1 << j]!));

  return {
    times,
    product(values) {
      // Only children whose value is not 1 matter: sum over subsets T of them of
      // P(T among the picks) * product over T of (v - 1) (inclusion-exclusion).
      const changed: number[] = [];
      live.forEach((i, j) => {
        if (values[i] !== 1) changed.push(j);
      });
      if (changed.length <= 12) {
        let out = 0;
        for (let t = 0; t < 1 << changed.length; t++) {
          let mask = 0;
          let factor = 1;
          for (let b = 0; b < changed.length; b++)
            if (t & (1 << b)) {
              mask |= 1 << changed[b]!;
              factor *= values[live[changed[b]!]!]! - 1;
            }
          out += factor * within[mask]!;
        }
        return out;
      }
      const prod = new Float64Array(size);
      prod[0] = 1;
      let out = final[0]!;
      for (let mask = 1; mask < size; mask++) {
        const low = mask & -mask;
        prod[mask] = prod[mask ^ low]! * values[live[31 - Math.clz32(low)]!]!;
        out += final[mask]! * prod[mask]!;
      }
      return out;
    },
    convolution(pmfs, maxLength) {
      // the subsets of at most kMax picks: past the bound the caller simulates the count
      let subsets = 0;
      for (let k = 0, c = 1; k <= kMax; c = (c * (m - k)) / (k + 1), k++) subsets += c;
      if (subsets > MAX_CONVOLVED_SUBSETS) return null;
      let out: Pmf = new Float64Array(1);
      const memo = new Map<number, Pmf>([[0, Float64Array.of(1)]]);
      const of = (mask: number): Pmf | null => {
        const hit = memo.get(mask);
        if (hit) return hit;
        const low = mask & -mask;
        const rest = of(mask ^ low);
        if (!rest) return null;
        const p = convolve(rest, pmfs[live[31 - Math.clz32(low)]!]!);
        if (p.length > maxLength) return null;
        if (memo.size < 200_000) memo.set(mask, p);
        return p;
      };
      for (let mask = 0; mask < size; mask++) {
        if (final[mask] === 0 || popcount(mask) > kMax) continue;
        const p = of(mask);
        if (!p) return null;
        out = addScaled(out, p, final[mask]!);
      }
      return out;
    },
  };
}
