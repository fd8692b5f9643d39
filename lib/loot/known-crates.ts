/**
 * Supply crates the service knows by class: their label, maps, colour and quality
 * multipliers. First the six of the desktop client's Default Loot.beacon
 * (lib/loot/templates), with its colours and order; then every other crate and drop of the
 * game's data (lib/loot/data/crate-choices-ase.json, derived from game-crates-ase.json by
 * scripts/derive-loot-indexes.ts: its title, maps and quality multiplier; the data has no
 * colour or kind, so those stay empty and "Standard"). A Game.ini line names only the crate
 * class; this is what an import fills in, and what the loot editor offers.
 */
import choices from "./data/crate-choices-ase.json";
export interface KnownCrate {
  crateClass: string;
  label: string;
  kind: string;
  availability: number;
  multiplierMin: number;
  multiplierMax: number;
  uiColor: string;
  sortValue: number;
}

export const KNOWN_CRATES: readonly KnownCrate[] = [
  {
    crateClass: "SupplyCrate_Level03_C",
    label: "Island White (Level 3)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "FFFFFF00",
    sortValue: 0,
  },
  {
    crateClass: "SupplyCrate_Level15_C",
    label: "Island Green (Level 15)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "00FF0000",
    sortValue: 2,
  },
  {
    crateClass: "SupplyCrate_Level25_C",
    label: "Island Blue (Level 25)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "88C8FF00",
    sortValue: 4,
  },
  {
    crateClass: "SupplyCrate_Level35_C",
    label: "Island Purple (Level 35)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "E6BAFF00",
    sortValue: 6,
  },
  {
    crateClass: "SupplyCrate_Level45_C",
    label: "Island Yellow (Level 45)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "FFF02A00",
    sortValue: 8,
  },
  {
    crateClass: "SupplyCrate_Level60_C",
    label: "Island Red (Level 60)",
    kind: "Standard",
    availability: 13,
    multiplierMin: 1,
    multiplierMax: 1,
    uiColor: "FFBABA00",
    sortValue: 10,
  },
];

/** The editor's crate list: Default Loot's six, then the game's by map in release order. */
export const CRATE_GROUPS: readonly { name: string; crates: readonly KnownCrate[] }[] = [
  { name: "Default Loot's crates", crates: KNOWN_CRATES },
  ...(choices.groups as { name: string; crates: [string, string, number, number, number][] }[]).map((g) => ({
    name: g.name,
    crates: g.crates.map(([crateClass, label, availability, multiplierMin, multiplierMax]) => ({
      crateClass,
      label,
      kind: "Standard",
      availability,
      multiplierMin,
      multiplierMax,
      uiColor: "",
      sortValue: 0,
    })),
  })),
];

const BY_CLASS = new Map(CRATE_GROUPS.flatMap((g) => g.crates).map((c) => [c.crateClass.toLowerCase(), c]));

export function knownCrate(crateClass: string): KnownCrate | undefined {
  return BY_CLASS.get(crateClass.toLowerCase());
}
