/**
 * The odds of one loot source (docs/LOOT.md): per item, the expected units per crate,
 * the chance of at least one, its quality tiers and blueprint chance; per crate, the
 * distribution of the number of units. Exact where exact (linearity of expectation, the
 * pick plans of ./picks, the count rules of ./count-rule); a seeded simulation with a 95 %
 * interval where the exact computation would be too large, and each such figure says so.
 */
import { countPmf, pmfMean, pmfMax, DEFAULT_COUNT_RULE, type CountRule, type Pmf } from "./count-rule";
import { MAX_EXACT_SUBSETS, planPicks, subsetsOf, type PickPlan } from "./picks";
import { tierShares, TIER_COUNT } from "./quality-tiers";
import type { OddsEntry, OddsSource } from "./shape";
import { meanInterval, proportionInterval, simulate } from "./simulate";
import { worstCaseItemRolls } from "./worst-case";

/** A figure; `low`/`high` only when it was simulated (its 95 % interval). */
export interface Figure {
  value: number;
  low?: number;
  high?: number;
}

export interface ItemOdds {
  /** item class ("" for entries whose item the data leaves empty) */
  key: string;
  /** units of it per crate, on average */
  expected: Figure;
  /** chance a crate holds at least one */
  atLeastOne: Figure;
  /** share of its units in each tier, Tier1..Tier9 */
  tiers: number[];
  /** chance a unit of it is a blueprint */
  blueprint: number;
}

export interface SourceOdds {
  rule: CountRule;
  /** true when every figure is exact */
  exact: boolean;
  /** items, most expected first */
  items: ItemOdds[];
  /** units per crate, on average */
  expectedItems: Figure;
  /** chance of 0, 1, 2, ... units per crate */
  itemCount: { pmf: number[]; simulated: boolean };
}

export interface OddsOptions {
  rule?: CountRule;
  /** crates rolled when a figure needs simulating */
  crates?: number;
  /** subsets the exact plans may walk before the source is simulated (MAX_EXACT_SUBSETS) */
  maxExactSubsets?: number;
  seed?: number;
}

/** Count distributions longer than this are simulated, not convolved. */
const MAX_COUNT_LENGTH = 4096;
/** Crates a simulation rolls unless asked otherwise. */
const SIMULATED_CRATES = 20_000;
/** Crates a bounded simulation rolls at least, however large each: a 95 % interval of about ±14 points. */
const MIN_SIMULATED_CRATES = 50;
const Z95 = 1.959964;

function entryHasItems(entry: OddsEntry): boolean {
  return entry.items.some((i) => Number.isFinite(i.weight) && i.weight > 0);
}

/** Item shares of an entry, merged by key. */
function entryShares(entry: OddsEntry): Map<string, number> {
  const total = entry.items.reduce((a, i) => a + (Number.isFinite(i.weight) && i.weight > 0 ? i.weight : 0), 0);
  const out = new Map<string, number>();
  if (total > 0)
    for (const i of entry.items)
      if (Number.isFinite(i.weight) && i.weight > 0) out.set(i.key, (out.get(i.key) ?? 0) + i.weight / total);
  return out;
}

interface EntryModel {
  quantity: Pmf;
  meanQuantity: number;
  shares: Map<string, number>;
  tiers: number[];
  blueprint: number;
  single: boolean;
}

export function sourceOdds(source: OddsSource, options: OddsOptions = {}): SourceOdds {
  const rule = options.rule ?? DEFAULT_COUNT_RULE;
  // Bounded work: a source whose exact plans would walk too many subsets is simulated.
  const subsets =
    subsetsOf(
      source.sets.map((s) => s.weight),
      source.setsWithoutReplacement,
    ) +
    source.sets.reduce(
      (a, set) =>
        a +
        subsetsOf(
          set.entries.map((e) => e.weight),
          set.withoutReplacement,
        ),
      0,
    );
  if (subsets > (options.maxExactSubsets ?? MAX_EXACT_SUBSETS)) return simulatedOdds(source, rule, options);
  const setPlanCount = (n: number, without: boolean, range: OddsSource["setCount"]) =>
    countPmf(range, rule, without ? n : Infinity);
  const sets = source.sets.map((set) => {
    const entries: EntryModel[] = set.entries.map((entry) => {
      const has = entryHasItems(entry);
      const quantity = has ? countPmf(entry.quantity, rule) : Float64Array.of(1);
      return {
        quantity,
        meanQuantity: pmfMean(quantity),
        shares: entryShares(entry),
        tiers: tierShares(entry.quality, source.qualityMultiplier, source.difficulty),
        blueprint: entry.blueprintChance,
        single: entry.singleItem,
      };
    });
    const plan = planPicks(
      set.entries.map((e) => e.weight),
      setPlanCount(set.entries.length, set.withoutReplacement, set.items),
      set.withoutReplacement,
    );
    return { entries, plan };
  });
  const sourcePlan = planPicks(
    source.sets.map((s) => s.weight),
    setPlanCount(source.sets.length, source.setsWithoutReplacement, source.setCount),
    source.setsWithoutReplacement,
  );
  if (!sourcePlan || sets.some((s) => !s.plan)) return simulatedOdds(source, rule, options);
  const plans = sets.map((s) => s.plan!) as PickPlan[];

  // Linearity: units of an item = sum over sets and entries of times picked x units per pick.
  const expected = new Map<string, number>();
  const tierUnits = new Map<string, number[]>();
  const blueprintUnits = new Map<string, number>();
  const where = new Map<string, Set<number>>(); // key -> sets holding it
  sets.forEach((set, s) => {
    set.entries.forEach((entry, e) => {
      const times = sourcePlan.times[s]! * plans[s]!.times[e]!;
      for (const [key, share] of entry.shares) {
        if (!where.has(key)) where.set(key, new Set());
        where.get(key)!.add(s);
        const units = times * entry.meanQuantity * share;
        expected.set(key, (expected.get(key) ?? 0) + units);
        const t = tierUnits.get(key) ?? new Array<number>(TIER_COUNT).fill(0);
        entry.tiers.forEach((x, i) => (t[i] = t[i]! + x * units));
        tierUnits.set(key, t);
        blueprintUnits.set(key, (blueprintUnits.get(key) ?? 0) + entry.blueprint * units);
      }
    });
  });

  const items: ItemOdds[] = [...expected.keys()].map((key) => {
    // P(none) multiplies through the levels: per entry roll, per set roll, per crate.
    const setNone = new Float64Array(sets.length).fill(1);
    for (const s of where.get(key)!) {
      const none = sets[s]!.entries.map((entry) => {
        const share = entry.shares.get(key) ?? 0;
        if (share === 0) return 1;
        const q = entry.quantity;
        if (entry.single) return 1 - share * (1 - (q[0] ?? 0));
        let z = 0;
        for (let k = 0; k < q.length; k++) z += q[k]! * Math.pow(1 - share, k);
        return z;
      });
      setNone[s] = plans[s]!.product(none);
    }
    const units = expected.get(key)!;
    const tiers = tierUnits.get(key)!.map((x) => (units > 0 ? x / units : 0));
    return {
      key,
      expected: { value: units },
      atLeastOne: { value: Math.min(1, Math.max(0, 1 - sourcePlan.product(setNone))) },
      tiers,
      blueprint: units > 0 ? blueprintUnits.get(key)! / units : 0,
    };
  });
  items.sort((a, b) => b.expected.value - a.expected.value || a.key.localeCompare(b.key));

  let expectedItems = 0;
  sets.forEach((set, s) =>
    set.entries.forEach(
      (entry, e) => (expectedItems += sourcePlan.times[s]! * plans[s]!.times[e]! * entry.meanQuantity),
    ),
  );
  const perSet: (Pmf | null)[] = sets.map((set, s) =>
    plans[s]!.convolution(
      set.entries.map((e) => e.quantity),
      MAX_COUNT_LENGTH,
    ),
  );
  const whole = perSet.every(Boolean) ? sourcePlan.convolution(perSet as Pmf[], MAX_COUNT_LENGTH) : null;
  let itemCount: SourceOdds["itemCount"];
  if (whole) itemCount = { pmf: trim(whole), simulated: false };
  else {
    const sim = simulate(source, { crates: options.crates ?? SIMULATED_CRATES, seed: options.seed ?? 1, rule });
    itemCount = { pmf: trim(Float64Array.from(sim.itemCounts, (c) => c / sim.crates)), simulated: true };
  }
  return { rule, exact: !!whole, items, expectedItems: { value: expectedItems }, itemCount };
}

function trim(pmf: Pmf): number[] {
  return Array.from(pmf.subarray(0, pmfMax(pmf) + 1));
}

/**
 * A crate that may roll more items than this gets no odds (docs/LOOT.md#odds-on-the-portal):
 * far past the crash-risk warning's 2,000 and the game's largest drop (27,000), and each
 * count distribution is an array as long as its largest count.
 */
export const MAX_ODDS_ITEM_ROLLS = 100_000;
/** The item rolls one source's simulation may make in all: larger crates roll fewer crates. */
export const SIMULATION_ROLL_BUDGET = 5_000_000;

export type BoundedOdds = { odds: SourceOdds } | { tooLarge: { itemRolls: number } };

export interface OddsBudget {
  /** as OddsOptions.maxExactSubsets */
  maxExactSubsets: number;
  /** the item rolls a simulation may make in all */
  rolls: number;
}

/**
 * A page's budget, for a source anyone may ask about (about 0.1 s of a core on a quiet
 * machine for the largest, docs/LOOT.md#odds-on-the-portal): the game's largest crates walk
 * about a million subsets and are simulated here, where their own pages (computed once a
 * process) are exact.
 */
export const PAGE_ODDS_BUDGET: OddsBudget = { maxExactSubsets: 1 << 18, rolls: 1_000_000 };

/**
 * The odds of a source whoever wrote it (a document's, on a page anyone may ask for, or in
 * the editor as its author types): bounded in time and memory. The exact plans are already
 * bounded (budget.maxExactSubsets); a simulation rolls about budget.rolls items at most (at
 * least MIN_SIMULATED_CRATES crates: with MAX_ODDS_ITEM_ROLLS a crate, five million); a source
 * that may roll more than MAX_ODDS_ITEM_ROLLS in one crate, or holds a quantity past it, gets none.
 */
export function boundedSourceOdds(
  source: OddsSource,
  options: OddsOptions = {},
  budget: OddsBudget = { maxExactSubsets: MAX_EXACT_SUBSETS, rolls: SIMULATION_ROLL_BUDGET },
): BoundedOdds {
  let largest = worstCaseItemRolls(source);
  for (const set of source.sets)
    for (const entry of set.entries) largest = Math.max(largest, entry.quantity.min, entry.quantity.max);
  if (!(largest <= MAX_ODDS_ITEM_ROLLS)) return { tooLarge: { itemRolls: largest } };
  const crates = Math.min(
    options.crates ?? SIMULATED_CRATES,
    Math.max(MIN_SIMULATED_CRATES, Math.floor(budget.rolls / Math.max(1, worstCaseItemRolls(source)))),
  );
  return { odds: sourceOdds(source, { ...options, crates, maxExactSubsets: budget.maxExactSubsets }) };
}

/** Every figure from rolled crates: sources too large for the exact plans. */
function simulatedOdds(source: OddsSource, rule: CountRule, options: OddsOptions): SourceOdds {
  const n = options.crates ?? SIMULATED_CRATES;
  const sim = simulate(source, { crates: n, seed: options.seed ?? 1, rule, tiers: true });
  // Tiers and blueprint chances need no simulation: they are per entry, weighted by units.
  const exact = sourceOddsByEntryWeights(source, rule, sim.keys);
  const items: ItemOdds[] = sim.keys.map((key, i) => ({
    key,
    expected: meanInterval(sim.sum[i]!, sim.sumSquares[i]!, n, Z95),
    atLeastOne: proportionInterval(sim.present[i]!, n, Z95),
    tiers: exact.get(key)?.tiers ?? new Array<number>(TIER_COUNT).fill(0),
    blueprint: exact.get(key)?.blueprint ?? 0,
  }));
  items.sort((a, b) => b.expected.value - a.expected.value || a.key.localeCompare(b.key));
  return {
    rule,
    exact: false,
    items: items.filter((i) => i.expected.value > 0),
    expectedItems: meanInterval(sim.itemSum, sim.itemSumSquares, n, Z95),
    itemCount: { pmf: trim(Float64Array.from(sim.itemCounts, (c) => c / n)), simulated: true },
  };
}

/**
 * Tier shares and blueprint chance per item when the picks are simulated: each entry's
 * figures weighted by its share of the item among the entries of its set, set by set (an
 * approximation of the unit weighting that ignores how often each entry is picked).
 */
function sourceOddsByEntryWeights(source: OddsSource, rule: CountRule, keys: string[]) {
  const out = new Map<string, { tiers: number[]; blueprint: number; weight: number }>();
  for (const set of source.sets) {
    const total = set.entries.reduce((a, e) => a + (e.weight > 0 ? e.weight : 0), 0);
    for (const entry of set.entries) {
      if (!(entry.weight > 0) || total === 0) continue;
      const tiers = tierShares(entry.quality, source.qualityMultiplier, source.difficulty);
      const mean = pmfMean(countPmf(entry.quantity, rule));
      for (const [key, share] of entryShares(entry)) {
        const w = (set.weight > 0 ? set.weight : 0) * (entry.weight / total) * share * mean;
        const o = out.get(key) ?? { tiers: new Array<number>(TIER_COUNT).fill(0), blueprint: 0, weight: 0 };
        tiers.forEach((x, i) => (o.tiers[i] = o.tiers[i]! + x * w));
        o.blueprint += entry.blueprintChance * w;
        o.weight += w;
        out.set(key, o);
      }
    }
  }
  for (const key of keys) {
    const o = out.get(key);
    if (o && o.weight > 0) {
      o.tiers = o.tiers.map((x) => x / o.weight);
      o.blueprint /= o.weight;
    }
  }
  return out;
}
