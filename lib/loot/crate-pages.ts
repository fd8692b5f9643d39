/**
 * What the game's crate pages show (docs/LOOT.md#the-games-crates): a crate's odds table
 * in the order asked, its items named as the catalogue names them, and the crate search
 * ("tek rifle": the crates that drop it, most likely first; "red": the crates so named).
 * Plain TypeScript over lib/loot/game-crates, lib/loot/item-drops and the odds engine; the
 * pages under app/loot only adapt it.
 */
import { foldedWords, foldText } from "@/lib/catalogue/fold-text";
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { entryHref } from "@/lib/spawn/entry-address";
import { gameCrateOddsSource, gameCrates, type GameCrateRef } from "./game-crates";
import { droppedClasses, itemDrops, type ItemDrop } from "./item-drops";
import { DEFAULT_COUNT_RULE, isCountRule, type CountRule } from "./odds/count-rule";
import { sourceOdds, type ItemOdds, type SourceOdds } from "./odds/odds";

export const ODDS_SORTS = ["likely", "rarest", "item"] as const;
export type OddsSort = (typeof ODDS_SORTS)[number];

/** An item as the pages name it: the catalogue's label and page when the base game has it, else its class. */
export interface CrateItemName {
  label: string;
  /** its spawn page, when the catalogue has it */
  href: string | null;
}

export interface CrateView {
  ref: GameCrateRef;
  rule: CountRule;
  sort: OddsSort;
  odds: SourceOdds;
  /** the odds' items in the order asked, each with its name */
  rows: OddsRow[];
  /** the catalogue's names of the crate's items, by lowercase class (nameOf reads it) */
  names: Map<string, CrateItemName>;
}

export function parseCrateQuery(query: Record<string, string | string[] | undefined>): {
  rule: CountRule;
  sort: OddsSort;
} {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const rule = one(query.rule);
  const sort = one(query.sort);
  return {
    rule: isCountRule(rule) ? rule : DEFAULT_COUNT_RULE,
    sort: (ODDS_SORTS as readonly string[]).includes(sort ?? "") ? (sort as OddsSort) : "likely",
  };
}

/** The base game's names of these item classes (any case), by lowercase class. */
export async function itemNames(db: Db, classes: readonly string[]): Promise<Map<string, CrateItemName>> {
  const keys = [...new Set(classes.filter(Boolean).map((c) => c.toLowerCase()))];
  // In chunks: the search asks for every class some crate drops (over a thousand).
  const rows = await findInChunks(keys, (part) =>
    db.engram.findMany({
      where: { classKey: { in: part }, modId: null, game: "ase" },
      select: { className: true, classKey: true, label: true, uid: true },
    }),
  );
  rows.sort((a, b) => a.uid.localeCompare(b.uid));
  const names = new Map<string, CrateItemName>();
  for (const row of rows)
    if (!names.has(row.classKey)) names.set(row.classKey, { label: row.label, href: entryHref(null, row.className) });
  return names;
}

export const nameOf = (names: Map<string, CrateItemName>, cls: string): CrateItemName =>
  names.get(cls.toLowerCase()) ?? { label: cls || "Nothing the data names", href: null };

// A crate's odds never change while the process runs; the largest take half a second.
const oddsCache = new Map<string, SourceOdds>();

function crateOdds(ref: GameCrateRef, rule: CountRule): SourceOdds {
  const key = `${ref.path} ${rule}`;
  let odds = oddsCache.get(key);
  if (!odds) {
    odds = sourceOdds(gameCrateOddsSource(ref.crate), { rule });
    oddsCache.set(key, odds);
  }
  return odds;
}

export type OddsRow = ItemOdds & { name: CrateItemName };

/** The odds' items, each with its name, in the order asked (a game crate's or a document source's). */
export function oddsRows(odds: SourceOdds, names: Map<string, CrateItemName>, sort: OddsSort): OddsRow[] {
  const rows = odds.items.map((item) => ({ ...item, name: nameOf(names, item.key) }));
  const byName = (a: OddsRow, b: OddsRow) =>
    a.name.label.localeCompare(b.name.label, "en") || a.key.localeCompare(b.key);
  return rows.sort(
    sort === "item"
      ? byName
      : sort === "rarest"
        ? (a, b) => a.atLeastOne.value - b.atLeastOne.value || byName(a, b)
        : (a, b) => b.atLeastOne.value - a.atLeastOne.value || byName(a, b),
  );
}

export async function crateView(db: Db, ref: GameCrateRef, rule: CountRule, sort: OddsSort): Promise<CrateView> {
  const odds = crateOdds(ref, rule);
  const names = await itemNames(db, crateItemClasses(ref));
  return { ref, rule, sort, odds, rows: oddsRows(odds, names, sort), names };
}

/** The item classes of a crate's entries ("" where the data names none). */
export function crateItemClasses(ref: GameCrateRef): string[] {
  return ref.crate.sets.flatMap((s) => s.entries.flatMap((e) => e.items.map(([, cls]) => cls ?? "")));
}

export interface ItemCrates {
  cls: string;
  name: CrateItemName;
  drops: ItemDrop[];
}

export interface CrateSearch {
  words: string[];
  /** items whose name or class has every word, the most widely dropped first */
  items: ItemCrates[];
  /** crates whose name, class or map has every word */
  crates: GameCrateRef[];
}

/** Items shown for one search, each with all its crates. */
export const MAX_SEARCH_ITEMS = 12;

/** "tek rifle": the crates of the items so named; "red": the crates so named. Empty words find nothing. */
export async function searchCrates(db: Db, q: string): Promise<CrateSearch> {
  const words = foldedWords(foldText(q));
  if (words.length === 0) return { words, items: [], crates: [] };
  const has = (text: string) => {
    const folded = foldText(text);
    return words.every((w) => folded.includes(w));
  };
  const classes = droppedClasses();
  const names = await itemNames(db, classes);
  const items = classes
    .map((cls) => ({ cls, name: nameOf(names, cls) }))
    .filter(({ cls, name }) => has(`${name.label} ${cls}`))
    .map(({ cls, name }) => ({ cls, name, drops: itemDrops(cls) }))
    .sort((a, b) => b.drops.length - a.drops.length || a.name.label.localeCompare(b.name.label, "en"))
    .slice(0, MAX_SEARCH_ITEMS);
  const crates = gameCrates().filter((ref) => has(`${ref.title} ${ref.crate.class} ${ref.mapName ?? ""}`));
  return { words, items, crates };
}
