/**
 * Every official map of ARK: Survival Evolved, as the catalogue's `maps` column knows
 * them: a bit set beside the v1 `environments` column, whose five maps keep their bits
 * here (Island 1, Scorched 2, Center 4, Ragnarok 8, Aberration 16), so the v1 part of a
 * map set is `maps & V1_MAPS_MASK` and a v1 reply can never show a map it does not know.
 * Listed in release order, as the portal offers them.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";

export interface GameMap {
  /** the short name used in URLs and files ("CrystalIsles") */
  key: string;
  /** the name players know it by */
  name: string;
  bit: number;
}

export const GAME_MAPS: readonly GameMap[] = [
  { key: "Island", name: "The Island", bit: 1 },
  { key: "Center", name: "The Center", bit: 4 },
  { key: "Scorched", name: "Scorched Earth", bit: 2 },
  { key: "Ragnarok", name: "Ragnarok", bit: 8 },
  { key: "Aberration", name: "Aberration", bit: 16 },
  { key: "Extinction", name: "Extinction", bit: 32 },
  { key: "Valguero", name: "Valguero", bit: 64 },
  { key: "Genesis", name: "Genesis: Part 1", bit: 128 },
  { key: "CrystalIsles", name: "Crystal Isles", bit: 256 },
  { key: "Genesis2", name: "Genesis: Part 2", bit: 512 },
  { key: "LostIsland", name: "Lost Island", bit: 1024 },
  { key: "Fjordur", name: "Fjordur", bit: 2048 },
];

/** The bits the v1 `environments` column also has, with the same meaning. */
export const V1_MAPS_MASK = (1 << ENVIRONMENTS.length) - 1;
export const ALL_GAME_MAPS_MASK = GAME_MAPS.reduce((m, g) => m | g.bit, 0);

/** Lowercase, without spaces, colons and dashes: "Genesis: Part 1" → "genesispart1". */
const fold = (name: string) => name.toLowerCase().replace(/[\s:_-]+/g, "");

const BY_NAME = new Map<string, GameMap>();
for (const map of GAME_MAPS) {
  BY_NAME.set(fold(map.key), map);
  BY_NAME.set(fold(map.name), map);
}
// Other spellings in use: the v1 interface's "Abberation", the data sets' and the
// original's short names.
for (const [alias, key] of [
  ["abberation", "Aberration"],
  ["theisland", "Island"],
  ["thecenter", "Center"],
  ["scorchedearth", "Scorched"],
  ["genesis1", "Genesis"],
  ["genesispart2", "Genesis2"],
] as const)
  BY_NAME.set(
    alias,
    GAME_MAPS.find((m) => m.key === key)!,
  );

export function gameMapByName(name: string): GameMap | undefined {
  return BY_NAME.get(fold(name));
}

export type MapsResult = { ok: true; mask: number } | { ok: false; message: string };

/** A list of map names (an array, or one string separated by `;` or `,`), any spelling above. */
export function parseGameMaps(value: unknown): MapsResult {
  let names: unknown[];
  if (typeof value === "string") names = value.split(/[;,]/);
  else if (Array.isArray(value)) names = value;
  else return { ok: false, message: "must be a list of map names" };
  let mask = 0;
  for (const raw of names) {
    if (typeof raw !== "string") return { ok: false, message: "every map must be a string" };
    if (raw.trim() === "" && typeof value === "string") continue;
    const map = gameMapByName(raw);
    if (!map) return { ok: false, message: `unknown map "${raw}"; allowed: ${GAME_MAPS.map((m) => m.key).join(", ")}` };
    mask |= map.bit;
  }
  return { ok: true, mask };
}

/** The maps of a bit set, in release order. */
export function gameMapsOf(mask: number): GameMap[] {
  return GAME_MAPS.filter((m) => (mask & m.bit) !== 0);
}

/**
 * The maps an item is known to be on: the v1 maps from `environments` (what the API and
 * imports keep current) and the others from `maps` (null: none known beyond the v1 ones).
 */
export function knownMapsMask(environments: number, maps: number | null): number {
  return (environments & V1_MAPS_MASK) | ((maps ?? 0) & ~V1_MAPS_MASK);
}
