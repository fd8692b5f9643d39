/**
 * How a count (item sets, entries of a set, units of an entry) is drawn from min, max and
 * power. The sources give the three numbers but not the formula (docs/LOOT.md#counts),
 * so both readings are implemented:
 *   "rounded" (default): round(min + (max - min) * u^power), the power curve rounded to the
 *             nearest integer, so with power 1 the two ends are half as likely as the middle;
 *   "uniform": min + floor((max - min + 1) * u^power), capped at max: with power 1 every
 *             integer from min to max is equally likely (FMath::RandRange); max below min gives min.
 * u is uniform in [0, 1). A power of 0 or less (or not a number) makes u^power 1.
 */
export const COUNT_RULES = ["rounded", "uniform"] as const;
export type CountRule = (typeof COUNT_RULES)[number];
export const DEFAULT_COUNT_RULE: CountRule = "rounded";

export function isCountRule(value: unknown): value is CountRule {
  return value === "rounded" || value === "uniform";
}

export interface CountRange {
  min: number;
  max: number;
  pow: number;
}

/** A probability mass function over 0..pmf.length-1. */
export type Pmf = Float64Array<ArrayBufferLike>;

/** P(u^power < x) for x in [0, 1]. */
export function curveCdf(x: number, pow: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (!(pow > 0) || !Number.isFinite(pow)) return 0; // u^0 = 1: never below x < 1
  return Math.pow(x, 1 / pow);
}

/** P(a + (b - a) * u^pow < y): the power curve's distribution, either way round (b < a too). */
export function curveBelow(a: number, b: number, pow: number, y: number): number {
  if (a === b) return a < y ? 1 : 0;
  if (!(pow > 0) || !Number.isFinite(pow)) return b < y ? 1 : 0;
  return b > a ? curveCdf((y - a) / (b - a), pow) : 1 - curveCdf((a - y) / (a - b), pow);
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);

/** The distribution of the count, then capped at `cap` (counts above it become cap). */
export function countPmf(range: CountRange, rule: CountRule, cap = Infinity): Pmf {
  const a = whole(range.min);
  const b = whole(range.max);
  const raw = new Float64Array(Math.max(a, b) + 1);
  if (a === b) raw[a] = 1;
  else if (rule === "uniform") {
    if (b < a) raw[a] = 1;
    else {
      const n = b - a + 1;
      for (let k = a; k <= b; k++) raw[k] = curveCdf((k - a + 1) / n, range.pow) - curveCdf((k - a) / n, range.pow);
    }
  } else {
    // v = a + (b - a) t with t = u^pow; round(v) = k when k - 0.5 <= v < k + 0.5.
    const below = (y: number) => curveBelow(a, b, range.pow, y);
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    for (let k = lo; k <= hi; k++) raw[k] = Math.max(0, below(k + 0.5) - below(k - 0.5));
    // t = 1 exactly (power 0) sits on the closed end the half-open bands miss.
    if (!(range.pow > 0) || !Number.isFinite(range.pow)) {
      raw.fill(0);
      raw[b] = 1;
    }
  }
  if (!(cap < raw.length - 1)) return raw;
  const capped = new Float64Array(Math.max(0, cap) + 1);
  for (let k = 0; k < raw.length; k++) capped[Math.min(k, cap)] = capped[Math.min(k, cap)]! + raw[k]!;
  return capped;
}

/** One draw of the count with the same rule, for the simulator. */
export function drawCount(a: number, b: number, pow: number, rule: CountRule, u: number): number {
  if (a === b) return a;
  const t = pow === 1 ? u : pow > 0 && Number.isFinite(pow) ? Math.pow(u, pow) : 1;
  if (rule === "uniform") return b < a ? a : Math.min(b, a + Math.floor((b - a + 1) * t));
  return Math.round(a + (b - a) * t);
}

export function pmfMean(pmf: Pmf): number {
  let m = 0;
  for (let k = 1; k < pmf.length; k++) m += k * pmf[k]!;
  return m;
}

/** The largest count with a chance above 0. */
export function pmfMax(pmf: Pmf): number {
  for (let k = pmf.length - 1; k > 0; k--) if (pmf[k]! > 0) return k;
  return 0;
}
