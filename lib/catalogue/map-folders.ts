/**
 * The map an object's path names with certainty (docs/CATALOGUE.md, "Maps from folders"):
 * the game keeps each map's own content under a folder of that map's name
 * (`/Game/Genesis2/...`, `/Game/Mods/CrystalIsles/...`), so an ASE base-game item or
 * creature under such a folder is on that map, whatever the data sets leave unknown.
 * Shared folders (`/Game/PrimalEarth/`, `/Game/EndGame/`, `/Game/Packs/`) name no map.
 * Cosmetics (skins, costumes: classes `PrimalItemSkin_...`, `PrimalItemCostume_...`) are
 * worn on every map whatever folder holds them, so the folder says nothing of them.
 * ARK: Survival Ascended's maps are not these (docs/CATALOGUE.md, "Two games"): the rule
 * is for ASE rows only, and a mod's rows keep only what their author says.
 * Pure: safe to import from client components.
 */
import type { Game } from "./game";
import { GAME_MAPS, knownMapsMask, type GameMap } from "./game-maps";

/** The folder after `/Game/` (or `/Game/Mods/`) and the map key it names. */
const FOLDERS: readonly (readonly [folder: string, key: string])[] = [
  ["ScorchedEarth", "Scorched"],
  ["Aberration", "Aberration"],
  ["Extinction", "Extinction"],
  ["Genesis", "Genesis"],
  ["Genesis2", "Genesis2"],
  ["Mods/Ragnarok", "Ragnarok"],
  ["Mods/Valguero", "Valguero"],
  ["Valguero", "Valguero"],
  ["Mods/CrystalIsles", "CrystalIsles"],
  ["LostIsland", "LostIsland"],
  ["Mods/LostIsland", "LostIsland"],
  ["Fjordur", "Fjordur"],
  ["Mods/FjordurOfficial", "Fjordur"],
];

const BY_FOLDER = new Map(FOLDERS.map(([folder, key]) => [folder, GAME_MAPS.find((m) => m.key === key)!]));
const FOLDER = /^\/Game\/((?:Mods\/)?[^/]+)\//;
const COSMETIC = /\/PrimalItem(Skin|Costume)_[^/]*$/;

/** Whether a path is a cosmetic's: a skin or costume class, worn on any map. */
export const isCosmetic = (path: string) => COSMETIC.test(path);

/** The map whose own folder holds the path, or null (a shared folder, a cosmetic, a path of no known folder). */
export function folderMap(path: string): GameMap | null {
  if (isCosmetic(path)) return null;
  const m = FOLDER.exec(path);
  return (m && BY_FOLDER.get(m[1]!)) ?? null;
}

/** The bit of folderMap, 0 when it names none. */
export const folderMapBit = (path: string) => folderMap(path)?.bit ?? 0;

/**
 * Every map a catalogue row is known on, as pages and the `facts` list show it: the
 * row's own maps (game-maps.ts knownMapsMask) and, for an ASE base-game row, the map its
 * folder names.
 */
export function placedMapsMask(row: {
  environments: number;
  maps: number | null;
  path: string;
  modId: string | null;
  game: Game;
}): number {
  const known = knownMapsMask(row.environments, row.maps);
  return row.game === "ase" && row.modId === null ? known | folderMapBit(row.path) : known;
}
