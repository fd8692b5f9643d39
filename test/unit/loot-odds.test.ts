/**
 * The odds engine checked against itself (docs/LOOT.md#what-is-exact-what-is-simulated): for a dozen shapes of loot source,
 * every exact figure (expected units and chance of at least one per item, units per tier,
 * the distribution and mean of the number of units) lies inside the 99.9 % interval of a
 * million simulated crates; and over all 295 game containers, with both count rules, the
 * per-item expected units add up to the expected number of units.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameCrateOddsSource, gameCrates } from "@/lib/loot/game-crates";
import { readLootDocument } from "@/lib/loot/loot-document";
import { countPmf, COUNT_RULES, type CountRule } from "@/lib/loot/odds/count-rule";
import { boundedSourceOdds, MAX_ODDS_ITEM_ROLLS, PAGE_ODDS_BUDGET, sourceOdds } from "@/lib/loot/odds/odds";
import { TIER_COUNT } from "@/lib/loot/odds/quality-tiers";
import { oddsSourceOf, type OddsEntry, type OddsSet, type OddsSource } from "@/lib/loot/odds/shape";
import { meanInterval, proportionInterval, simulate } from "@/lib/loot/odds/simulate";

const Z999 = 3.2905;
const CRATES = 1_000_000;

const defaultLoot = readLootDocument(
  JSON.parse(readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8")),
)!;

const entry = (items: [string, number][], over: Partial<OddsEntry> = {}): OddsEntry => ({
  weight: 1,
  items: items.map(([key, weight]) => ({ key, weight })),
  quantity: { min: 1, max: 1, pow: 1 },
  quality: { min: 0, max: 2, pow: 1 },
  blueprintChance: 0,
  singleItem: false,
  ...over,
});
const set = (entries: OddsEntry[], over: Partial<OddsSet> = {}): OddsSet => ({
  label: "set",
  weight: 1,
  items: { min: 1, max: 1, pow: 1 },
  withoutReplacement: true,
  entries,
  ...over,
});
const source = (sets: OddsSet[], over: Partial<OddsSource> = {}): OddsSource => ({
  sets,
  setCount: { min: 1, max: 1, pow: 1 },
  setsWithoutReplacement: true,
  qualityMultiplier: { min: 1, max: 1 },
  difficulty: 4,
  ...over,
});

const fiveEntries = (prefix: string) =>
  [1, 2, 3, 5, 8].map((w, i) =>
    entry(
      [
        [`${prefix}${i}a`, 1],
        [`${prefix}${i}b`, i + 1],
      ],
      { weight: w, quantity: { min: 1, max: i + 1, pow: 1 } },
    ),
  );

const SHAPES: { name: string; source: OddsSource; rule: CountRule }[] = [
  {
    name: "one set, one entry, one item",
    rule: "rounded",
    source: source([set([entry([["Only", 1]], { quantity: { min: 2, max: 5, pow: 1 } })])]),
  },
  {
    name: "sets and entries with replacement",
    rule: "rounded",
    source: source(
      [
        set(fiveEntries("a"), { withoutReplacement: false, items: { min: 1, max: 4, pow: 1 }, weight: 3 }),
        set(fiveEntries("b"), { withoutReplacement: false, items: { min: 2, max: 3, pow: 1 } }),
      ],
      { setsWithoutReplacement: false, setCount: { min: 1, max: 3, pow: 1 } },
    ),
  },
  {
    name: "sets and entries without replacement, shared items",
    rule: "rounded",
    source: source(
      [
        set(fiveEntries("a"), { items: { min: 2, max: 4, pow: 1 }, weight: 5 }),
        set(fiveEntries("a"), { items: { min: 1, max: 2, pow: 1 }, weight: 2 }),
        set(fiveEntries("c"), { items: { min: 3, max: 3, pow: 1 }, weight: 1 }),
      ],
      { setCount: { min: 1, max: 2, pow: 1 } },
    ),
  },
  {
    name: "the same, uniform count rule",
    rule: "uniform",
    source: source(
      [
        set(fiveEntries("a"), { items: { min: 2, max: 4, pow: 1 }, weight: 5 }),
        set(fiveEntries("c"), { items: { min: 1, max: 5, pow: 1 }, weight: 1 }),
      ],
      { setCount: { min: 1, max: 2, pow: 1 } },
    ),
  },
  {
    name: "powers other than 1 (rounded)",
    rule: "rounded",
    source: source(
      [
        set(
          fiveEntries("p").map((e) => ({
            ...e,
            quantity: { min: 1, max: 6, pow: 1.5 },
            quality: { min: 0, max: 8, pow: 2 },
          })),
          { items: { min: 1, max: 5, pow: 0.5 } },
        ),
        set(fiveEntries("q"), { withoutReplacement: false, items: { min: 1, max: 4, pow: 2 } }),
      ],
      { setCount: { min: 1, max: 2, pow: 2 }, qualityMultiplier: { min: 1, max: 3 } },
    ),
  },
  {
    name: "powers other than 1 (uniform)",
    rule: "uniform",
    source: source([set(fiveEntries("p"), { withoutReplacement: false, items: { min: 1, max: 5, pow: 0.7 } })], {
      setCount: { min: 1, max: 1, pow: 1 },
    }),
  },
  {
    name: "single-item entries (one stack of the whole quantity)",
    rule: "rounded",
    source: source([
      set(
        fiveEntries("s").map((e) => ({ ...e, singleItem: true, quantity: { min: 0, max: 10, pow: 1 } })),
        { items: { min: 2, max: 3, pow: 1 } },
      ),
    ]),
  },
  ...defaultLoot.sources.map((s) => ({
    name: `Default Loot: ${s.label}`,
    rule: "rounded" as CountRule,
    source: oddsSourceOf(s, defaultLoot.difficulty),
  })),
];

function expectInside(what: string, exact: number, interval: { low: number; high: number }) {
  // a rounding error's slack on top of the interval
  const slack = 1e-9;
  if (exact < interval.low - slack || exact > interval.high + slack)
    expect.fail(`${what}: exact ${exact} outside the simulation's 99.9 % interval [${interval.low}, ${interval.high}]`);
}

describe("exact odds against a million simulated crates", () => {
  it("has a dozen shapes or more", () => expect(SHAPES.length).toBeGreaterThanOrEqual(12));
  it.each(SHAPES.map((s, i) => [s.name, s, i] as const))("%s", (_, shape, i) => {
    const odds = sourceOdds(shape.source, { rule: shape.rule });
    expect(odds.exact).toBe(true);
    const sim = simulate(shape.source, { crates: CRATES, seed: 1000 + i, rule: shape.rule, tiers: true });
    const index = new Map(sim.keys.map((k, j) => [k, j]));
    const seen = new Set(odds.items.map((item) => item.key));
    for (const key of sim.keys) if (sim.sum[index.get(key)!]! > 0) expect(seen, key).toContain(key);
    for (const item of odds.items) {
      const j = index.get(item.key)!;
      expectInside(
        `${item.key} expected`,
        item.expected.value,
        meanInterval(sim.sum[j]!, sim.sumSquares[j]!, CRATES, Z999),
      );
      expectInside(
        `${item.key} at least one`,
        item.atLeastOne.value,
        proportionInterval(sim.present[j]!, CRATES, Z999),
      );
      for (let t = 0; t < TIER_COUNT; t++) {
        const at = j * TIER_COUNT + t;
        expectInside(
          `${item.key} units of Tier${t + 1}`,
          item.expected.value * item.tiers[t]!,
          meanInterval(sim.tiers![at]!, sim.tierSquares![at]!, CRATES, Z999),
        );
      }
    }
    expectInside(
      "units per crate",
      odds.expectedItems.value,
      meanInterval(sim.itemSum, sim.itemSumSquares, CRATES, Z999),
    );
    odds.itemCount.pmf.forEach((p, n) =>
      expectInside(`P(${n} units)`, p, proportionInterval(sim.itemCounts[n]!, CRATES, Z999)),
    );
    const simulatedMax = sim.itemCounts.findLastIndex((c) => c > 0);
    expect(simulatedMax).toBeLessThan(odds.itemCount.pmf.length);
  });
});

describe("the count rules", () => {
  it("rounded: the ends of a power-1 range are half as likely as the middle", () => {
    expect(Array.from(countPmf({ min: 1, max: 3, pow: 1 }, "rounded"))).toEqual([0, 0.25, 0.5, 0.25]);
  });
  it("uniform: every count equally likely; min above max gives min", () => {
    expect(Array.from(countPmf({ min: 1, max: 4, pow: 1 }, "uniform")).slice(1)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(countPmf({ min: 6, max: 5, pow: 1 }, "uniform")[6]).toBe(1);
  });
  it("a higher power makes fewer more likely", () => {
    const p = countPmf({ min: 1, max: 3, pow: 2 }, "rounded");
    expect(p[1]!).toBeGreaterThan(0.25);
    expect(p[3]!).toBeLessThan(0.25);
  });
});

describe("every game container, both count rules", () => {
  it.each(COUNT_RULES)("per-item expected units add up to the expected units per crate (%s)", (rule) => {
    const crates = gameCrates();
    expect(crates).toHaveLength(295);
    for (const ref of crates) {
      const odds = sourceOdds(gameCrateOddsSource(ref.crate), { rule });
      const sum = odds.items.reduce((a, i) => a + i.expected.value, 0);
      expect(sum, ref.crate.class).toBeCloseTo(odds.expectedItems.value, 6);
      const pmfMean = odds.itemCount.pmf.reduce((a, p, n) => a + p * n, 0);
      if (!odds.itemCount.simulated) expect(pmfMean, ref.crate.class).toBeCloseTo(odds.expectedItems.value, 6);
      for (const item of odds.items) {
        expect(item.atLeastOne.value).toBeGreaterThanOrEqual(0);
        expect(item.atLeastOne.value).toBeLessThanOrEqual(1);
        expect(item.tiers.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }
    }
  });
});

describe("bounded work", () => {
  it("a crafted 20 x 20 source without replacement is simulated, not walked (it ran for minutes exactly)", () => {
    const big = source(
      Array.from({ length: 20 }, (_, s) =>
        set(
          Array.from({ length: 20 }, (_, e) => entry([[`PrimalItem_${s}_${e}_C`, 1]], { weight: 1 + e })),
          { items: { min: 20, max: 20, pow: 1 }, weight: 1 + s },
        ),
      ),
      { setCount: { min: 20, max: 20, pow: 1 } },
    );
    const started = performance.now();
    const odds = sourceOdds(big, { crates: 2_000 });
    const ms = performance.now() - started;
    console.log(`crafted 20 x 20 without replacement: ${ms.toFixed(0)} ms, simulated`);
    expect(odds.exact).toBe(false);
    // every set and every entry is picked in every crate: 400 items, one of each
    expect(odds.items).toHaveLength(400);
    for (const item of odds.items) expect(item.atLeastOne.value).toBe(1);
    expect(odds.expectedItems.value).toBe(400);
  });

  it("a page's odds: Default Loot exact; a crafted source simulated within the roll budget; past the roll bound none", () => {
    for (const s of defaultLoot.sources) {
      const bounded = boundedSourceOdds(oddsSourceOf(s, defaultLoot.difficulty), {}, PAGE_ODDS_BUDGET);
      expect("odds" in bounded && bounded.odds.exact, s.label).toBe(true);
    }
    // 4 sets of 20 entries without replacement: 4 x 2^20 subsets, past the page's 2^18
    const wide = source(
      Array.from({ length: 4 }, (_, s) =>
        set(
          Array.from({ length: 20 }, (_, e) => entry([[`PrimalItem_${s}_${e}_C`, 1]], { weight: 1 + e })),
          { items: { min: 20, max: 20, pow: 1 }, weight: 1 + s },
        ),
      ),
      { setCount: { min: 4, max: 4, pow: 1 } },
    );
    const started = performance.now();
    const bounded = boundedSourceOdds(wide, {}, PAGE_ODDS_BUDGET);
    console.log(`4 x 20 without replacement on a page's budget: ${(performance.now() - started).toFixed(0)} ms`);
    if (!("odds" in bounded)) throw new Error("no odds");
    expect(bounded.odds.exact).toBe(false);
    // every set and entry is picked: 80 items, one of each, in every crate (no interval to widen)
    expect(bounded.odds.items).toHaveLength(80);
    expect(bounded.odds.expectedItems.value).toBe(80);
    // a quantity past the bound (its count distribution alone would be an array of that length), even unreachable
    const huge = source([
      set([
        entry([["PrimalItem_A_C", 1]]),
        entry([["PrimalItem_B_C", 1]], { weight: 0, quantity: { min: 1, max: 1e9, pow: 1 } }),
      ]),
    ]);
    expect(boundedSourceOdds(huge)).toEqual({ tooLarge: { itemRolls: 1e9 } });
    const many = source([
      set([entry([["PrimalItem_A_C", 1]], { quantity: { min: 1, max: MAX_ODDS_ITEM_ROLLS / 10 + 1, pow: 1 } })], {
        items: { min: 10, max: 10, pow: 1 },
        withoutReplacement: false,
      }),
    ]);
    expect(boundedSourceOdds(many)).toEqual({ tooLarge: { itemRolls: MAX_ODDS_ITEM_ROLLS + 10 } });
  });

  it("a plan with too many subsets to convolve simulates the item count and keeps the item figures exact", () => {
    const wide = source([
      set(
        Array.from({ length: 20 }, (_, e) =>
          entry([[`PrimalItem_${e}_C`, 1]], { quantity: { min: 1, max: 3, pow: 1 } }),
        ),
        { items: { min: 10, max: 10, pow: 1 } },
      ),
    ]);
    const odds = sourceOdds(wide, { crates: 2_000 });
    expect(odds.exact).toBe(false);
    expect(odds.itemCount.simulated).toBe(true);
    // ten of twenty equal entries: each is in half the crates, exactly
    for (const item of odds.items) expect(item.atLeastOne.value).toBeCloseTo(0.5, 12);
    expect(odds.expectedItems.value).toBeCloseTo(20, 12);
  });
});
