/**
 * The maps of a Beacon document. Its `Map` key and each loot source's `Availability`
 * are bit masks over the maps, with the bits of the catalogue's one list of maps
 * (lib/catalogue/game-maps.ts GAME_MAPS: LOOT-FORMAT's 1 Island, 2 Scorched, 4 Center,
 * 8 Ragnarok, 16 Abberation, then the later official maps as the desktop client numbers
 * them, 32 Extinction ... 2048 Fjordur), so the documents filter, the loot editor and the
 * spawn page offer the same twelve maps.
 */
import { GAME_MAPS, gameMapByName, type GameMap } from "@/lib/catalogue/game-maps";

/** The maps in bit order (bit i is MAPS[i]); each a GAME_MAPS key ("Aberration" as the game spells it). */
export const MAPS: readonly string[] = [...GAME_MAPS].sort((a, b) => a.bit - b.bit).map((m) => m.key);
export type MapName = string;
export const ALL_MAPS_MASK = (1 << MAPS.length) - 1;

/** How document pages name a map: short, as they always did ("Island", "Scorched"), the later maps in full ("Genesis: Part 2"). */
const shortName = (m: GameMap) => m.name.replace(/^The /, "").replace(/ Earth$/, "");

/** The maps as document pages and the loot editor offer them: release order, each with its page name. */
export const DOCUMENT_MAPS: readonly GameMap[] = GAME_MAPS.map((m) => ({ ...m, name: shortName(m) }));

/** The bit of a map name (any case; the v1 spelling `Abberation` and the names players know too), or undefined. */
export function mapBit(name: string): number | undefined {
  return gameMapByName(name.trim())?.bit;
}

/** A mask read from untrusted content: a non-negative integer, unknown bits dropped; else 0. */
export function readMapMask(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value & ALL_MAPS_MASK : 0;
}

/** The map keys of a mask, in bit order. */
export function mapNames(mask: number): MapName[] {
  return MAPS.filter((_, i) => (mask & (1 << i)) !== 0);
}

function mapLabel(key: string): string {
  const map = gameMapByName(key);
  return map ? shortName(map) : key;
}

/** The maps of a mask as people read them, in bit order ("Island", "Genesis: Part 2"). */
export function mapLabels(mask: number): string[] {
  return mapNames(mask).map(mapLabel);
}
