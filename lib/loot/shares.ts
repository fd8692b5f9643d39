/**
 * Relative weights (LOOT-FORMAT "Weights are relative"): each weight over the sum of its
 * siblings. Used for the Game.ini numbers and for the percentages the loot view shows,
 * so both always agree. Negative weights count as 0; when no sibling has any weight,
 * every share is 0 (no NaN ever reaches a page or a Game.ini line).
 */
export function shares(weights: number[]): number[] {
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  return clean.map((w) => (sum > 0 ? w / sum : 0));
}

/** A share as a percentage for people: "50%", "33.3%", "0.05%", "<0.01%". */
export function percent(share: number): string {
  if (share <= 0) return "0%";
  const p = share * 100;
  if (p < 0.01) return "<0.01%";
  const digits = p >= 10 ? 1 : p >= 1 ? 1 : 2;
  return `${Number(p.toFixed(digits))}%`;
}
