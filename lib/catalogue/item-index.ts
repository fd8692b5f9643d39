/**
 * The search index of a list of catalogue items (lib/catalogue/item-search.ts queries
 * it): every word of every label, the synonyms those labels answer to and the words of
 * mod names, each with the items it occurs in. Words are kept sorted, so a prefix is a
 * binary search and one range. Class and path text is only built when a query looks
 * like code ("PrimalItem_…", "/Game/…"). Isomorphic: built on the server for the
 * first render and in the browser for every keystroke after it.
 */
import { foldText, labelWords } from "./fold-text";
import { synonymsOf } from "./item-synonyms";

/** What an item offers the search; `mod` is the mod's name (null or absent: the base game). */
export interface SearchItem {
  label: string;
  class?: string;
  path?: string;
  mod?: string | null;
  /** more words the item answers to, as synonyms do (a creature's short name from its class: lib/catalogue/creature-words.ts) */
  aliases?: string;
  /** a variant of another item of the catalogue (a mission copy, a boss: lib/catalogue/variant-tags.ts): ranked after the thing itself */
  variant?: boolean;
}

/** Where a word occurs; kept in the low two bits of each posting. */
export const FIELD_LABEL = 0;
export const FIELD_SYNONYM = 1;
export const FIELD_MOD = 2;

export interface ItemIndex {
  readonly size: number;
  /** distinct words, sorted by code unit */
  readonly terms: readonly string[];
  readonly termIds: ReadonlyMap<string, number>;
  /** ids of the terms with a letter: what searches inside words, typos and "did you mean" scan (numbers match whole or by prefix only) */
  readonly wordIds: Int32Array;
  /** per term: item * 4 + field */
  readonly postings: readonly (readonly number[])[];
  /** each label's words joined by single spaces ("recipe battle tartare") */
  readonly phrases: readonly string[];
  /** how many words each label has */
  readonly wordCounts: Uint16Array;
  /** 1 for the items that are variants of another (SearchItem.variant) */
  readonly variants: Uint8Array;
  /** the folded text of every item (built on first use) */
  codeText(): CodeText;
}

/**
 * Every item's folded "label \n class \n path", end to end in one string (items
 * separated by NUL, which no query holds): one native substring search over it is
 * several times faster than one per item. `starts[i]` is where item i begins (and
 * `starts[size]` the end); `labelEnds[i]` where its label ends.
 */
export interface CodeText {
  text: string;
  starts: Int32Array;
  labelEnds: Int32Array;
}

export function buildItemIndex(items: readonly SearchItem[]): ItemIndex {
  const lists = new Map<string, number[]>();
  const add = (word: string, item: number, field: number) => {
    let list = lists.get(word);
    if (!list) lists.set(word, (list = []));
    list.push(item * 4 + field);
  };
  const modWords = new Map<string, string[]>();
  const phrases: string[] = new Array(items.length);
  const wordCounts = new Uint16Array(items.length);
  const variants = new Uint8Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const { words, sequence } = labelWords(item.label);
    for (const w of words) add(w, i, FIELD_LABEL);
    const extra = synonymsOf(sequence);
    if (item.aliases) {
      const alias = labelWords(item.aliases);
      extra.push(...alias.words, ...synonymsOf(alias.sequence));
    }
    for (const w of new Set(extra)) if (!words.includes(w)) add(w, i, FIELD_SYNONYM);
    if (item.mod) {
      let mw = modWords.get(item.mod);
      if (!mw) modWords.set(item.mod, (mw = labelWords(item.mod).words));
      for (const w of mw) if (!words.includes(w)) add(w, i, FIELD_MOD);
    }
    phrases[i] = sequence.join(" ");
    wordCounts[i] = Math.min(sequence.length, 0xffff);
    if (item.variant) variants[i] = 1;
  }
  const terms = [...lists.keys()].sort();
  const termIds = new Map(terms.map((t, id) => [t, id]));
  const postings = terms.map((t) => lists.get(t)!);
  const wordIds = Int32Array.from(terms.flatMap((t, id) => (/\p{L}/u.test(t) ? [id] : [])));
  let code: CodeText | undefined;
  return {
    size: items.length,
    terms,
    termIds,
    wordIds,
    postings,
    phrases,
    wordCounts,
    variants,
    codeText() {
      if (!code) {
        const starts = new Int32Array(items.length + 1);
        const labelEnds = new Int32Array(items.length);
        const parts: string[] = new Array<string>(items.length);
        let at = 0;
        items.forEach((item, i) => {
          const label = foldText(item.label);
          const part = `${label}\n${foldText(item.class ?? "")}\n${foldText(item.path ?? "")}\0`;
          starts[i] = at;
          labelEnds[i] = at + label.length;
          parts[i] = part;
          at += part.length;
        });
        starts[items.length] = at;
        code = { text: parts.join(""), starts, labelEnds };
      }
      return code;
    },
  };
}

/** First position in the sorted terms not below `word`. */
export function lowerBound(terms: readonly string[], word: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
