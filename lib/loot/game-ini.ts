/**
 * The one Game.ini writer: a loot document's `ConfigOverrideSupplyCrateItems` lines
 * under `[/script/shootergame.shootergamemode]`, as LOOT-FORMAT.md describes the 2017
 * client's export: relative weights, counts clamped to the number of children, quality
 * numbers from tiers, multipliers and difficulty, blueprint chance 0 for items that
 * cannot be blueprinted, class strings or BlueprintGeneratedClass paths. The export
 * route, the document page's copy box and the CLI all write through here.
 *
 * Game.ini has no escape syntax, so text from the document is made inert before it is
 * written: quotes, control characters (CR/LF: no injected lines or sections) and, in
 * class strings and paths, anything outside the characters such names use are removed.
 */
import { withoutControlCharacters } from "@/lib/text/control-characters";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "./loot-document";
import { iniNumber } from "./ini-number";
import { qualityNumber } from "./quality";
import { shares } from "./shares";

export const GAME_INI_SECTION = "[/script/shootergame.shootergamemode]";
export const SUPPLY_CRATE_KEY = "ConfigOverrideSupplyCrateItems";

/** Beacon's name for the Scorched Earth desert crate; the game shares the ocean one (sic). */
const CRATE_ALIASES: Record<string, string> = {
  "Beacon:ScorchedEarthDesertCrate_C": "SupplyCreate_OceanInstant_High_C",
};

export interface GameIniOptions {
  /** the document's DifficultyValue unless overridden (`?difficulty=`) */
  difficulty: number;
  /** the catalogue's can_blueprint; items it does not know count as blueprintable */
  canBlueprint: (item: LootItem) => boolean;
}

/** Free text inside "...": no quotes, no control characters. */
const text = (s: string) => withoutControlCharacters(s).replace(/"/g, "");
/** Class strings and blueprint paths: the characters such names use, nothing else. */
const name = (s: string) => s.replace(/[^A-Za-z0-9_./:-]/g, "");
const bool = (b: boolean) => (b ? "true" : "false");
const count = (n: number) => iniNumber(Math.max(0, Math.round(n)));
const clamp = (n: number, children: number) => count(Math.min(Math.max(0, n), children));

export function crateClassString(source: LootSource): string {
  return CRATE_ALIASES[source.crateClass] ?? name(source.crateClass);
}

/** An entry can give a blueprint when at least one of its items can be blueprinted. */
export function entryBlueprintChance(entry: LootEntry, canBlueprint: (item: LootItem) => boolean): number {
  const chance = Math.min(Math.max(entry.blueprintChance, 0), 1);
  return entry.items.some(canBlueprint) ? chance : 0;
}

function entryText(entry: LootEntry, weight: number, source: LootSource, options: GameIniOptions): string {
  const items = source.useBlueprints
    ? `Items=(${entry.items.map((i) => `BlueprintGeneratedClass'${name(i.path)}_C'`).join(",")})`
    : `ItemClassStrings=(${entry.items.map((i) => `"${name(i.class)}"`).join(",")})`;
  const chance = entryBlueprintChance(entry, options.canBlueprint);
  return [
    `EntryWeight=${iniNumber(weight)}`,
    items,
    `ItemsWeights=(${shares(entry.items.map((i) => i.weight))
      .map(iniNumber)
      .join(",")})`,
    `MinQuantity=${count(entry.minQuantity)}`,
    `MaxQuantity=${count(entry.maxQuantity)}`,
    `MinQuality=${iniNumber(qualityNumber(entry.minQuality, source.multiplierMin, options.difficulty))}`,
    `MaxQuality=${iniNumber(qualityNumber(entry.maxQuality, source.multiplierMax, options.difficulty))}`,
    `bForceBlueprint=${bool(chance >= 1)}`,
    `ChanceToBeBlueprintOverride=${iniNumber(chance)}`,
  ].join(",");
}

function setText(set: LootItemSet, weight: number, source: LootSource, options: GameIniOptions): string {
  const weights = shares(set.entries.map((e) => e.weight));
  return [
    `SetName="${text(set.label)}"`,
    `MinNumItems=${clamp(set.minItems, set.entries.length)}`,
    `MaxNumItems=${clamp(set.maxItems, set.entries.length)}`,
    `NumItemsPower=${iniNumber(set.itemsPower)}`,
    `SetWeight=${iniNumber(weight)}`,
    `bItemsRandomWithoutReplacement=${bool(set.itemsRandomWithoutReplacement)}`,
    `ItemEntries=(${set.entries.map((e, i) => `(${entryText(e, weights[i]!, source, options)})`).join(",")})`,
  ].join(",");
}

/** One `ConfigOverrideSupplyCrateItems=` line, without a line break. */
export function supplyCrateLine(source: LootSource, options: GameIniOptions): string {
  const weights = shares(source.itemSets.map((s) => s.weight));
  const fields = [
    `SupplyCrateClassString="${crateClassString(source)}"`,
    `MinItemSets=${clamp(source.minItemSets, source.itemSets.length)}`,
    `MaxItemSets=${clamp(source.maxItemSets, source.itemSets.length)}`,
    `NumItemSetsPower=${iniNumber(source.itemSetsPower)}`,
    `bSetsRandomWithoutReplacement=${bool(source.setsRandomWithoutReplacement)}`,
    `ItemSets=(${source.itemSets.map((s, i) => `(${setText(s, weights[i]!, source, options)})`).join(",")})`,
  ];
  return `${SUPPLY_CRATE_KEY}=(${fields.join(",")})`;
}

export interface CrateLine {
  /** the crate class string as written in the line */
  crate: string;
  line: string;
}

/** One line per loot source with the crate it overrides (what a merge replaces by). */
export function crateLines(doc: LootDocument, options: GameIniOptions): CrateLine[] {
  return doc.sources.map((s) => ({ crate: crateClassString(s), line: supplyCrateLine(s, options) }));
}

/** The whole file: the section header and one line per loot source, each ending in "\n". */
export function writeGameIni(doc: LootDocument, options: GameIniOptions): string {
  return [GAME_INI_SECTION, ...crateLines(doc, options).map((c) => c.line)].join("\n") + "\n";
}
