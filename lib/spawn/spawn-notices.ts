/**
 * Sentences the spawn page shows when a control leaves the list empty or short, so the
 * reader learns why instead of meeting an empty table.
 * Pure: safe to import from client components.
 */
import { GAME_MAPS } from "@/lib/catalogue/game-maps";
import type { SpawnMod } from "./spawn-filter";
import type { SpawnScope } from "./spawn-scope";
import type { SpawnTab } from "./spawn-view";

/** "A", "A or B", "A, B or C" */
export function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The ticked maps no row of the page is marked for, by name (counts in GAME_MAPS order). */
export function emptyMaps(maps: number, counts: readonly number[]): string[] {
  return GAME_MAPS.filter((m, i) => maps & m.bit && (counts[i] ?? 0) === 0).map((m) => m.name);
}

/** Why a ticked map shows nothing: "No item in this catalogue is marked for Ragnarok." */
export function mapNotice(maps: number, counts: readonly number[]): string | null {
  const names = emptyMaps(maps, counts);
  return names.length === 0 ? null : `No item in this catalogue is marked for ${orList(names)}.`;
}

/** True when the ticked maps alone leave nothing to show: every one of them has no item. */
export function mapsLeaveNothing(maps: number, counts: readonly number[]): boolean {
  return maps !== 0 && GAME_MAPS.every((m, i) => !(maps & m.bit) || (counts[i] ?? 0) === 0);
}

/** What a tab lists, in words: "engram"/"creature" (the toolbar, notices, status lines). */
export const tabNoun = (tab: SpawnTab): string => (tab === "creatures" ? "creature" : "engram");

/** What a tab says when its scope has nothing at all, plainly, instead of an empty table. */
/** What the ASA item tab says whatever it lists: the base game's items are not there, and why. */
export const ASA_ITEMS_NOTE =
  "No public data set lists ARK: Survival Ascended's items with their paths, so this tab lists only the items ASA mod authors push and operators import.";

export function emptyCatalogueNotice(tab: SpawnTab, scope: SpawnScope, mods: readonly SpawnMod[]): string {
  if (tab === "items" && scope.game === "asa" && scope.kind !== "mods") return ASA_ITEMS_NOTE;
  const names = orList(mods.map((m) => m.name));
  const noun = `${tabNoun(tab)}s`;
  if (scope.kind === "mods") return `${names} ${mods.length > 1 ? "list" : "lists"} no ${noun} yet.`;
  if (scope.kind === "base")
    return `The base game's ${noun} are not loaded: the operator has not loaded the catalogue.`;
  return `No ${noun} are listed yet.`;
}

/** On a Creatures tab that would hold the base game's creatures, that this server has none loaded. */
export function baseCreaturesNote(tab: SpawnTab, scope: SpawnScope, hasBaseGame: boolean): string | null {
  return tab === "creatures" && scope.kind === "all" && !hasBaseGame
    ? "The base game's creatures are not loaded on this server: only mods' creatures are listed."
    : null;
}

/** "A", "A and B", "A, B and C" */
const andList = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * What a GFI code on this page is unique among: the engrams its codes were computed over
 * (lib/spawn/spawn-catalogue's gfiMods: the base game's and the page's mods'; every mod
 * on the all-mods page), and when the full command is the safer one. `cheat gfi` gives
 * the first item whose class holds the code, so a server with other mods loaded may
 * match one of theirs first.
 */
export function gfiScopeNote(scope: SpawnScope, mods: readonly SpawnMod[]): string {
  const among =
    scope.kind === "all"
      ? "the base game's items and those of every mod this site lists"
      : scope.kind === "base"
        ? "the base game's items only"
        : `the base game's items and ${andList(mods.map((m) => m.name))}'s`;
  const others = scope.kind === "all" ? "mods this site does not list" : "other mods";
  return (
    `A GFI code is the shortest part of a class name unique among ${among}. ` +
    `On a server that also runs ${others}, a code may give one of their items instead: ` +
    "use the full command there, for another player, and in saved scripts."
  );
}
