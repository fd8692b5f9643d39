/**
 * Rolls crates the way docs/LOOT.md says the game does, with a seeded PRNG: the check
 * on the exact figures (test/unit/loot-odds.test.ts rolls a million crates a shape) and the
 * answer where no exact figure is computed (more than MAX_EXACT_CHILDREN children picked
 * without replacement, or a count distribution too long to convolve).
 */
import { drawCount, type CountRange, type CountRule } from "./count-rule";
import { qualityScale, tierOf, TIER_COUNT } from "./quality-tiers";
import { seededRandom } from "./random";
import type { OddsSource } from "./shape";

export interface SimulationResult {
  crates: number;
  keys: string[];
  /** per key: sum of units, sum of squared units per crate, crates with at least one */
  sum: Float64Array;
  sumSquares: Float64Array;
  present: Float64Array;
  /** per key x TIER_COUNT: units by tier, their squares per crate (when asked) */
  tiers: Float64Array | null;
  tierSquares: Float64Array | null;
  /** crates by their number of units (the last bucket holds everything at or above it) */
  itemCounts: Float64Array;
  itemSum: number;
  itemSumSquares: number;
}

interface Picker {
  cumulative: Float64Array;
  live: number;
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);

function picker(weights: number[]): Picker {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  let live = 0;
  weights.forEach((w, i) => {
    const x = Number.isFinite(w) && w > 0 ? w : 0;
    if (x > 0) live++;
    sum += x;
    cumulative[i] = sum;
  });
  return { cumulative, live };
}

function pickWith(p: Picker, u: number): number {
  const c = p.cumulative;
  const target = u * c[c.length - 1]!;
  let i = 0;
  while (i < c.length - 1 && c[i]! <= target) i++;
  return i;
}

function compiled(source: OddsSource) {
  const keys: string[] = [];
  const index = new Map<string, number>();
  const keyOf = (k: string) => {
    let i = index.get(k);
    if (i === undefined) {
      i = keys.length;
      index.set(k, i);
      keys.push(k);
    }
    return i;
  };
  const count = (r: CountRange) => ({ a: whole(r.min), b: whole(r.max), pow: r.pow });
  const sets = source.sets.map((set) => ({
    weight: Number.isFinite(set.weight) && set.weight > 0 ? set.weight : 0,
    items: count(set.items),
    without: set.withoutReplacement,
    picker: picker(set.entries.map((e) => e.weight)),
    weights: set.entries.map((e) => (Number.isFinite(e.weight) && e.weight > 0 ? e.weight : 0)),
    entries: set.entries.map((entry) => ({
      quantity: count(entry.quantity),
      quality: entry.quality,
      single: entry.singleItem,
      picker: picker(entry.items.map((i) => i.weight)),
      keys: Int32Array.from(entry.items.map((i) => keyOf(i.key))),
    })),
  }));
  return {
    keys,
    sets,
    setCount: count(source.setCount),
    setPicker: picker(source.sets.map((s) => s.weight)),
    setWeights: sets.map((s) => s.weight),
  };
}

/** Successive weighted picks without replacement of k among weights (k at most the live ones). */
function pickWithout(weights: number[], k: number, random: () => number, out: number[]): number {
  const left = weights.slice();
  let total = left.reduce((a, b) => a + b, 0);
  let n = 0;
  for (; n < k && total > 0; n++) {
    let target = random() * total;
    let i = 0;
    while (i < left.length - 1 && (left[i] === 0 || target >= left[i]!)) {
      target -= left[i]!;
      i++;
    }
    if (left[i] === 0) for (i = left.length - 1; left[i] === 0; i--); // rounding at the end
    out[n] = i;
    total -= left[i]!;
    left[i] = 0;
  }
  return n;
}

export interface SimulateOptions {
  crates: number;
  seed: number;
  rule: CountRule;
  tiers?: boolean;
  /** crates with this many units or more share the last bucket */
  maxItemCount?: number;
}

export function simulate(source: OddsSource, options: SimulateOptions): SimulationResult {
  const { keys, sets, setCount, setPicker, setWeights } = compiled(source);
  const random = seededRandom(options.seed);
  const rule = options.rule;
  const nKeys = keys.length;
  const sum = new Float64Array(nKeys);
  const sumSquares = new Float64Array(nKeys);
  const present = new Float64Array(nKeys);
  const tiers = options.tiers ? new Float64Array(nKeys * TIER_COUNT) : null;
  const tierSquares = options.tiers ? new Float64Array(nKeys * TIER_COUNT) : null;
  const perCrateTier = new Float64Array(options.tiers ? nKeys * TIER_COUNT : 0);
  const maxCount = options.maxItemCount ?? 4096;
  const itemCounts = new Float64Array(maxCount + 1);
  const perCrate = new Float64Array(nKeys);
  const touched = new Int32Array(nKeys);
  let itemSum = 0;
  let itemSumSquares = 0;
  const setPicks: number[] = [];
  const entryPicks: number[] = [];
  const mult = source.qualityMultiplier;
  for (let crate = 0; crate < options.crates; crate++) {
    let nTouched = 0;
    let units = 0;
    const scale = qualityScale(mult.min + random() * (mult.max - mult.min), source.difficulty);
    let nSets = drawCount(setCount.a, setCount.b, setCount.pow, rule, random());
    if (source.setsWithoutReplacement)
      nSets = pickWithout(setWeights, Math.min(nSets, setPicker.live), random, setPicks);
    else if (setPicker.live === 0) nSets = 0;
    else for (let i = 0; i < nSets; i++) setPicks[i] = pickWith(setPicker, random());
    for (let s = 0; s < nSets; s++) {
      const set = sets[setPicks[s]!]!;
      let nEntries = drawCount(set.items.a, set.items.b, set.items.pow, rule, random());
      if (set.without) nEntries = pickWithout(set.weights, Math.min(nEntries, set.picker.live), random, entryPicks);
      else if (set.picker.live === 0) nEntries = 0;
      else for (let i = 0; i < nEntries; i++) entryPicks[i] = pickWith(set.picker, random());
      for (let e = 0; e < nEntries; e++) {
        const entry = set.entries[entryPicks[e]!]!;
        const q = drawCount(entry.quantity.a, entry.quantity.b, entry.quantity.pow, rule, random());
        if (entry.picker.live === 0 || q === 0) continue;
        units += q;
        const rolls = entry.single ? 1 : q;
        const per = entry.single ? q : 1;
        for (let r = 0; r < rolls; r++) {
          const key = entry.keys[entry.keys.length === 1 ? 0 : pickWith(entry.picker, random())]!;
          if (perCrate[key] === 0) touched[nTouched++] = key;
          perCrate[key] = perCrate[key]! + per;
          if (tiers) {
            const qa = entry.quality;
            let tier: number;
            if (qa.min === qa.max) tier = tierOf(qa.min * scale);
            else {
              const u = random();
              tier = tierOf(
                (qa.min + (qa.max - qa.min) * (qa.pow === 1 ? u : qa.pow > 0 ? Math.pow(u, qa.pow) : 1)) * scale,
              );
            }
            const at = key * TIER_COUNT + tier;
            perCrateTier[at] = perCrateTier[at]! + per;
          }
        }
      }
    }
    for (let i = 0; i < nTouched; i++) {
      const key = touched[i]!;
      const c = perCrate[key]!;
      sum[key] = sum[key]! + c;
      sumSquares[key] = sumSquares[key]! + c * c;
      present[key] = present[key]! + 1;
      perCrate[key] = 0;
      if (tiers && tierSquares)
        for (let t = key * TIER_COUNT; t < (key + 1) * TIER_COUNT; t++) {
          const x = perCrateTier[t]!;
          tiers[t] = tiers[t]! + x;
          tierSquares[t] = tierSquares[t]! + x * x;
          perCrateTier[t] = 0;
        }
    }
    itemCounts[Math.min(units, maxCount)] = itemCounts[Math.min(units, maxCount)]! + 1;
    itemSum += units;
    itemSumSquares += units * units;
  }
  return {
    crates: options.crates,
    keys,
    sum,
    sumSquares,
    present,
    tiers,
    tierSquares,
    itemCounts,
    itemSum,
    itemSumSquares,
  };
}

/** A mean's interval: the sample mean plus or minus z standard errors. */
export function meanInterval(sum: number, sumSquares: number, n: number, z: number) {
  const mean = sum / n;
  const variance = Math.max(0, sumSquares / n - mean * mean) * (n / Math.max(1, n - 1));
  const half = z * Math.sqrt(variance / n);
  return { value: mean, low: mean - half, high: mean + half };
}

/** Wilson's score interval for a proportion. */
export function proportionInterval(hits: number, n: number, z: number) {
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
