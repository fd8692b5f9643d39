/**
 * An item of the catalogue as the loot editor knows it: what its picker offers and what
 * it shows for the items a document names (name, mod, whether it can be a blueprint).
 * Plain data: the editor's client component imports it.
 */
import type { EngramJson } from "@/lib/engrams/engram-json";

export interface CatalogueItem {
  label: string;
  class: string;
  path: string;
  canBlueprint: boolean;
  /** workshop id, null for the base game */
  modId: string | null;
  modName: string | null;
  /** what tells it from other items of its name ("Mission · Genesis: Part 2": lib/catalogue/variant-tags); absent or "" for the item itself */
  tag?: string;
}

export function catalogueItem(e: EngramJson): CatalogueItem {
  return {
    label: e.label,
    class: e.class,
    path: e.path,
    canBlueprint: e.can_blueprint,
    modId: e.mod_id === null ? null : String(e.mod_id),
    modName: e.mod_name,
  };
}

/** Who an item comes from, for people: its mod's name, or the base game. */
export function itemOrigin(item: CatalogueItem): string {
  return item.modId === null ? "Base game" : (item.modName ?? `Mod ${item.modId}`);
}
