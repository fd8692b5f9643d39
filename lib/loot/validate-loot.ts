/**
 * What is wrong in a loot document, and where: the editor shows each issue next to its
 * field and lists them all; the save path (lib/loot-editor/save-loot-document) checks
 * the same list on the server.
 *
 * Errors block saving; they are what the game or the 2017 client cannot use: a
 * document without a title (the API refuses it), a source without a crate class (its
 * line changes no crate), an entry without items (the game would pick it and have
 * nothing to give), an item naming nothing, a number that is not one, or a value
 * outside what its key may hold. Everything the game takes anyway is a warning: an
 * empty item set, a minimum above its maximum, weights that are all 0, an item the
 * catalogue does not know (a mod not registered here), two sources for one crate.
 */
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "./loot-document";
import { QUALITY_TIERS } from "./quality";
import { descriptionProblem, titleProblem } from "@/lib/documents/text-limits";

export type IssueSeverity = "error" | "warning";

export interface LootIssue {
  /** [] the document, [s] a source, [s, t] an item set, [s, t, e] an entry, [s, t, e, i] an item */
  path: number[];
  /** the model field it is about (e.g. "minQuantity"), or undefined for the part as a whole */
  field?: string;
  severity: IssueSeverity;
  message: string;
}

export interface ValidateOptions {
  /** whether the catalogue knows the item; without it items are not checked */
  isKnownItem?: (item: LootItem) => boolean;
}

/** Characters a class string may hold (the Game.ini writer drops any other). */
const CLASS_NAME = /^[A-Za-z0-9_./:-]+$/;

class Issues {
  readonly list: LootIssue[] = [];
  error(path: number[], field: string | undefined, message: string) {
    this.list.push({ path, field, severity: "error", message });
  }
  warn(path: number[], field: string | undefined, message: string) {
    this.list.push({ path, field, severity: "warning", message });
  }
  /** A number field: finite, not negative, and (for counts) whole. */
  number(
    path: number[],
    field: string,
    value: number,
    what: string,
    o: { whole?: boolean; positive?: boolean } = {},
  ): boolean {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.error(path, field, `${what}: enter a number.`);
      return false;
    }
    if (o.positive ? value <= 0 : value < 0) {
      this.error(path, field, `${what} must be ${o.positive ? "above 0" : "0 or more"}.`);
      return false;
    }
    if (o.whole && !Number.isInteger(value))
      this.warn(path, field, `${what} is a count: the game gets ${Math.round(value)}.`);
    return true;
  }
  range(path: number[], fields: [string, string], min: number, max: number, what: string) {
    if (
      this.number(path, fields[0], min, `Minimum ${what}`, { whole: true }) &&
      this.number(path, fields[1], max, `Maximum ${what}`, { whole: true }) &&
      min > max
    )
      this.warn(path, fields[0], `The minimum ${what} (${min}) is above the maximum (${max}).`);
  }
  weights(path: number[], weights: number[], what: string) {
    if (weights.length > 0 && weights.every((w) => !(w > 0)))
      this.warn(path, undefined, `No ${what} has a weight above 0: the game never picks one.`);
  }
}

const hasNul = (s: string) => s.includes("\u0000");

function checkItem(issues: Issues, item: LootItem, path: number[], source: LootSource, options: ValidateOptions) {
  issues.number(path, "weight", item.weight, "Item weight");
  if (!item.class && !item.path) return issues.error(path, "class", "This item names no class or path.");
  if (item.class && !CLASS_NAME.test(item.class)) issues.error(path, "class", `"${item.class}" is not a class name.`);
  if (source.useBlueprints && !item.path)
    issues.error(
      path,
      "path",
      "This source writes blueprint paths and this item has none: pick it from the catalogue.",
    );
  if (options.isKnownItem && !options.isKnownItem(item))
    issues.warn(
      path,
      "class",
      `The catalogue does not know ${item.class || item.path}: check the class (items of mods not registered here are fine).`,
    );
}

function checkEntry(issues: Issues, entry: LootEntry, path: number[], source: LootSource, options: ValidateOptions) {
  issues.number(path, "weight", entry.weight, "Entry weight");
  issues.range(path, ["minQuantity", "maxQuantity"], entry.minQuantity, entry.maxQuantity, "quantity");
  if (QUALITY_TIERS.indexOf(entry.minQuality) > QUALITY_TIERS.indexOf(entry.maxQuality))
    issues.warn(path, "minQuality", "The minimum quality is above the maximum.");
  if (issues.number(path, "blueprintChance", entry.blueprintChance, "Blueprint chance") && entry.blueprintChance > 1)
    issues.error(path, "blueprintChance", "The blueprint chance is at most 100%.");
  if (entry.items.length === 0)
    issues.error(path, undefined, "This entry has no item: the game would pick it and have nothing to give.");
  issues.weights(
    path,
    entry.items.map((i) => i.weight),
    "item of this entry",
  );
  entry.items.forEach((item, i) => checkItem(issues, item, [...path, i], source, options));
}

function checkSet(issues: Issues, set: LootItemSet, path: number[], source: LootSource, options: ValidateOptions) {
  issues.number(path, "weight", set.weight, "Set weight");
  issues.range(path, ["minItems", "maxItems"], set.minItems, set.maxItems, "number of items");
  issues.number(path, "itemsPower", set.itemsPower, "Items power");
  if (set.entries.length === 0)
    issues.warn(path, undefined, "This item set is empty: when the game picks it, it gives nothing.");
  issues.weights(
    path,
    set.entries.map((e) => e.weight),
    "entry of this set",
  );
  set.entries.forEach((entry, e) => checkEntry(issues, entry, [...path, e], source, options));
}

function checkSource(
  issues: Issues,
  source: LootSource,
  s: number,
  crates: Map<string, number>,
  options: ValidateOptions,
) {
  const path = [s];
  if (!source.crateClass) issues.error(path, "crateClass", "Choose a crate: a line without one changes no crate.");
  else if (!CLASS_NAME.test(source.crateClass))
    issues.error(path, "crateClass", `"${source.crateClass}" is not a class name.`);
  else if (crates.get(source.crateClass.toLowerCase()) !== s)
    issues.warn(path, "crateClass", "Another source overrides the same crate: the game uses one line per crate.");
  issues.range(path, ["minItemSets", "maxItemSets"], source.minItemSets, source.maxItemSets, "number of item sets");
  issues.number(path, "itemSetsPower", source.itemSetsPower, "Item sets power");
  for (const field of ["multiplierMin", "multiplierMax"] as const) {
    const what = field === "multiplierMin" ? "Minimum quality multiplier" : "Maximum quality multiplier";
    if (issues.number(path, field, source[field], what, { positive: true }) && source[field] * 1.2 - 0.2 <= 0)
      issues.warn(
        path,
        field,
        `${what} ${source[field]} is too small to scale quality: the numbers are written unscaled.`,
      );
  }
  if (source.itemSets.length === 0)
    issues.warn(path, undefined, "This source has no item set: the crate would drop nothing.");
  issues.weights(
    path,
    source.itemSets.map((t) => t.weight),
    "item set of this source",
  );
  source.itemSets.forEach((set, t) => checkSet(issues, set, [s, t], source, options));
}

export function validateLoot(doc: LootDocument, options: ValidateOptions = {}): LootIssue[] {
  const issues = new Issues();
  // The portal's limits (lib/documents/text-limits): the editor's one rule with the upload's.
  const titleIssue = titleProblem(doc.title);
  if (titleIssue) issues.error([], "title", titleIssue);
  const descriptionIssue = descriptionProblem(doc.description);
  if (descriptionIssue) issues.error([], "description", descriptionIssue);
  if (hasNul(doc.title)) issues.error([], "title", "The title must not contain NUL characters.");
  if (hasNul(doc.description)) issues.error([], "description", "The description must not contain NUL characters.");
  issues.number([], "difficulty", doc.difficulty, "Difficulty", { positive: true });
  // The first source of each crate; later ones are flagged as repeats.
  const crates = new Map<string, number>();
  doc.sources.forEach((s, i) => {
    const key = s.crateClass.toLowerCase();
    if (s.crateClass && !crates.has(key)) crates.set(key, i);
  });
  doc.sources.forEach((source, s) => checkSource(issues, source, s, crates, options));
  return issues.list;
}

export function blocksSaving(issues: readonly LootIssue[]): boolean {
  return issues.some((i) => i.severity === "error");
}
