/**
 * The ranking of the item search (lib/catalogue/item-search.ts): one pass per term over
 * the items still in the running, each keeping its best match for the term. Score =
 * the sum over terms of quality x field weight (quality: lib/catalogue/term-matches;
 * field: label 1, synonym 0.92, mod name 0.35; class or path text 0.5, label text 0.9),
 * + 10 when the label is the query, + 2 when it starts with it, + up to 0.3 for the
 * share of the label's words the query matched (a typo in a label word counts: "gigannoto"
 * covers all of "Giganotosaurus", half of "Corrupted Giganotosaurus"), - 0.05 for a
 * variant of another item (a mission copy of the Tek Rifle, after the Tek Rifle). Best
 * first, ties in item order.
 */
import { FIELD_LABEL, FIELD_MOD, type ItemIndex } from "./item-index";
import type { ParsedQuery } from "./item-query";
import { INFIX, ONE_TYPO, PREFIX_MIN, termMatches } from "./term-matches";

// A synonym counts a little less than the label's own word but more than any prefix.
const FIELD_WEIGHT = [1, 0.92, 0.35, 0];
const CODE_IN_LABEL = 0.9;
const CODE_ELSEWHERE = 0.5;
const WHOLE_LABEL = 10;
const LABEL_START = 2;
// How much of the label the query covers: enough to order "Metal Pick" before a longer
// label with the same words, not enough to lift a prefix over a whole word.
const COVERAGE = 0.3;
// Less than any difference in how a term matched or how much of the label it covers:
// only orders things otherwise alike ("Tek Rifle" before its mission copies).
const VARIANT = 0.05;
// Below this many items still in the running, their texts are searched one by one.
const FEW_CANDIDATES = 2000;

/** The items matching every term, best first, and the best one's score (0 when none matches). */
export function rank(
  index: ItemIndex,
  parsed: ParsedQuery,
  keep: (item: number) => boolean,
  typos: boolean,
): { items: number[]; top: number } {
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
    score[item] =
      score[item]! +
      bonus +
      COVERAGE * Math.min(1, pass.labelHits[item]! / Math.max(1, index.wordCounts[item]!)) -
      VARIANT * index.variants[item]!;
  }
  const items = byScore(candidates!, score);
  return { items, top: items.length > 0 ? score[items[0]!]! : 0 };
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
        // A whole word, a prefix or a typo covers a label word; a word found inside another does not.
        const covers = field !== FIELD_MOD && (quality >= PREFIX_MIN || quality <= ONE_TYPO);
        this.offer(postings[p]! >> 2, quality * FIELD_WEIGHT[field]!, covers);
      }
    }
  }

  /** Text of the label, class or path; `among`: the items still in the running (null: all). */
  offerCode(index: ItemIndex, code: string, among: readonly number[] | null): void {
    const { text, starts, labelEnds } = index.codeText();
    const offerAt = (item: number, at: number) =>
      this.offer(item, at < labelEnds[item]! ? CODE_IN_LABEL : CODE_ELSEWHERE, false);
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
