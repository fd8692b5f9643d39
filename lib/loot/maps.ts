/**
 * The maps of a Beacon document. Its `Map` key and each loot source's `Availability`
 * are bit masks over the same maps, in the same order as engram environments
 * (LOOT-FORMAT: 1 Island, 2 Scorched, 4 Center, 8 Ragnarok, 16 Abberation), so the
 * names and bits come from lib/engrams/environments.
 */
import { ENVIRONMENTS, environmentNames, type Environment } from "@/lib/engrams/environments";

export const MAPS = ENVIRONMENTS;
export type MapName = Environment;
export const ALL_MAPS_MASK = (1 << MAPS.length) - 1;

/** The bit of a map name (any case, `Aberration` too), or undefined. */
export function mapBit(name: string): number | undefined {
  const key = name.trim().toLowerCase();
  const i = MAPS.findIndex((m) => m.toLowerCase() === (key === "aberration" ? "abberation" : key));
  return i < 0 ? undefined : 1 << i;
}

/** A mask read from untrusted content: a non-negative integer, unknown bits dropped; else 0. */
export function readMapMask(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value & ALL_MAPS_MASK : 0;
}

export function mapNames(mask: number): MapName[] {
  return environmentNames(mask);
}
