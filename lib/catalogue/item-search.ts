/**
 * Item search as players use it: the one search of the spawn page (server render and
 * browser), the home page's search box and the loot editor's item picker.
 *
 *   const index = buildItemIndex(rows.map((r) => ({ label, class, path, mod })));
 *   const { items, typos, suggestions } = searchItems(index, "metal pickaxe", { filter });
 *
 * Every term of the query must match (lib/catalogue/item-query.ts), in any order, any
 * case, accents folded: a whole label word, its plural, a prefix ("sabert"), a word
 * inside a longer one ("berry"), a synonym from lib/catalogue/item-synonyms.json
 * ("pickaxe" finds "Metal Pick"), a word of the mod's name, or, for terms written like
 * code, text of the class or path. Only when that finds nothing are typos allowed (one
 * from 4 letters, two from 7: Typesense's defaults, and like Typesense only as a
 * fallback, so "pick" never lists "Pink Coloring" beside the picks); when that finds
 * nothing either, `suggestions` says what would ("did you mean").
 *
 * Ranking (lib/catalogue/item-rank.ts): a label equal to the query first, then one
 * starting with it, then how well each term matched, plus how much of the label the
 * query covers; ties keep the items' own order (the page sorts them by the reader's
 * locale).
 * Isomorphic; 50,000 items answer in milliseconds (docs/BENCHMARKS.md).
 */
import type { ItemIndex } from "./item-index";
import { parseItemQuery } from "./item-query";
import { rank } from "./item-rank";
import { suggestQueries } from "./item-suggestions";

export { buildItemIndex, type ItemIndex, type SearchItem } from "./item-index";

export interface SearchOptions {
  /** items to leave out whatever they match (the page's map, mod and blueprint filters) */
  filter?: (item: number) => boolean;
}

export interface SearchResult {
  /** item numbers, best first; every item the filter keeps, in order, for a blank query */
  items: number[];
  /** matched only once typos were allowed */
  typos: boolean;
  /** when nothing matched: other queries that find something, best first (at most 3) */
  suggestions: string[];
  /** the query had text but no letter or digit to search for: nothing matches */
  nothingToSearch: boolean;
  /**
   * how well the best item matched (item-rank's score; 0 for none or a blank query): what
   * tells which of two lists answers a query better ("rex": the Creatures tab). A match
   * found only with typos scores a thousandth of its rank, below any found without.
   */
  top: number;
}

export function searchItems(index: ItemIndex, query: string, options: SearchOptions = {}): SearchResult {
  const parsed = parseItemQuery(query);
  const keep = options.filter ?? (() => true);
  if (parsed.terms.length === 0) {
    const items: number[] = [];
    if (!parsed.empty) for (let i = 0; i < index.size; i++) if (keep(i)) items.push(i);
    return { items, typos: false, suggestions: [], nothingToSearch: parsed.empty, top: 0 };
  }
  let { items, top } = rank(index, parsed, keep, false);
  let typos = false;
  if (items.length === 0) {
    ({ items, top } = rank(index, parsed, keep, true));
    typos = items.length > 0;
    // Any match without typos is better than one with them.
    top /= 1000;
  }
  const suggestions =
    items.length === 0 ? suggestQueries(index, parsed.terms, (q) => countMatches(index, q, keep)) : [];
  return { items, typos, suggestions, nothingToSearch: false, top };
}

/** How many items a query finds (typos allowed); what "did you mean" checks its ideas with. */
export function countMatches(index: ItemIndex, query: string, keep: (item: number) => boolean = () => true): number {
  const parsed = parseItemQuery(query);
  if (parsed.terms.length === 0) return 0;
  const found = rank(index, parsed, keep, false).items.length;
  return found > 0 ? found : rank(index, parsed, keep, true).items.length;
}
