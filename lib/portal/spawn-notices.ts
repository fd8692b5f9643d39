/**
 * Sentences the spawn page shows when a control leaves the list empty or short, so the
 * reader learns why instead of meeting an empty table.
 * Pure: safe to import from client components.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";

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
