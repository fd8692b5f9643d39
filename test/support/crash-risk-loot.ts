/**
 * The crash-risk document (docs/LOOT.md#warnings): one set of 20 entries of 200 units; the unit, API,
 * CLI and e2e tests all check this one.
 */
/** One source, one set of 20 entries, each rolling 200 units: 4,000 item rolls a crate. */
export function crashRiskContent(identifier = "7b1f4a52-3c58-4bde-9d7c-2a0e62a0c001"): Record<string, unknown> {
  return {
    Version: 2,
    Identifier: identifier,
    Title: "Too much loot",
    LootSources: [
      {
        SupplyCrateClassString: "SupplyCrate_Level03_C",
        Label: "Island White (Level 3)",
        MinItemSets: 1,
        MaxItemSets: 1,
        ItemSets: [
          {
            Label: "Everything",
            MinNumItems: 20,
            MaxNumItems: 20,
            ItemEntries: Array.from({ length: 20 }, (_, i) => ({
              EntryWeight: 1,
              MinQuantity: 200,
              MaxQuantity: 200,
              Items: [{ Class: `PrimalItemResource_Test${i}_C`, Weight: 1 }],
            })),
          },
        ],
      },
    ],
  };
}
