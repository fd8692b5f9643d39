/**
 * The item categories the spawn page filters by: the game's item types as the shipped
 * catalogue gives them (the `category` column, docs/CATALOGUE.md), grouped and named as
 * players call them. Armour is by slot; the shield slot holds shields and the chibi
 * pets. Rows carry a category's number (0: not known, as for every mod's item), so
 * 20,000 rows stay small. Order: the filter's.
 * Pure: safe to import from client components.
 */
export interface ItemCategory {
  /** the URL value (`cat=saddles`) */
  key: string;
  name: string;
  /** the data's types it groups */
  types: readonly string[];
}

export const ITEM_CATEGORIES: readonly ItemCategory[] = [
  { key: "weapons", name: "Weapons", types: ["Weapon"] },
  { key: "attachments", name: "Weapon attachments", types: ["WeaponAttachment"] },
  { key: "ammunition", name: "Ammunition", types: ["Ammo"] },
  { key: "armour-head", name: "Armour: head", types: ["Equipment/Hat"] },
  { key: "armour-chest", name: "Armour: chest", types: ["Equipment/Shirt"] },
  { key: "armour-hands", name: "Armour: hands", types: ["Equipment/Gloves"] },
  { key: "armour-legs", name: "Armour: legs", types: ["Equipment/Pants"] },
  { key: "armour-feet", name: "Armour: feet", types: ["Equipment/Boots"] },
  { key: "shields", name: "Shields and chibi pets", types: ["Equipment/Shield"] },
  { key: "saddles", name: "Saddles", types: ["Equipment/DinoSaddle"] },
  { key: "costumes", name: "Costumes", types: ["Equipment/Costume"] },
  { key: "skins", name: "Skins", types: ["Skin"] },
  { key: "trophies", name: "Trophies", types: ["Equipment/Trophy"] },
  { key: "structures", name: "Structures", types: ["Structure"] },
  { key: "resources", name: "Resources", types: ["Resource"] },
  { key: "consumables", name: "Consumables (food, eggs, seeds, recipes…)", types: ["MiscConsumable/Food"] },
  { key: "water", name: "Water containers", types: ["MiscConsumable/Water"] },
  { key: "other-consumables", name: "Other consumables (dyes…)", types: ["MiscConsumable/Other"] },
  { key: "artifacts", name: "Artifacts", types: ["Artifact"] },
];

/** The number rows carry for "not known": mods' items, and the data's items without a type. */
export const NO_CATEGORY = 0;

const BY_TYPE = new Map<string, number>(ITEM_CATEGORIES.flatMap((c, i) => c.types.map((t) => [t, i + 1] as const)));

/** A category column's number in rows: 1 + its index in ITEM_CATEGORIES, or NO_CATEGORY. */
export function categoryNumber(type: string | null): number {
  return (type !== null && BY_TYPE.get(type)) || NO_CATEGORY;
}

/** The category of a row's number, or undefined for NO_CATEGORY. */
export const categoryOf = (n: number): ItemCategory | undefined => ITEM_CATEGORIES[n - 1];

/** The number of a URL value; NO_CATEGORY for "unknown"; -1 for nothing ("all"). */
export function categoryFromParam(value: string | undefined): number {
  if (!value) return -1;
  if (value === "unknown") return NO_CATEGORY;
  const i = ITEM_CATEGORIES.findIndex((c) => c.key === value);
  return i < 0 ? -1 : i + 1;
}

export const categoryToParam = (n: number): string | null =>
  n < 0 ? null : n === NO_CATEGORY ? "unknown" : (ITEM_CATEGORIES[n - 1]?.key ?? null);
