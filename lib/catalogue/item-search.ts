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
 * Ranking: a label equal to the query first, then one starting with it, then the sum of
 * how well each term matched (whole word > plural > prefix > inside a word > typo;
 * label 1, synonym 0.8, mod name 0.35), plus how much of the label the query covers;
 * ties keep the items' own order (the page sorts them by the reader's locale).
 * Isomorphic; 50,000 items answer in milliseconds (docs/BENCHMARKS.md).
 */
import { FIELD_LABEL, FIELD_MOD, type ItemIndex } from "./item-index";
import { parseItemQuery, type ParsedQuery } from "./item-query";
import { suggestQueries } from "./item-suggestions";
import { INFIX, PREFIX_MIN, termMatches } from "./term-matches";

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
}

// A synonym counts a little less than the label's own word but more than any prefix.
const FIELD_WEIGHT = [1, 0.92, 0.35, 0];
const CODE_IN_LABEL = 0.9;
const CODE_ELSEWHERE = 0.5;
const WHOLE_LABEL = 10;
const LABEL_START = 2;
// How much of the label the query covers: enough to order "Metal Pick" before a longer
// label with the same words, not enough to lift a prefix over a whole word.
const COVERAGE = 0.3;
// Below this many items still in the running, their texts are searched one by one.
const FEW_CANDIDATES = 2000;

export function searchItems(index: ItemIndex, query: string, options: SearchOptions = {}): SearchResult {
  const parsed = parseItemQuery(query);
  const keep = options.filter ?? (() => true);
  if (parsed.terms.length === 0) {
    const items: number[] = [];
    if (!parsed.empty) for (let i = 0; i < index.size; i++) if (keep(i)) items.push(i);
    return { items, typos: false, suggestions: [], nothingToSearch: parsed.empty };
  }
  let items = rank(index, parsed, keep, false);
  let typos = false;
  if (items.length === 0) {
    items = rank(index, parsed, keep, true);
    typos = items.length > 0;
  }
  const suggestions = items.length === 0 ? suggestQueries(index, parsed.terms, (q) => countMatches(index, q, keep)) : [];
  return { items, typos, suggestions, nothingToSearch: false };
}

/** How many items a query finds (typos allowed); what "did you mean" checks its ideas with. */
export function countMatches(index: ItemIndex, query: string, keep: (item: number) => boolean = () => true): number {
  const parsed = parseItemQuery(query);
  if (parsed.terms.length === 0) return 0;
  const found = rank(index, parsed, keep, false).length;
  return found > 0 ? found : rank(index, parsed, keep, true).length;
}

function rank(index: ItemIndex, parsed: ParsedQuery, keep: (item: number) => boolean, typos: boolean): number[] {
  const pass = new RankPass(index.size, keep);
  let candidates: number[] | null = null;
  parsed.terms.forEach((term, t) => {
    pass.term = t;
    pass.offerWord(index, term.word, typos);
    if (term.code !== null) pass.offerCode(index, term.code, candidates);
    candidates = pass.settle();
  });
  const score = pass.score;
  for (const item of candidates!) {
    const phrase = index.phrases[item]!;
    const bonus = phrase === parsed.phrase ? WHOLE_LABEL : phrase.startsWith(`${parsed.phrase} `) ? LABEL_START : 0;
    score[item] = score[item]! + bonus + COVERAGE * Math.min(1, pass.labelHits[item]! / Math.max(1, index.wordCounts[item]!));
  }
  return byScore(candidates!, score);
}

/** One pass over the terms of a query: per item, terms matched so far and their score. */
class RankPass {
  readonly score: Float64Array;
  readonly labelHits: Uint8Array;
  /** terms matched so far; only items that matched every earlier term are looked at */
  private readonly matched: Uint8Array;
  /** 0 not asked yet, 1 kept, -1 filtered out */
  private readonly allowed: Int8Array;
  private readonly best: Float32Array;
  private readonly fromLabel: Uint8Array;
  private touched: number[] = [];
  term = 0;

  constructor(
    size: number,
    private readonly keep: (item: number) => boolean,
  ) {
    this.score = new Float64Array(size);
    this.labelHits = new Uint8Array(size);
    this.matched = new Uint8Array(size);
    this.allowed = new Int8Array(size);
    this.best = new Float32Array(size);
    this.fromLabel = new Uint8Array(size);
  }

  offer(item: number, quality: number, label: boolean): void {
    if (this.matched[item] !== this.term) return;
    if (this.allowed[item] === 0) this.allowed[item] = this.keep(item) ? 1 : -1;
    if (this.allowed[item]! < 0) return;
    const best = this.best[item]!;
    if (best === 0) this.touched.push(item);
    if (quality > best) {
      this.best[item] = quality;
      this.fromLabel[item] = label ? 1 : 0;
    }
  }

  offerWord(index: ItemIndex, word: string, typos: boolean): void {
    for (const [id, quality] of termMatches(index, word, typos)) {
      const postings = index.postings[id]!;
      for (let p = 0; p < postings.length; p++) {
        const field = postings[p]! & 3;
        // Only label words are searched inside ("axe" is not in "pickaxe"); a mod's name
        // counts whole or by its start, never by a typo.
        if (quality === INFIX && field !== FIELD_LABEL) continue;
        if (field === FIELD_MOD && quality < PREFIX_MIN) continue;
        this.offer(postings[p]! >> 2, quality * FIELD_WEIGHT[field]!, field !== FIELD_MOD && quality >= PREFIX_MIN);
      }
    }
  }

  /** Text of the label, class or path; `among`: the items still in the running (null: all). */
  offerCode(index: ItemIndex, code: string, among: readonly number[] | null): void {
    const { text, starts, labelEnds } = index.codeText();
    const offerAt = (item: number, at: number) => this.offer(item, at < labelEnds[item]! ? CODE_IN_LABEL : CODE_ELSEWHERE, false);
    if (among && among.length < FEW_CANDIDATES) {
      for (const item of among) {
        const at = text.substring(starts[item]!, starts[item + 1]!).indexOf(code);
        if (at >= 0) offerAt(item, starts[item]! + at);
      }
      return;
    }
    // One search through all items' text (offer() skips items out of the running);
    // after a hit, go on from the next item.
    let item = 0;
    for (let at = text.indexOf(code); at >= 0; at = text.indexOf(code, starts[++item]!)) {
      // hits come in order: walk to the item holding this one
      while (starts[item + 1]! <= at) item++;
      offerAt(item, at);
    }
  }

  /** Ends a term: the items that matched it (and every earlier one) carry on. */
  settle(): number[] {
    const next = this.touched;
    for (const item of next) {
      this.matched[item] = this.term + 1;
      this.score[item] = this.score[item]! + this.best[item]!;
      this.labelHits[item] = this.labelHits[item]! + this.fromLabel[item]!;
      this.best[item] = 0;
    }
    this.touched = [];
    return next;
  }
}

/**
 * Best score first, ties in item order. One number per item (score in 1/1024 steps
 * above the item number) and the typed array's native numeric sort: 40,000 matches
 * sort in a few milliseconds instead of tens with a comparator.
 */
function byScore(items: readonly number[], score: Float64Array): number[] {
  const ITEM_BITS = 2 ** 22;
  const MAX = 2 ** 20;
  const keys = new Float64Array(items.length);
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    keys[k] = (MAX - Math.min(MAX - 1, Math.round(score[item]! * 1024))) * ITEM_BITS + item;
  }
  keys.sort();
  const out: number[] = new Array<number>(keys.length);
  for (let k = 0; k < keys.length; k++) out[k] = keys[k]! % ITEM_BITS;
  return out;
}
