/**
 * The tag beside an item's or creature's name that tells it from the others of the same
 * name (three rows are called "Tek Rifle": the item and two mission copies), and which
 * rows are variants, so the search can put the thing itself first
 * (lib/catalogue/item-rank.ts). Read from the facts a row has, never guessed:
 *
 * 1. its kind of variant: a creature's from lib/catalogue/creature-variants.ts ("Boss ·
 *    Gamma", "Mission"), an item's from its path (a mission or VR copy);
 * 2. among rows of one name whose tags are still alike, the map their folder names
 *    (lib/catalogue/map-folders.ts) when that differs ("Mission · Genesis: Part 2");
 * 3. then the part of the class that differs from the others' ("Tek Cave" for
 *    Gigant_Character_BP_TekCave beside Gigant_Character_BP; "Refill" for a canteen).
 * 4. the same class under two folders (the X-Parasaur): the folder that holds it.
 *
 * A row with no tag after that is the thing itself. Linear in the rows (one map of names).
 * Pure: safe to import from client components.
 */
import { normalizedPhrase } from "./fold-text";
import { folderMap } from "./map-folders";

export interface TaggedRow {
  label: string;
  className: string;
  path: string;
  /** what kind of variant the row is, in words ("Mission"); "" for the thing itself */
  mark: string;
}

const MISSION_FOLDER = /\/(Missions?|MissionVariants)\//;
const MISSION_CLASS = /_(Gauntlet|STA|Sta|Mission|BogMission)(_|$)/;
const VR = /\/VR\//;

/** An item's kind of variant, in words: "Mission" or "VR" from its path and class; "" for the item itself. */
export function itemMark(path: string, className: string): string {
  if (VR.test(path)) return "VR";
  if (MISSION_FOLDER.test(path) || MISSION_CLASS.test(className.replace(/_C$/, ""))) return "Mission";
  return "";
}

/** "Gigant_Character_BP_TekCave" after "Gigant_Character_BP": "Tek Cave". */
function classRest(className: string, common: number): string {
  return words(className.replace(/_C$/, "").slice(common));
}

function commonPrefix(names: readonly string[]): number {
  let n = 0;
  const first = names[0]!;
  while (n < first.length && names.every((s) => s[n] === first[n])) n++;
  return n;
}

/** Each row's tag (see above), in the rows' order. */
export function variantTags(rows: readonly TaggedRow[]): string[] {
  const tags = rows.map((r) => r.mark);
  const byName = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const name = normalizedPhrase(r.label);
    const group = byName.get(name);
    if (group) group.push(i);
    else byName.set(name, [i]);
  });
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    for (const alike of sameTags(group, tags)) {
      const maps = alike.map((i) => folderMap(rows[i]!.path)?.name ?? "");
      if (new Set(maps).size > 1) alike.forEach((i, k) => (tags[i] = join(tags[i]!, maps[k]!)));
    }
    const named = group.map((i) => rows[i]!.className.replace(/_C$/, ""));
    for (const alike of sameTags(group, tags)) {
      const classes = alike.map((i) => rows[i]!.className.replace(/_C$/, ""));
      const rests = classRests(classes, named);
      alike.forEach((i, k) => (tags[i] = join(tags[i]!, rests[k]!)));
    }
    // The same class under two folders: the folder that holds it.
    for (const alike of sameTags(group, tags))
      for (const i of alike) tags[i] = join(tags[i]!, rows[i]!.path.split("/").at(-2) ?? "");
  }
  return tags;
}

const words = (name: string) =>
  name
    .replace(/_+/g, " ")
    .replace(/(?<=[a-z])(?=[A-Z])/g, " ")
    .trim();

/**
 * What tells classes apart: a class that extends another's of the name
 * (Bigfoot_Character_BP_Aggressive) by what it adds to the shortest of them; of the rest,
 * one alone is the thing itself, several are told apart by what differs after their
 * common start. When that leaves two alike (two "STA" copies of
 * different classes), what differs after the classes' common start.
 */
function classRests(classes: readonly string[], named: readonly string[]): string[] {
  const roots: number[] = [];
  const rests = classes.map((c, k) => {
    const base = named.filter((o) => o.length < c.length && c.startsWith(o)).sort((a, b) => a.length - b.length)[0];
    if (base === undefined) roots.push(k);
    return base === undefined ? "" : classRest(c, base.length);
  });
  if (roots.length > 1) {
    const common = commonPrefix(roots.map((k) => classes[k]!));
    for (const k of roots) rests[k] = classRest(classes[k]!, common);
  }
  if (new Set(rests).size === rests.length) return rests;
  const common = commonPrefix(classes);
  return classes.map((c) => classRest(c, common));
}

const join = (a: string, b: string) => (a && b ? `${a} · ${b}` : a || b);

/** The rows of a group whose tags are alike, in groups of two or more. */
function sameTags(group: readonly number[], tags: readonly string[]): number[][] {
  const by = new Map<string, number[]>();
  for (const i of group) {
    const list = by.get(tags[i]!);
    if (list) list.push(i);
    else by.set(tags[i]!, [i]);
  }
  return [...by.values()].filter((g) => g.length > 1);
}
