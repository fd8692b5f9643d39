/**
 * The catalogue's two kinds of item (docs/CONTRACT.md#creatures): engrams (things a player is given:
 * `giveitem`) and creatures (dinos: `spawndino`). Both follow the same rules, kept once
 * in this folder: path, label, mod_id and environments on input; class and uid derived
 * from the path; owned by a confirmed mod or (no mod) by the base game; a path belongs to
 * one mod per kind. They differ in their table, their spawn command, can_blueprint
 * (engrams only) and the v1 endpoint that serves them.
 */
export type ItemKind = "engrams" | "creatures";

export const ITEM_KINDS: readonly ItemKind[] = ["engrams", "creatures"];

export interface ItemKindSpec {
  kind: ItemKind;
  /** "engram": for messages ("Item 0: the engram ... changed") */
  noun: string;
  /** the v1 endpoint's file name */
  endpoint: string;
}

export const itemKinds: Record<ItemKind, ItemKindSpec> = {
  engrams: { kind: "engrams", noun: "engram", endpoint: "engram.php" },
  creatures: { kind: "creatures", noun: "creature", endpoint: "creature.php" },
};

const isAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * The `kind` column of a CSV row or key of a JSON row in an engram file (the operator's
 * import, pull files): "engram"/"creature", singular or plural, any case; absent or
 * empty is an engram, so files written before creatures existed mean what they meant.
 */
export function parseItemKind(value: unknown): ItemKind | null {
  if (isAbsent(value)) return "engrams";
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (v === "engram" || v === "engrams") return "engrams";
  if (v === "creature" || v === "creatures") return "creatures";
  return null;
}

/**
 * parseItemKind for a file pushed or uploaded as one kind (`creatures push`, the
 * dashboard's creature upload): a row naming no kind is of that kind.
 */
export function parseItemKindOr(value: unknown, absent: ItemKind): ItemKind | null {
  return isAbsent(value) ? absent : parseItemKind(value);
}
