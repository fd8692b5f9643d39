/**
 * What the loot view on /documents/<id> shows, computed from the loot model: each
 * source with its maps and colour, each item set with its chance among the source's
 * sets, each entry with its weight in its set, and each item resolved through the
 * catalogue (name, mod, spawn row) or, when the catalogue does not know it, by class.
 * Percentages come from lib/loot/shares, the same arithmetic as the Game.ini writer.
 */
import type { ItemResolver } from "@/lib/catalogue/resolve-items";
import { entryBlueprintChance } from "@/lib/loot/game-ini";
import { itemKey } from "@/lib/loot/item-keys";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "@/lib/loot/loot-document";
import { mapLabels, type MapName } from "@/lib/loot/maps";
import { qualityName } from "@/lib/loot/quality";
import { percent, shares } from "@/lib/loot/shares";

export interface LootItemView {
  name: string;
  /** false: not in the catalogue, `name` is the class */
  known: boolean;
  class: string;
  path: string;
  /** share of the entry's choice when it has several items */
  share: string | null;
  spawnHref: string | null;
  mod: { name: string; href: string } | null;
  /**
   * The documents that drop it (this one included), when another one does too: a link
   * to "the documents that drop this" helps only when it lists more than this page.
   */
  documents: { count: number; href: string } | null;
}

export interface LootEntryView {
  weight: string;
  quantity: string;
  quality: string;
  /** the chance the game is given (0 when no item can be blueprinted) */
  blueprint: string;
  items: LootItemView[];
}

export interface LootSetView {
  name: string;
  chance: string;
  items: string;
  entries: LootEntryView[];
}

export interface LootSourceView {
  label: string;
  crateClass: string;
  maps: MapName[];
  /** CSS colour (#RRGGBB) from UIColor, or null */
  color: string | null;
  sets: string;
  entryCount: number;
  multipliers: string | null;
  itemSets: LootSetView[];
}

export interface LootView {
  maps: MapName[];
  difficulty: number;
  sourceCount: number;
  setCount: number;
  entryCount: number;
  /** different items (by path or class) across all entries */
  itemCount: number;
  sources: LootSourceView[];
  problems: string[];
}

const range = (min: number, max: number) => (min === max ? String(min) : `${min}–${max}`);

function spawnHref(modId: number | null, className: string): string {
  const q = new URLSearchParams();
  if (modId !== null) q.set("mod_id", String(modId));
  q.set("q", className);
  return `/spawn/?${q.toString()}`;
}

/** How many documents drop an item (lib/documents/documents-dropping). */
export type DropCounter = (key: string) => number;

function documentsLink(item: LootItem, dropping: DropCounter): LootItemView["documents"] {
  const key = itemKey(item);
  const count = key ? dropping(key) : 0;
  // By the path's uid (32 characters, however long the path): a large document has thousands of these links.
  const query = key?.startsWith("u:") ? key.slice(2) : encodeURIComponent(item.class);
  return count > 1 ? { count, href: `/documents?item=${query}` } : null;
}

function entryView(entry: LootEntry, weight: number, resolve: ItemResolver, dropping: DropCounter): LootEntryView {
  const itemShares = shares(entry.items.map((i) => i.weight));
  const blueprint = entryBlueprintChance(entry, (i) => resolve(i)?.can_blueprint ?? true);
  return {
    weight: percent(weight),
    quantity: range(entry.minQuantity, entry.maxQuantity),
    quality:
      entry.minQuality === entry.maxQuality
        ? qualityName(entry.minQuality)
        : `${qualityName(entry.minQuality)} – ${qualityName(entry.maxQuality)}`,
    blueprint: percent(blueprint),
    items: entry.items.map((item, i) => {
      const engram = resolve(item);
      return {
        name: engram?.label ?? (item.class || item.path || "(no item)"),
        known: engram !== undefined,
        class: engram?.class ?? item.class,
        path: item.path,
        share: entry.items.length > 1 ? percent(itemShares[i]!) : null,
        spawnHref: engram ? spawnHref(engram.mod_id, engram.class) : null,
        mod:
          engram && engram.mod_id !== null
            ? { name: engram.mod_name ?? `Mod ${engram.mod_id}`, href: `/spawn/?mod_id=${engram.mod_id}` }
            : null,
        documents: documentsLink(item, dropping),
      };
    }),
  };
}

function setView(set: LootItemSet, chance: number, resolve: ItemResolver, dropping: DropCounter): LootSetView {
  const weights = shares(set.entries.map((e) => e.weight));
  return {
    name: set.label || "(unnamed set)",
    chance: percent(chance),
    items: range(set.minItems, set.maxItems),
    entries: set.entries.map((e, i) => entryView(e, weights[i]!, resolve, dropping)),
  };
}

function sourceView(source: LootSource, resolve: ItemResolver, dropping: DropCounter): LootSourceView {
  const chances = shares(source.itemSets.map((s) => s.weight));
  const multipliers =
    source.multiplierMin === 1 && source.multiplierMax === 1 ? null : range(source.multiplierMin, source.multiplierMax);
  return {
    label: source.label || "(unnamed source)",
    crateClass: source.crateClass,
    maps: mapLabels(source.availability),
    color: source.uiColor ? `#${source.uiColor.slice(0, 6)}` : null,
    sets: range(source.minItemSets, source.maxItemSets),
    entryCount: source.itemSets.reduce((n, set) => n + set.entries.length, 0),
    multipliers,
    itemSets: source.itemSets.map((s, i) => setView(s, chances[i]!, resolve, dropping)),
  };
}

export function lootView(doc: LootDocument, resolve: ItemResolver, dropping: DropCounter = () => 0): LootView {
  const items = lootItems(doc);
  return {
    maps: mapLabels(doc.maps),
    difficulty: doc.difficulty,
    sourceCount: doc.sources.length,
    setCount: doc.sources.reduce((n, s) => n + s.itemSets.length, 0),
    entryCount: doc.sources.reduce((n, s) => n + s.itemSets.reduce((m, set) => m + set.entries.length, 0), 0),
    itemCount: new Set(items.map((i) => itemKey(i) ?? i.class)).size,
    sources: doc.sources.map((s) => sourceView(s, resolve, dropping)),
    problems: doc.problems,
  };
}

/** Every item a document names, for one catalogue lookup. */
export function lootItems(doc: LootDocument) {
  return doc.sources.flatMap((s) => s.itemSets.flatMap((set) => set.entries.flatMap((e) => e.items)));
}
