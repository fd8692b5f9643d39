/**
 * How a revision moved the odds (docs/LOOT.md#odds-in-diffs): for each loot source both
 * revisions have (paired by crate class, as their Game.ini lines are) whose roll changed,
 * every item whose chance per crate moved, largest move first: "Island White: Metal Pick
 * 4% → 9.5% per crate". Within a page's budget of odds work (DIFF_ODDS_BUDGET) and for at
 * most MAX_ODDS_SOURCES sources a diff: a diff runs on the diff worker with a time limit,
 * and a publish waits for its summary.
 */
import type { LootDocument, LootSource } from "@/lib/loot/loot-document";
import { boundedSourceOdds, type OddsBudget } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";
import { percent } from "@/lib/loot/shares";
import { lootItems } from "../loot-view";

export interface OddsChange {
  /** the source's label (its crate class when it has none) */
  source: string;
  /** the item as the loot view names it */
  item: string;
  /** chance per crate of at least one, 0..1, before and after */
  from: number;
  to: number;
  /** one line for people */
  text: string;
}

/** Changed sources whose odds a diff compares at most. */
export const MAX_ODDS_SOURCES = 10;
/** Moves smaller than this (0.05 percentage points) are not listed. */
export const MIN_ODDS_MOVE = 0.0005;
/** Each side of each source: a quarter of a page's simulation, a quarter of its subsets. */
export const DIFF_ODDS_BUDGET: OddsBudget = { maxExactSubsets: 1 << 16, rolls: 250_000 };

/** Chance per crate of at least one, by item class (lowercase), or null when the source gets no odds. */
function chances(source: LootSource, difficulty: number): Map<string, number> | null {
  const bounded = boundedSourceOdds(oddsSourceOf(source, difficulty), {}, DIFF_ODDS_BUDGET);
  if (!("odds" in bounded)) return null;
  return new Map(bounded.odds.items.map((i) => [i.key.toLowerCase(), i.atLeastOne.value]));
}

/** Sources of both, paired by crate class in order (the n-th of a class with the n-th). */
function pairs(a: LootDocument, b: LootDocument): [LootSource, LootSource][] {
  const waiting = new Map<string, LootSource[]>();
  for (const s of b.sources) waiting.set(s.crateClass, [...(waiting.get(s.crateClass) ?? []), s]);
  const out: [LootSource, LootSource][] = [];
  for (const x of a.sources) {
    const y = waiting.get(x.crateClass)?.shift();
    if (y) out.push([x, y]);
  }
  return out;
}

export function oddsDiff(
  a: LootDocument,
  b: LootDocument,
  name: (item: { class: string; path: string }) => string,
): { changes: OddsChange[]; note: string | null } {
  const changed = pairs(a, b).filter(
    ([x, y]) => JSON.stringify(oddsSourceOf(x, a.difficulty)) !== JSON.stringify(oddsSourceOf(y, b.difficulty)),
  );
  const names = new Map<string, string>();
  for (const item of [...lootItems(b), ...lootItems(a)])
    if (!names.has(item.class.toLowerCase())) names.set(item.class.toLowerCase(), name(item));
  const changes: OddsChange[] = [];
  let unrolled = 0;
  for (const [x, y] of changed.slice(0, MAX_ODDS_SOURCES)) {
    const before = chances(x, a.difficulty);
    const after = chances(y, b.difficulty);
    if (!before || !after) {
      unrolled++;
      continue;
    }
    const source = y.label || y.crateClass;
    const moves: OddsChange[] = [];
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const from = before.get(key) ?? 0;
      const to = after.get(key) ?? 0;
      if (Math.abs(to - from) < MIN_ODDS_MOVE) continue;
      const item = names.get(key) ?? (key || "(no item)");
      moves.push({ source, item, from, to, text: `${source}: ${item} ${percent(from)} → ${percent(to)} per crate` });
    }
    moves.sort((p, q) => Math.abs(q.to - q.from) - Math.abs(p.to - p.from) || p.item.localeCompare(q.item));
    for (const m of moves) changes.push(m);
  }
  const notes = [
    changed.length > MAX_ODDS_SOURCES &&
      `The odds are compared for the first ${MAX_ODDS_SOURCES} of the ${changed.length} sources that changed.`,
    unrolled > 0 &&
      `${unrolled === 1 ? "One source rolls" : `${unrolled} sources roll`} too many items a crate to compute odds for.`,
  ].filter((n): n is string => typeof n === "string");
  return { changes, note: notes.length > 0 ? notes.join(" ") : null };
}
