/**
 * Sentences the spawn page shows when a control leaves the list empty or short, so the
 * reader learns why instead of meeting an empty table.
 * Pure: safe to import from client components.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import type { SpawnMod } from "./spawn-filter";
import type { SpawnScope } from "./spawn-scope";
import type { SpawnTab } from "./spawn-view";

/** "A", "A or B", "A, B or C" */
export function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The ticked maps no row of the page is marked for. */
export function emptyMaps(maps: number, counts: readonly number[]): string[] {
  return ENVIRONMENTS.filter((_, i) => maps & (1 << i) && (counts[i] ?? 0) === 0);
}

/** Why a ticked map shows nothing: "No item in this catalogue is marked for Ragnarok." */
export function mapNotice(maps: number, counts: readonly number[]): string | null {
  const names = emptyMaps(maps, counts);
  return names.length === 0 ? null : `No item in this catalogue is marked for ${orList(names)}.`;
}

/** True when the ticked maps alone leave nothing to show: every one of them has no item. */
export function mapsLeaveNothing(maps: number, counts: readonly number[]): boolean {
  return maps !== 0 && ENVIRONMENTS.every((_, i) => !(maps & (1 << i)) || (counts[i] ?? 0) === 0);
}

/** What a tab lists, in words: "engram"/"creature" (the toolbar, notices, status lines). */
export const tabNoun = (tab: SpawnTab): string => (tab === "creatures" ? "creature" : "engram");

const BASE_CREATURES = "Beacon Hub ships the base game's engrams only, not its creatures";

/** What a tab says when its scope has nothing at all, plainly, instead of an empty table. */
export function emptyCatalogueNotice(tab: SpawnTab, scope: SpawnScope, mods: readonly SpawnMod[]): string {
  const names = orList(mods.map((m) => m.name));
  const noun = `${tabNoun(tab)}s`;
  if (scope.kind === "mods") return `${names} ${mods.length > 1 ? "list" : "lists"} no ${noun} yet.`;
  if (tab === "items")
    return scope.kind === "base"
      ? "The base game's catalogue is empty: the operator has not loaded it."
      : "No engrams are listed yet.";
  if (scope.kind === "base")
    return `The base game's creatures are not in this catalogue: ${BASE_CREATURES}. Mods list their own creatures on their pages.`;
  return `No mod lists creatures yet, and the base game's are not in this catalogue: ${BASE_CREATURES}.`;
}

/** On a Creatures tab that would hold the base game's creatures, why they are missing. */
export function baseCreaturesNote(tab: SpawnTab, scope: SpawnScope, hasBaseGame: boolean): string | null {
  return tab === "creatures" && scope.kind === "all" && !hasBaseGame
    ? `The base game's creatures are not listed: ${BASE_CREATURES}.`
    : null;
}
