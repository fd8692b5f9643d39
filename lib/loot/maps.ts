/**
 * The maps of a Beacon document. Its `Map` key and each loot source's `Availability`
 * are bit masks over the same maps, in the same order as engram environments
 * (LOOT-FORMAT: 1 Island, 2 Scorched, 4 Center, 8 Ragnarok, 16 Abberation), so the
 * bits come from lib/engrams/environments; the names are the pages' spelling.
 */
/** The maps as pages name them (bit i is lib/engrams/environments' ENVIRONMENTS[i]; "Aberration" spelled as the game does). */
export const MAPS = ["Island", "Scorched", "Center", "Ragnarok", "Aberration"] as const;
export type MapName = (typeof MAPS)[number];
export const ALL_MAPS_MASK = (1 << MAPS.length) - 1;

/** The bit of a map name (any case; the v1 spelling `Abberation` too), or undefined. */
export function mapBit(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  const i = MAPS.findIndex((m) => m.toLowerCase() === (key === "abberation" ? "aberration" : key));
  return i < 0 ? undefined : 1 << i;
}

/** A mask read from untrusted content: a non-negative integer, unknown bits dropped; else 0. */
export function readMapMask(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value & ALL_MAPS_MASK : 0;
}

export function mapNames(mask: number): MapName[] {
  return MAPS.filter((_, i) => (mask & (1 << i)) !== 0);
}
