/**
 * Supply crates the service knows by class: their label, maps, colour and quality
 * multipliers, as the desktop client's Default Loot.beacon (lib/loot/templates) gives
 * them. A Game.ini line names only the crate class; this is what an import fills in.
 */
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

const BY_CLASS = new Map(KNOWN_CRATES.map((c) => [c.crateClass.toLowerCase(), c]));

export function knownCrate(crateClass: string): KnownCrate | undefined {
  return BY_CLASS.get(crateClass.toLowerCase());
}
