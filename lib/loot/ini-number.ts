/**
 * Numbers as Game.ini lines carry them (LOOT-FORMAT "Numbers"): the shortest decimal
 * form with at most 6 decimal places: 1, 0.142857, 1.25. Never an exponent, never -0.
 */
export function iniNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const rounded = Number(value.toFixed(6));
  if (rounded === 0) return "0";
  const text = String(rounded);
  // String() switches to exponents at 1e21; no count or weight a document can sensibly hold gets there.
  return text.includes("e") ? rounded.toFixed(6).replace(/\.?0+$/, "") : text;
}
