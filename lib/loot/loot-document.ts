/**
 * The loot model: a version-2 Beacon document (LOOT-FORMAT "Document content") read
 * into typed sources, item sets and entries. The one place that parses `LootSources`:
 * the loot view, the Game.ini export, the CLI and the tests all read documents here.
 *
 * Content is untrusted and older or newer clients may lack any key, so reading never
 * throws: a missing or mistyped value takes the client's default, an element that is
 * not an object is skipped and noted in `problems` (readLootDocument says what is not
 * a loot document at all). Each level keeps its original object (`raw`) so a later
 * writer can keep the keys this model does not know.
 */
import { classOf } from "@/lib/engrams/class-of";
import { readMapMask } from "./maps";
import { DEFAULT_DIFFICULTY, parseQualityTier, type QualityTier } from "./quality";

type Json = Record<string, unknown>;

export interface LootItem {
  /** e.g. PrimalItemResource_Wood_C: from `Class`, else derived from `Path` */
  class: string;
  /** blueprint path, "" when the document has none */
  path: string;
  weight: number;
}

export interface LootEntry {
  weight: number;
  items: LootItem[];
  minQuantity: number;
  maxQuantity: number;
  minQuality: QualityTier;
  maxQuality: QualityTier;
  /** 0..1 */
  blueprintChance: number;
  raw: Json;
}

export interface LootItemSet {
  label: string;
  minItems: number;
  maxItems: number;
  itemsPower: number;
  weight: number;
  itemsRandomWithoutReplacement: boolean;
  entries: LootEntry[];
  raw: Json;
}

export interface LootSource {
  /** SupplyCrateClassString */
  crateClass: string;
  label: string;
  kind: string;
  /** map bits (lib/loot/maps) */
  availability: number;
  minItemSets: number;
  maxItemSets: number;
  itemSetsPower: number;
  setsRandomWithoutReplacement: boolean;
  multiplierMin: number;
  multiplierMax: number;
  useBlueprints: boolean;
  /** RRGGBBAA, or "" when missing or malformed */
  uiColor: string;
  sortValue: number;
  itemSets: LootItemSet[];
  raw: Json;
}

export interface LootDocument {
  version: number | null;
  title: string;
  description: string;
  /** DifficultyValue; 4 when missing, -1 or not a positive number */
  difficulty: number;
  /** Map bits */
  maps: number;
  sources: LootSource[];
  /** what was skipped while reading, in plain words */
  problems: string[];
  raw: Json;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);

/** The objects of an array key; anything else in it is reported, not read. */
function objects(value: unknown, what: string, problems: string[]): Json[] {
  if (!Array.isArray(value)) return [];
  const out = value.filter(isObject);
  if (out.length < value.length)
    problems.push(
      `${value.length - out.length} ${what} ${value.length - out.length === 1 ? "is" : "are"} not an object and ${value.length - out.length === 1 ? "was" : "were"} skipped`,
    );
  return out;
}

function readItem(raw: Json): LootItem {
  const path = str(raw.Path);
  return { class: str(raw.Class) || (path ? classOf(path) : ""), path, weight: num(raw.Weight, 1) };
}

function readEntry(raw: Json, where: string, problems: string[]): LootEntry {
  const minQuality = parseQualityTier(raw.MinQuality);
  const maxQuality = parseQualityTier(raw.MaxQuality);
  if ((raw.MinQuality !== undefined && !minQuality) || (raw.MaxQuality !== undefined && !maxQuality))
    problems.push(`${where}: an unknown quality tier was read as Tier1`);
  return {
    weight: num(raw.EntryWeight, 1),
    items: objects(raw.Items, `items of ${where}`, problems).map(readItem),
    minQuantity: num(raw.MinQuantity, 1),
    maxQuantity: num(raw.MaxQuantity, 1),
    minQuality: minQuality ?? "Tier1",
    maxQuality: maxQuality ?? minQuality ?? "Tier1",
    blueprintChance: num(raw.ChanceToBeBlueprintOverride, 0),
    raw,
  };
}

function readItemSet(raw: Json, where: string, problems: string[]): LootItemSet {
  const label = str(raw.Label);
  const here = `${where}, set "${label}"`;
  return {
    label,
    minItems: num(raw.MinNumItems, 1),
    maxItems: num(raw.MaxNumItems, 1),
    itemsPower: num(raw.NumItemsPower, 1),
    weight: num(raw.SetWeight, 1),
    itemsRandomWithoutReplacement: bool(raw.bItemsRandomWithoutReplacement, true),
    entries: objects(raw.ItemEntries, `entries of ${here}`, problems).map((e) => readEntry(e, here, problems)),
    raw,
  };
}

function readSource(raw: Json, problems: string[]): LootSource {
  const crateClass = str(raw.SupplyCrateClassString);
  const label = str(raw.Label) || crateClass;
  const color = str(raw.UIColor);
  return {
    crateClass,
    label,
    kind: str(raw.Kind, "Standard"),
    availability: readMapMask(raw.Availability),
    minItemSets: num(raw.MinItemSets, 1),
    maxItemSets: num(raw.MaxItemSets, 1),
    itemSetsPower: num(raw.NumItemSetsPower, 1),
    setsRandomWithoutReplacement: bool(raw.bSetsRandomWithoutReplacement, true),
    multiplierMin: num(raw.Multiplier_Min, 1),
    multiplierMax: num(raw.Multiplier_Max, 1),
    useBlueprints: bool(raw.UseBlueprints, false),
    uiColor: /^[0-9a-f]{8}$/i.test(color) ? color.toUpperCase() : "",
    sortValue: num(raw.SortValue, 0),
    itemSets: objects(raw.ItemSets, `item sets of "${label}"`, problems).map((s) =>
      readItemSet(s, `"${label}"`, problems),
    ),
    raw,
  };
}

/** The document's difficulty: DifficultyValue when a positive number, else the client's 4. */
export function documentDifficulty(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : DEFAULT_DIFFICULTY;
}

/** An element shaped like a loot source of this format (other clients' sources look different). */
const looksLikeSource = (v: unknown) => isObject(v) && ("SupplyCrateClassString" in v || "ItemSets" in v);

/**
 * A parsed content value as a loot document, or null when it is not one: no
 * `LootSources` array, or one whose elements are none of them shaped like this format's
 * sources (a later client's format: the page then shows its summary instead).
 */
export function readLootDocument(content: unknown): LootDocument | null {
  if (!isObject(content) || !Array.isArray(content.LootSources)) return null;
  if (content.LootSources.length > 0 && !content.LootSources.some(looksLikeSource)) return null;
  const problems: string[] = [];
  return {
    version: typeof content.Version === "number" ? content.Version : null,
    title: str(content.Title),
    description: str(content.Description),
    difficulty: documentDifficulty(content.DifficultyValue),
    maps: readMapMask(content.Map),
    sources: objects(content.LootSources, "loot sources", problems).map((s) => readSource(s, problems)),
    problems,
    raw: content,
  };
}
