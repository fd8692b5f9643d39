/**
 * Item quality tiers of a Beacon document (LOOT-FORMAT "Quality tiers") and the number
 * Game.ini carries for them: base / ((m + (m - 1) * 0.2) * difficulty), with m the
 * crate's Multiplier_Min for MinQuality and Multiplier_Max for MaxQuality.
 */
export const QUALITY_TIERS = ["Tier1", "Tier2", "Tier3", "Tier4", "Tier5", "Tier6", "Tier7", "Tier8", "Tier9"] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];

/** The desktop client's names; Tier7-9 have none there, so they keep their tier name. */
const TIER_NAMES: Record<QualityTier, string> = {
  Tier1: "Primitive",
  Tier2: "Ramshackle",
  Tier3: "Apprentice",
  Tier4: "Journeyman",
  Tier5: "Mastercraft",
  Tier6: "Ascendant",
  Tier7: "Tier 7",
  Tier8: "Tier 8",
  Tier9: "Tier 9",
};
const BASE_VALUES: Record<QualityTier, number> = {
  Tier1: 0,
  Tier2: 5,
  Tier3: 8,
  Tier4: 15,
  Tier5: 22,
  Tier6: 28,
  Tier7: 36,
  Tier8: 44,
  Tier9: 56,
};

/** The difficulty the client assumed when a document has none (or -1). */
export const DEFAULT_DIFFICULTY = 4;

/** "tier3", "Tier3" and "TIER3" are Tier3; anything else is undefined. */
export function parseQualityTier(value: unknown): QualityTier | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^tier([1-9])$/i.exec(value.trim());
  return m ? QUALITY_TIERS[Number(m[1]) - 1] : undefined;
}

export function qualityName(tier: QualityTier): string {
  return TIER_NAMES[tier];
}

export function qualityBase(tier: QualityTier): number {
  return BASE_VALUES[tier];
}

/**
 * The Game.ini quality number. A multiplier of 1/1.2 or less would make the divisor zero
 * or negative (the game has no such crate); the base value is written unscaled then.
 */
export function qualityNumber(tier: QualityTier, multiplier: number, difficulty: number): number {
  const divisor = (multiplier + (multiplier - 1) * 0.2) * difficulty;
  const base = BASE_VALUES[tier];
  return divisor > 0 && Number.isFinite(divisor) ? base / divisor : base;
}

/** The tier whose Game.ini number is nearest to `q` for this multiplier and difficulty. */
export function nearestTier(q: number, multiplier: number, difficulty: number): QualityTier {
  const divisor = (multiplier + (multiplier - 1) * 0.2) * difficulty;
  const base = divisor > 0 ? q * divisor : q;
  let best: QualityTier = "Tier1";
  for (const t of QUALITY_TIERS) if (Math.abs(qualityBase(t) - base) < Math.abs(qualityBase(best) - base)) best = t;
  return best;
}
