/**
 * The game's own loot containers (ASE), from lib/loot/data/game-crates-ase.json (its
 * SOURCES.md says where every field comes from). Read once per process, and only when a
 * page or command first asks: the file is 1.8 MB and most requests never need it.
 *
 * Each container gets a page path /loot/<map>/<class>: <map> is the first map in release
 * order whose spawn list has it, else the first of Beacon's maps for it, else "any"
 * (creature drops). The one class the data has twice (a Large Beaver Dam on Lost Island and
 * on Ragnarok) differs there.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { GAME_MAPS, gameMapByName, type GameMap } from "@/lib/catalogue/game-maps";
import { appRoot } from "@/lib/server/app-root";
import { DEFAULT_DIFFICULTY } from "./quality";
import type { OddsSource } from "./odds/shape";

export const GAME_CRATES_FILE = "lib/loot/data/game-crates-ase.json";

interface Range {
  min: number;
  max: number;
  pow: number;
}

export interface GameCrateEntry {
  name: string;
  weight: number;
  rollOneItemOnly: boolean;
  qty: Range;
  quality: Range;
  bpChance: number;
  /** [weight, class]; the class is null where the game data has none */
  items: [number, string | null][];
}

export interface GameCrateSet {
  name: string;
  weight: number;
  canRepeatItems: boolean;
  qtyScale: Range;
  entries: GameCrateEntry[];
}

export interface GameCrate {
  class: string;
  kind: "crate" | "drop";
  label: string | null;
  maps: string[];
  beaconMaps: string[];
  noRepeatsInSets: boolean;
  qualityMult: { min: number; max: number };
  setQty: Range;
  sets: GameCrateSet[];
}

interface GameCrateFile {
  about: unknown;
  itemPaths: Record<string, string>;
  crates: GameCrate[];
}

export interface GameCrateRef {
  crate: GameCrate;
  /** URL segment of its map ("island", "any") */
  map: string;
  /** the map as players know it, or null for "any" */
  mapName: string | null;
  /** what pages call it: the label, else the class */
  title: string;
  path: string;
}

let file: GameCrateFile | undefined;
let refs: GameCrateRef[] | undefined;

/**
 * A file of lib/loot/data by name, from the working directory or the app's own folder. The
 * folder is written out literally: a path built from a variable makes the build trace the
 * whole project into the server's output.
 */
export function lootDataPath(name: string): string {
  const here = join(process.cwd(), "lib", "loot", "data", name);
  if (existsSync(here) || !process.argv[1]) return here;
  return join(appRoot(pathToFileURL(process.argv[1]).href), "lib", "loot", "data", name);
}

function load(): GameCrateFile {
  file ??= JSON.parse(readFileSync(lootDataPath("game-crates-ase.json"), "utf8")) as GameCrateFile;
  return file;
}

/** The object path of an item class, when the data has one. */
export function gameItemPath(cls: string): string | undefined {
  return load().itemPaths[cls];
}

/** The first in release order (GAME_MAPS) of the maps whose spawn lists have it, else of Beacon's maps for it. */
const mapOf = (crate: GameCrate): GameMap | undefined => {
  const first = (names: string[]) =>
    names
      .map(gameMapByName)
      .filter((m): m is GameMap => m !== undefined)
      .sort((a, b) => GAME_MAPS.indexOf(a) - GAME_MAPS.indexOf(b))[0];
  return first(crate.maps) ?? first(crate.beaconMaps);
};

export function gameCrates(): GameCrateRef[] {
  refs ??= load().crates.map((crate) => {
    const map = mapOf(crate);
    const segment = map ? map.key.toLowerCase() : "any";
    return {
      crate,
      map: segment,
      mapName: map?.name ?? null,
      title: crate.label ?? crate.class,
      path: `/loot/${segment}/${encodeURIComponent(crate.class)}`,
    };
  });
  return refs;
}

export function findGameCrate(map: string, cls: string): GameCrateRef | undefined {
  const m = map.toLowerCase();
  const c = cls.toLowerCase();
  return gameCrates().find((r) => r.map === m && r.crate.class.toLowerCase() === c);
}

/** The crates of a class (usually one), for "start from the game's default". */
export function gameCratesOfClass(cls: string): GameCrateRef[] {
  const c = cls.trim().toLowerCase();
  return gameCrates().filter((r) => r.crate.class.toLowerCase() === c);
}

/** A game crate as the odds engine reads it, at the client's default difficulty. */
export function gameCrateOddsSource(crate: GameCrate, difficulty = DEFAULT_DIFFICULTY): OddsSource {
  return {
    setCount: crate.setQty,
    setsWithoutReplacement: crate.noRepeatsInSets,
    qualityMultiplier: crate.qualityMult,
    difficulty,
    sets: crate.sets.map((set) => ({
      label: set.name,
      weight: set.weight,
      items: set.qtyScale,
      withoutReplacement: !set.canRepeatItems,
      entries: set.entries.map((entry) => ({
        weight: entry.weight,
        items: entry.items.map(([weight, cls]) => ({ key: cls ?? "", weight })),
        quantity: entry.qty,
        quality: entry.quality,
        blueprintChance: Math.min(Math.max(entry.bpChance, 0), 1),
        singleItem: entry.rollOneItemOnly,
      })),
    })),
  };
}

/** The loot editor's crate list (lib/loot/known-crates.ts reads it from lib/loot/data/crate-choices-ase.json). */
export interface CrateChoiceFile {
  about: string;
  /** by map in release order, then the crates of no map; each crate once, by title */
  groups: {
    name: string;
    crates: [crateClass: string, label: string, availability: number, min: number, max: number][];
  }[];
}

export const CRATE_CHOICES_FILE = "lib/loot/data/crate-choices-ase.json";

/**
 * Every class of the game's crates except `skip` (the ones the editor knows better), once: a
 * class the data has twice (the Large Beaver Dam) is one choice whose maps are both's.
 * Availability is the bit set of its maps (lib/loot/maps.ts), the multipliers its quality multiplier.
 */
export function computeCrateChoices(skip: readonly string[]): CrateChoiceFile {
  const skipped = new Set(skip.map((c) => c.toLowerCase()));
  const byClass = new Map<string, { ref: GameCrateRef; mask: number }>();
  for (const ref of gameCrates()) {
    const key = ref.crate.class.toLowerCase();
    if (skipped.has(key)) continue;
    const mask = [...ref.crate.maps, ...ref.crate.beaconMaps].reduce(
      (m, name) => m | (gameMapByName(name)?.bit ?? 0),
      0,
    );
    const seen = byClass.get(key);
    byClass.set(key, seen ? { ref: seen.ref, mask: seen.mask | mask } : { ref, mask });
  }
  const groups = [
    ...GAME_MAPS.map((m) => ({ key: m.key.toLowerCase(), name: m.name })),
    { key: "any", name: "Creature and other drops" },
  ]
    .map((g) => ({
      name: g.name,
      crates: [...byClass.values()]
        .filter((c) => c.ref.map === g.key)
        .sort(
          (a, b) => a.ref.title.localeCompare(b.ref.title, "en") || a.ref.crate.class.localeCompare(b.ref.crate.class),
        )
        .map(
          ({ ref, mask }) =>
            [ref.crate.class, ref.title, mask, ref.crate.qualityMult.min, ref.crate.qualityMult.max] as [
              string,
              string,
              number,
              number,
              number,
            ],
        ),
    }))
    .filter((g) => g.crates.length > 0);
  return {
    about:
      "The loot editor's crates beyond Default Loot.beacon's six: every other class of game-crates-ase.json once, by map, as [class, title, availability bit set, quality multiplier min, max]. Written by scripts/derive-loot-indexes.ts.",
    groups,
  };
}
