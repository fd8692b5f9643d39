/**
 * A loot document's odds, one source at a time (/documents/<id>/odds, docs/LOOT.md#odds-on-the-portal):
 * the odds engine over the source as its Game.ini line will roll it, within a page's budget
 * (PAGE_ODDS_BUDGET), its items named through the catalogue as the document page names them.
 * One source a request: anyone may ask, so no request computes more than one source's odds.
 */
import type { ItemResolver } from "@/lib/catalogue/resolve-items";
import { oddsRows, type CrateItemName, type OddsRow, type OddsSort } from "@/lib/loot/crate-pages";
import type { LootDocument } from "@/lib/loot/loot-document";
import type { CountRule } from "@/lib/loot/odds/count-rule";
import { boundedSourceOdds, PAGE_ODDS_BUDGET, type SourceOdds } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";
import { entryHref } from "@/lib/spawn/entry-address";
import { lootItems } from "./loot-view";

export interface OddsSourceChoice {
  /** its place in the document (0-based), as ?source= names it */
  index: number;
  label: string;
  crateClass: string;
}

export type DocumentSourceOdds =
  | { odds: SourceOdds; rows: OddsRow[] }
  /** a crate that may roll more items than the odds engine rolls (the crash-risk warning says why) */
  | { tooLarge: { itemRolls: number } };

export interface DocumentOddsView {
  sources: OddsSourceChoice[];
  /** the source shown, or null when the document has none */
  shown: (OddsSourceChoice & DocumentSourceOdds) | null;
}

/** `?source=N`: a source's place, or the first source for anything else. */
export function parseSourceIndex(value: string | string[] | undefined, count: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const n = raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return n < count ? n : 0;
}

/** The catalogue's names of a document's items, by lowercase class (the first engram a class resolves to). */
function itemNamesOf(doc: LootDocument, resolve: ItemResolver): Map<string, CrateItemName> {
  const names = new Map<string, CrateItemName>();
  for (const item of lootItems(doc)) {
    const key = item.class.toLowerCase();
    if (names.has(key)) continue;
    const engram = resolve(item);
    if (engram)
      names.set(key, {
        label: engram.label,
        href: entryHref(engram.mod_id === null ? null : String(engram.mod_id), engram.class),
      });
  }
  return names;
}

export function documentOddsView(
  doc: LootDocument,
  resolve: ItemResolver,
  asked: { source: number; rule: CountRule; sort: OddsSort },
): DocumentOddsView {
  const sources = doc.sources.map((s, index) => ({ index, label: s.label || s.crateClass, crateClass: s.crateClass }));
  const choice = sources[asked.source];
  if (!choice) return { sources, shown: null };
  const bounded = boundedSourceOdds(
    oddsSourceOf(doc.sources[choice.index]!, doc.difficulty),
    { rule: asked.rule },
    PAGE_ODDS_BUDGET,
  );
  if ("tooLarge" in bounded) return { sources, shown: { ...choice, tooLarge: bounded.tooLarge } };
  return {
    sources,
    shown: { ...choice, odds: bounded.odds, rows: oddsRows(bounded.odds, itemNamesOf(doc, resolve), asked.sort) },
  };
}
