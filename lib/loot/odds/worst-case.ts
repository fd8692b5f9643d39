/**
 * The most item rolls one crate of a source can make (each unit of quantity is a separate
 * roll): the crash-risk warning (lib/loot/loot-warnings) and the odds engine's bound on the
 * crates it simulates (./odds) both read it.
 */
import type { OddsSet, OddsSource } from "./shape";

const positive = (w: number) => Number.isFinite(w) && w > 0;

/** The most item rolls one roll of this set can make (each unit of quantity is a roll). */
function setWorstRolls(set: OddsSet): number {
  const live = set.entries.filter((e) => positive(e.weight) && e.items.some((i) => positive(i.weight)));
  const picks = Math.max(0, Math.round(Math.max(set.items.min, set.items.max)));
  const units = live
    .map((e) => (e.singleItem ? 1 : Math.max(0, Math.round(Math.max(e.quantity.min, e.quantity.max)))))
    .sort((a, b) => b - a);
  if (!set.withoutReplacement) return picks * (units[0] ?? 0);
  return units.slice(0, picks).reduce((a, b) => a + b, 0);
}

/**
 * The most item rolls one crate can make: the largest sets, the largest entries in them, each
 * at its largest quantity (a single-item entry is one roll). A document's counts are first
 * clamped as its Game.ini line will be (lib/loot/odds/shape).
 */
export function worstCaseItemRolls(source: OddsSource): number {
  const picks = Math.max(0, Math.round(Math.max(source.setCount.min, source.setCount.max)));
  const sets = source.sets
    .filter((s) => positive(s.weight))
    .map(setWorstRolls)
    .sort((a, b) => b - a);
  if (!source.setsWithoutReplacement) return picks * (sets[0] ?? 0);
  return sets.slice(0, picks).reduce((a, b) => a + b, 0);
}
