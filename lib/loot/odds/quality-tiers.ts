/**
 * The quality tier of a rolled item (docs/LOOT.md#quality). An entry's quality value v
 * is drawn on the power curve between its min and max (the Game.ini numbers, which a
 * document's tiers become through lib/loot/quality); the game scales it by the crate's
 * multiplier m and the difficulty d as the client's formula assumes, (m + (m - 1) * 0.2) * d,
 * and the item is of the highest tier whose base value that reaches. m is drawn uniformly
 * between the crate's two multipliers: integrated numerically (a 32-point midpoint rule)
 * when they differ, exact when they are equal.
 */
import { QUALITY_TIERS, qualityBase } from "../quality";
import { curveBelow, type CountRange } from "./count-rule";

export const TIER_COUNT = QUALITY_TIERS.length;
const BASES = QUALITY_TIERS.map(qualityBase);
const NODES = 32;
/** a value a rounding error below a tier's base still reaches it (a document's exact tiers) */
const SLACK = 1e-9;

export function qualityScale(multiplier: number, difficulty: number): number {
  const k = (multiplier + (multiplier - 1) * 0.2) * difficulty;
  return k > 0 && Number.isFinite(k) ? k : 1;
}

/** The tier index (0 = Tier1) of a scaled quality value. */
export function tierOf(scaled: number): number {
  let t = 0;
  while (t + 1 < TIER_COUNT && scaled >= BASES[t + 1]! * (1 - SLACK)) t++;
  return t;
}

/** P(v * k >= base): a single value (a document's one tier) with SLACK, a range exactly. */
function reaches(quality: CountRange, base: number, k: number): number {
  if (quality.min === quality.max) return tierOf(quality.min * k) >= BASES.indexOf(base) ? 1 : 0;
  return 1 - curveBelow(quality.min, quality.max, quality.pow, base / k);
}

/** Shares of the nine tiers for one item of this entry, in a crate of these multipliers. */
export function tierShares(
  quality: CountRange,
  multiplier: { min: number; max: number },
  difficulty: number,
): number[] {
  const out = new Array<number>(TIER_COUNT).fill(0);
  const nodes = multiplier.min === multiplier.max ? 1 : NODES;
  for (let n = 0; n < nodes; n++) {
    const m = nodes === 1 ? multiplier.min : multiplier.min + ((n + 0.5) / nodes) * (multiplier.max - multiplier.min);
    const k = qualityScale(m, difficulty);
    // P(tier >= t) = P(v >= base_t / k)
    let above = 1;
    for (let t = 0; t < TIER_COUNT; t++) {
      const next = t + 1 < TIER_COUNT ? reaches(quality, BASES[t + 1]!, k) : 0;
      out[t] = out[t]! + Math.max(0, above - next) / nodes;
      above = next;
    }
  }
  return out;
}
