/**
 * The loot model back to version-2 document content (LOOT-FORMAT "Document content"),
 * the keys and types the 2017 client reads. Each level starts from the object it was
 * read from (`raw`), so keys this model does not know are kept where they were, and
 * the keys it knows are written from the model: a document read and written unchanged
 * is the same JSON value.
 */
import type { LootDocument, LootEntry, LootItemSet, LootSource } from "./loot-document";

type Json = Record<string, unknown>;

function entryJson(e: LootEntry): Json {
  return {
    ...e.raw,
    ChanceToBeBlueprintOverride: e.blueprintChance,
    EntryWeight: e.weight,
    Items: e.items.map((i) => ({ Class: i.class, Path: i.path, Weight: i.weight })),
    MaxQuality: e.maxQuality,
    MaxQuantity: e.maxQuantity,
    MinQuality: e.minQuality,
    MinQuantity: e.minQuantity,
  };
}

function setJson(s: LootItemSet): Json {
  return {
    ...s.raw,
    bItemsRandomWithoutReplacement: s.itemsRandomWithoutReplacement,
    ItemEntries: s.entries.map(entryJson),
    Label: s.label,
    MaxNumItems: s.maxItems,
    MinNumItems: s.minItems,
    NumItemsPower: s.itemsPower,
    SetWeight: s.weight,
  };
}

function sourceJson(s: LootSource): Json {
  return {
    ...s.raw,
    Availability: s.availability,
    bSetsRandomWithoutReplacement: s.setsRandomWithoutReplacement,
    ItemSets: s.itemSets.map(setJson),
    Kind: s.kind,
    Label: s.label,
    MaxItemSets: s.maxItemSets,
    MinItemSets: s.minItemSets,
    Multiplier_Max: s.multiplierMax,
    Multiplier_Min: s.multiplierMin,
    NumItemSetsPower: s.itemSetsPower,
    SortValue: s.sortValue,
    SupplyCrateClassString: s.crateClass,
    UIColor: s.uiColor || "FFFFFF00",
    UseBlueprints: s.useBlueprints,
  };
}

/** `identifier` is required for a document that was not read from content (an import). */
export function writeLootDocument(doc: LootDocument, identifier?: string): Json {
  const id = identifier ?? doc.raw.Identifier;
  return {
    ...doc.raw,
    Description: doc.description,
    DifficultyValue: doc.difficulty,
    ...(id === undefined ? {} : { Identifier: id }),
    LootSources: doc.sources.map(sourceJson),
    Map: doc.maps,
    ...("Public" in doc.raw ? {} : { Public: true }),
    Title: doc.title,
    Version: 2,
  };
}
