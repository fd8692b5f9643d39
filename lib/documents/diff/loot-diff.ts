/**
 * What changed between two loot documents, in loot terms: the document's title,
 * description, difficulty and maps; loot sources, item sets and entries added, removed or
 * changed. Weights are shown as the chances the loot view shows (lib/loot/shares: a set
 * among its source's sets, an entry within its set, an item within its entry) with the
 * weight itself beside them; quantities, quality ranges and blueprint chances as the
 * view writes them.
 *
 * A change is reported where the document changed: an entry whose weight went from 1 to
 * 3 is one change, although every other entry of its set now has a smaller chance (the
 * siblings' own values did not change). Parts are matched by what identifies them, not
 * by position: sources by crate class, item sets by label, entries by the items they
 * give, each in order among equals; so moving a part is no change. An entry whose items
 * changed is matched with the entry of the other revision that shares an item with it,
 * nearest position first, and reported as one change ("entry 1 (Tek Rifle or Fabricated
 * Pistol): added Tek Rifle; weight 1 → 3 (33.3% → 60% of its set)"); one that shares none
 * is one removed and one added.
 *
 * Keys the loot model does not read (lib/loot/loot-document.ts) are compared too, as a
 * key-level JSON diff of each matched part (lib/documents/diff/json-diff.ts).
 */
import { itemKey } from "@/lib/loot/item-keys";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "@/lib/loot/loot-document";
import { mapLabels } from "@/lib/loot/maps";
import { qualityName } from "@/lib/loot/quality";
import { percent, shares } from "@/lib/loot/shares";
import { jsonDiff, keyPath, type JsonChange } from "./json-diff";
import { countOf } from "@/lib/portal/format";

/**
 * Adds every change of `more` to `list`. Not push(...more): spread arguments go on the
 * stack, and a document with a hundred thousand changed keys ran it out (a 500 for ?diff).
 */
function append<T>(list: T[], more: readonly T[]): void {
  for (const x of more) list.push(x);
}

export type LootChangeKind =
  | "document-changed"
  | "source-added"
  | "source-removed"
  | "source-changed"
  | "set-added"
  | "set-removed"
  | "set-changed"
  | "entry-added"
  | "entry-removed"
  | "entry-changed";

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export interface LootChange {
  kind: LootChangeKind;
  /** where: the source's label, the set's name, the entry's items ([] for the document) */
  where: string[];
  /** for *-changed: each field that changed, as the loot view shows it */
  fields: FieldChange[];
  /** one line for people: the page lists these and the CLI prints them */
  text: string;
}

export interface LootDiff {
  changes: LootChange[];
  /** keys outside the loot model */
  json: JsonChange[];
}

/** An item's name for people: its catalogue label when known. */
export type ItemNamer = (item: LootItem) => string;
const byClass: ItemNamer = (item) => item.class || item.path || "(no item)";

/** The keys of each level that the loot model reads; the others go to the JSON diff. */
const MODEL_KEYS = {
  document: ["Title", "Description", "DifficultyValue", "Map", "LootSources", "Identifier"],
  source: [
    "SupplyCrateClassString",
    "Label",
    "Kind",
    "Availability",
    "MinItemSets",
    "MaxItemSets",
    "NumItemSetsPower",
    "bSetsRandomWithoutReplacement",
    "Multiplier_Min",
    "Multiplier_Max",
    "UseBlueprints",
    "UIColor",
    "SortValue",
    "ItemSets",
  ],
  set: [
    "Label",
    "MinNumItems",
    "MaxNumItems",
    "NumItemsPower",
    "SetWeight",
    "bItemsRandomWithoutReplacement",
    "ItemEntries",
  ],
  entry: [
    "EntryWeight",
    "Items",
    "MinQuantity",
    "MaxQuantity",
    "MinQuality",
    "MaxQuality",
    "ChanceToBeBlueprintOverride",
  ],
} as const;
const skip = (level: keyof typeof MODEL_KEYS) => new Set<string>(MODEL_KEYS[level]);
const ITEM_KEYS = new Set(["Class", "Path", "Weight"]);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const range = (min: number, max: number) => (min === max ? String(min) : `${min}–${max}`);
const yesNo = (b: boolean) => (b ? "yes" : "no");
const MAX_TEXT = 80;
const quoted = (s: string) => `“${s.length <= MAX_TEXT ? s : `${s.slice(0, MAX_TEXT - 1)}…`}”`;
const maps = (bits: number) => mapLabels(bits).join(", ") || "none";
const quality = (e: LootEntry) =>
  e.minQuality === e.maxQuality
    ? qualityName(e.minQuality)
    : `${qualityName(e.minQuality)} – ${qualityName(e.maxQuality)}`;
const blueprint = (e: LootEntry) => percent(Math.min(Math.max(e.blueprintChance, 0), 1));

/** Pairs parts of two lists by key, each key's parts in order; the rest are added or removed. */
function pair<T>(a: T[], b: T[], key: (part: T) => string): { matched: [T, T][]; removed: T[]; added: T[] } {
  const waiting = new Map<string, T[]>();
  for (const part of b) {
    const k = key(part);
    waiting.set(k, [...(waiting.get(k) ?? []), part]);
  }
  const matched: [T, T][] = [];
  const removed: T[] = [];
  for (const part of a) {
    const other = waiting.get(key(part))?.shift();
    if (other) matched.push([part, other]);
    else removed.push(part);
  }
  const used = new Set(matched.map(([, other]) => other));
  return { matched, removed, added: b.filter((part) => !used.has(part)) };
}

/** A text field: changed when the texts differ, even where their shortened forms do not. */
function textField(field: string, a: string, b: string): [string, string, string][] {
  if (a === b) return [];
  const [from, to] = [quoted(a), quoted(b)];
  return [[field, from, from === to ? `${to} (${b.length} characters, was ${a.length})` : to]];
}

/** Fields of a pair of parts whose shown values differ. */
function fieldChanges(fields: [string, string, string][]): FieldChange[] {
  return fields.filter(([, from, to]) => from !== to).map(([field, from, to]) => ({ field, from, to }));
}

function changed(kind: LootChangeKind, where: string[], fields: FieldChange[]): LootChange[] {
  if (fields.length === 0) return [];
  const list = fields.map((f) => `${f.field} ${f.from} → ${f.to}`).join("; ");
  return [{ kind, where, fields, text: `${where.join(" › ")}: ${list}` }];
}

function one(kind: LootChangeKind, where: string[], text: string): LootChange {
  return { kind, where, fields: [], text };
}

const sourceName = (s: LootSource) => s.label || s.crateClass || "(unnamed source)";
const setName = (s: LootItemSet) => s.label || "(unnamed set)";
const entryKey = (e: LootEntry) =>
  e.items
    .map((i) => itemKey(i) ?? `?${i.class}|${i.path}`)
    .sort()
    .join("\n");
const entryCount = (s: LootSource) => s.itemSets.reduce((n, set) => n + set.entries.length, 0);

interface Context {
  name: ItemNamer;
  json: JsonChange[];
}

function entryName(e: LootEntry, name: ItemNamer): string {
  return e.items.length === 0 ? "(entry without items)" : e.items.map(name).join(" or ");
}

function entryDescription(e: LootEntry, chance: number): string {
  return `${percent(chance)} in its set, quantity ${range(e.minQuantity, e.maxQuantity)}, ${quality(e)}, blueprint ${blueprint(e)}`;
}

function itemShares(e: LootEntry, name: ItemNamer): string {
  const s = shares(e.items.map((i) => i.weight));
  return e.items.map((item, i) => `${name(item)} ${percent(s[i]!)} (weight ${item.weight})`).join(", ");
}

/**
 * Entries left over after matching by items are paired when they share an item, nearest
 * position first (an entry that gained the Tek Rifle is that entry, changed); what pairs
 * with nothing was removed or added.
 */
function pairBySharedItems(
  removed: LootEntry[],
  added: LootEntry[],
  position: (e: LootEntry) => number,
): { matched: [LootEntry, LootEntry][]; removed: LootEntry[]; added: LootEntry[] } {
  const keys = (e: LootEntry) => new Set(e.items.map((i) => itemKey(i) ?? `?${i.class}|${i.path}`));
  const candidates: { x: LootEntry; y: LootEntry; shared: number; distance: number }[] = [];
  for (const x of removed) {
    const kx = keys(x);
    for (const y of added) {
      const shared = [...keys(y)].filter((k) => kx.has(k)).length;
      if (shared > 0) candidates.push({ x, y, shared, distance: Math.abs(position(x) - position(y)) });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || b.shared - a.shared);
  const used = new Set<LootEntry>();
  const matched: [LootEntry, LootEntry][] = [];
  for (const c of candidates) {
    if (used.has(c.x) || used.has(c.y)) continue;
    used.add(c.x).add(c.y);
    matched.push([c.x, c.y]);
  }
  return { matched, removed: removed.filter((e) => !used.has(e)), added: added.filter((e) => !used.has(e)) };
}

/** Items of `b` that `a` lacks, by name. */
function itemsBeyond(a: LootEntry, b: LootEntry, name: ItemNamer): string[] {
  const inA = new Set(a.items.map((i) => itemKey(i) ?? `?${i.class}|${i.path}`));
  return b.items.filter((i) => !inA.has(itemKey(i) ?? `?${i.class}|${i.path}`)).map(name);
}

function diffEntries(a: LootItemSet, b: LootItemSet, where: string[], jsonPath: string, ctx: Context): LootChange[] {
  const [sa, sb] = [shares(a.entries.map((e) => e.weight)), shares(b.entries.map((e) => e.weight))];
  const chanceA = new Map(a.entries.map((e, i) => [e, sa[i]!]));
  const chanceB = new Map(b.entries.map((e, i) => [e, sb[i]!]));
  const same = pair(a.entries, b.entries, entryKey);
  const positions = new Map<LootEntry, number>([
    ...a.entries.map((e, i) => [e, i] as const),
    ...b.entries.map((e, i) => [e, i] as const),
  ]);
  const near = pairBySharedItems(same.removed, same.added, (e) => positions.get(e)!);
  const { removed, added } = near;
  const out: LootChange[] = [];
  for (const e of removed)
    out.push(
      one(
        "entry-removed",
        [...where, entryName(e, ctx.name)],
        `${where.join(" › ")}: removed entry ${entryName(e, ctx.name)} (was ${entryDescription(e, chanceA.get(e)!)})`,
      ),
    );
  for (const [x, y] of same.matched) {
    const name = entryName(y, ctx.name);
    const weight =
      x.weight === y.weight
        ? []
        : [
            [
              "chance",
              `${percent(chanceA.get(x)!)} (weight ${x.weight})`,
              `${percent(chanceB.get(y)!)} (weight ${y.weight})`,
            ] as [string, string, string],
          ];
    out.push(
      ...changed(
        "entry-changed",
        [...where, name],
        fieldChanges([
          ...weight,
          ["quantity", range(x.minQuantity, x.maxQuantity), range(y.minQuantity, y.maxQuantity)],
          ["quality", quality(x), quality(y)],
          ["blueprint chance", blueprint(x), blueprint(y)],
          ["items", itemShares(x, ctx.name), itemShares(y, ctx.name)],
        ]),
      ),
    );
    const path = keyPath(jsonPath, name);
    append(ctx.json, jsonDiff(x.raw, y.raw, path, skip("entry")));
    // Each item's own keys beyond Class, Path and Weight (the items of a matched pair are the same items).
    const rawItems = (e: LootEntry) => (Array.isArray(e.raw.Items) ? e.raw.Items.filter(isObject) : []);
    const [itemsA, itemsB] = [rawItems(x), rawItems(y)];
    x.items.forEach((item, i) => {
      const j = y.items.findIndex((other) => itemKey(other) === itemKey(item));
      if (j < 0 || !itemsA[i] || !itemsB[j]) return;
      append(ctx.json, jsonDiff(itemsA[i], itemsB[j], keyPath(path, ctx.name(item)), ITEM_KEYS));
    });
  }
  // An entry whose items changed: "entry 1: added Tek Rifle; weight 1 → 3 (33.3% → 60% of its set)".
  for (const [x, y] of near.matched) {
    const n = positions.get(y)! + 1;
    const gained = itemsBeyond(x, y, ctx.name);
    const lost = itemsBeyond(y, x, ctx.name);
    const fields: FieldChange[] = [
      ...(gained.length > 0 ? [{ field: "added", from: "", to: gained.join(", ") }] : []),
      ...(lost.length > 0 ? [{ field: "removed", from: lost.join(", "), to: "" }] : []),
      ...(x.weight === y.weight
        ? []
        : [
            {
              field: "weight",
              from: `${x.weight} (${percent(chanceA.get(x)!)} of its set)`,
              to: `${y.weight} (${percent(chanceB.get(y)!)} of its set)`,
            },
          ]),
      ...fieldChanges([
        ["quantity", range(x.minQuantity, x.maxQuantity), range(y.minQuantity, y.maxQuantity)],
        ["quality", quality(x), quality(y)],
        ["blueprint chance", blueprint(x), blueprint(y)],
      ]),
    ];
    const parts = fields.map((f) =>
      f.field === "added"
        ? `added ${f.to}`
        : f.field === "removed"
          ? `removed ${f.from}`
          : f.field === "weight"
            ? `weight ${x.weight} → ${y.weight} (${percent(chanceA.get(x)!)} → ${percent(chanceB.get(y)!)} of its set)`
            : `${f.field} ${f.from} → ${f.to}`,
    );
    const label = `entry ${n}`;
    out.push({
      kind: "entry-changed",
      where: [...where, label],
      fields,
      text: `${where.join(" › ")} › ${label} (${entryName(y, ctx.name)}): ${parts.join("; ")}`,
    });
    append(ctx.json, jsonDiff(x.raw, y.raw, keyPath(jsonPath, label), skip("entry")));
  }
  for (const e of added)
    out.push(
      one(
        "entry-added",
        [...where, entryName(e, ctx.name)],
        `${where.join(" › ")}: added entry ${entryName(e, ctx.name)} (${entryDescription(e, chanceB.get(e)!)})`,
      ),
    );
  return out;
}

function diffSets(a: LootSource, b: LootSource, where: string[], jsonPath: string, ctx: Context): LootChange[] {
  const [sa, sb] = [shares(a.itemSets.map((s) => s.weight)), shares(b.itemSets.map((s) => s.weight))];
  const chanceA = new Map(a.itemSets.map((s, i) => [s, sa[i]!]));
  const chanceB = new Map(b.itemSets.map((s, i) => [s, sb[i]!]));
  const { matched, removed, added } = pair(a.itemSets, b.itemSets, (s) => s.label);
  const out: LootChange[] = [];
  const described = (s: LootItemSet, chance: number) =>
    `chance ${percent(chance)}, ${countOf(s.entries.length, "entry", "entries")}, ${range(s.minItems, s.maxItems)} items per roll`;
  for (const s of removed)
    out.push(
      one(
        "set-removed",
        [...where, setName(s)],
        `${where.join(" › ")}: removed item set ${quoted(setName(s))} (was ${described(s, chanceA.get(s)!)})`,
      ),
    );
  for (const [x, y] of matched) {
    const here = [...where, setName(y)];
    const weight =
      x.weight === y.weight
        ? []
        : [
            [
              "chance",
              `${percent(chanceA.get(x)!)} (weight ${x.weight})`,
              `${percent(chanceB.get(y)!)} (weight ${y.weight})`,
            ] as [string, string, string],
          ];
    out.push(
      ...changed(
        "set-changed",
        here,
        fieldChanges([
          ...weight,
          ["items per roll", range(x.minItems, x.maxItems), range(y.minItems, y.maxItems)],
          ["item power", String(x.itemsPower), String(y.itemsPower)],
          ["each entry at most once", yesNo(x.itemsRandomWithoutReplacement), yesNo(y.itemsRandomWithoutReplacement)],
        ]),
      ),
    );
    const path = keyPath(jsonPath, setName(y));
    append(ctx.json, jsonDiff(x.raw, y.raw, path, skip("set")));
    append(out, diffEntries(x, y, here, path, ctx));
  }
  for (const s of added)
    out.push(
      one(
        "set-added",
        [...where, setName(s)],
        `${where.join(" › ")}: added item set ${quoted(setName(s))} (${described(s, chanceB.get(s)!)})`,
      ),
    );
  return out;
}

function diffSources(a: LootDocument, b: LootDocument, ctx: Context): LootChange[] {
  const { matched, removed, added } = pair(a.sources, b.sources, (s) => s.crateClass);
  const out: LootChange[] = [];
  const described = (s: LootSource) =>
    `${s.crateClass}, ${countOf(s.itemSets.length, "item set", "item sets")}, ${countOf(entryCount(s), "entry", "entries")}`;
  for (const s of removed)
    out.push(one("source-removed", [sourceName(s)], `Removed loot source ${quoted(sourceName(s))} (${described(s)})`));
  for (const [x, y] of matched) {
    const here = [sourceName(y)];
    out.push(
      ...changed(
        "source-changed",
        here,
        fieldChanges([
          ...textField("label", sourceName(x), sourceName(y)),
          ["kind", x.kind, y.kind],
          ["maps", maps(x.availability), maps(y.availability)],
          ["item sets per crate", range(x.minItemSets, x.maxItemSets), range(y.minItemSets, y.maxItemSets)],
          ["item set power", String(x.itemSetsPower), String(y.itemSetsPower)],
          ["each item set at most once", yesNo(x.setsRandomWithoutReplacement), yesNo(y.setsRandomWithoutReplacement)],
          ["quality multipliers", range(x.multiplierMin, x.multiplierMax), range(y.multiplierMin, y.multiplierMax)],
          ["items named by blueprint path", yesNo(x.useBlueprints), yesNo(y.useBlueprints)],
          ["colour", x.uiColor ? `#${x.uiColor}` : "none", y.uiColor ? `#${y.uiColor}` : "none"],
          ["sort value", String(x.sortValue), String(y.sortValue)],
        ]),
      ),
    );
    const path = keyPath("LootSources", y.crateClass);
    append(ctx.json, jsonDiff(x.raw, y.raw, path, skip("source")));
    append(out, diffSets(x, y, here, path, ctx));
  }
  for (const s of added)
    out.push(one("source-added", [sourceName(s)], `Added loot source ${quoted(sourceName(s))} (${described(s)})`));
  return out;
}

export function diffLoot(a: LootDocument, b: LootDocument, name: ItemNamer = byClass): LootDiff {
  const ctx: Context = { name, json: [] };
  const documentFields = fieldChanges([
    ...textField("Title", a.title, b.title),
    ...textField("Description", a.description, b.description),
    ["Difficulty", String(a.difficulty), String(b.difficulty)],
    ["Maps", maps(a.maps), maps(b.maps)],
  ]);
  const changes: LootChange[] = documentFields.map((f) => ({
    kind: "document-changed",
    where: [],
    fields: [f],
    text: `${f.field}: ${f.from} → ${f.to}`,
  }));
  append(ctx.json, jsonDiff(a.raw, b.raw, "", skip("document")));
  append(changes, diffSources(a, b, ctx));
  return { changes, json: ctx.json };
}
