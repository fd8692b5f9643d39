/**
 * Which words of an item index a query word matches, and how well (0..1). The scale
 * is the ranking: a whole word beats its plural, which beats a prefix (the closer to
 * the whole word the better), a word inside a longer one ("berry" in "Amarberry"), and
 * typos last. Field weights (label > synonym > mod name) are applied by the caller.
 */
import { lowerBound, type ItemIndex } from "./item-index";
import { singulars, typoBudget } from "./item-query";
import { typoDistance } from "./typo-distance";

export const EXACT = 1;
export const SINGULAR = 0.95;
export const PREFIX_MIN = 0.6;
export const INFIX = 0.4;
export const ONE_TYPO = 0.3;
export const TWO_TYPOS = 0.2;
/** a typo in the start of a longer word ("gigannoto" for "giganotosaurus"); two typos count less */
export const TYPO_IN_START = 0.15;
export const TYPOS_IN_START = 0.1;

/** term id -> quality */
export type TermMatches = Map<number, number>;

// Typing "metal pi", "metal pic", ... asks for "metal" again at every key.
const recent = new WeakMap<ItemIndex, Map<string, TermMatches>>();
const RECENT = 64;

export function termMatches(index: ItemIndex, word: string, typos: boolean): TermMatches {
  let cache = recent.get(index);
  if (!cache) recent.set(index, (cache = new Map()));
  const key = `${typos ? 1 : 0}${word}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = computeMatches(index, word, typos);
    cache.set(key, hit);
    if (cache.size > RECENT) cache.delete(cache.keys().next().value!);
  }
  return hit;
}

/** Drops the remembered matches of an index (benchmarks time a query as if its words were new). */
export function forgetTermMatches(index: ItemIndex): void {
  recent.delete(index);
}

function computeMatches(index: ItemIndex, word: string, typos: boolean): TermMatches {
  const out: TermMatches = new Map();
  const put = (id: number | undefined, quality: number) => {
    if (id !== undefined && quality > (out.get(id) ?? 0)) out.set(id, quality);
  };
  const { terms } = index;
  put(index.termIds.get(word), EXACT);
  for (const s of singulars(word)) put(index.termIds.get(s), SINGULAR);
  for (let id = lowerBound(terms, word); id < terms.length && terms[id]!.startsWith(word); id++) {
    put(id, PREFIX_MIN + 0.3 * (word.length / terms[id]!.length));
  }
  const letters = /\p{L}/u.test(word);
  if (word.length >= 3 && letters) {
    for (const id of index.wordIds) {
      const t = terms[id]!;
      if (t.length > word.length && t.includes(word)) put(id, INFIX);
    }
  }
  const budget = typos ? typoBudget(word) : 0;
  if (budget > 0) {
    for (const id of index.wordIds) {
      if (out.has(id)) continue;
      const t = terms[id]!;
      if (t.length < word.length - budget) continue;
      const d = typoDistance(word, t, budget);
      if (d.whole <= budget) put(id, d.whole === 1 ? ONE_TYPO : TWO_TYPOS);
      else if (d.start <= budget) put(id, d.start <= 1 ? TYPO_IN_START : TYPOS_IN_START);
    }
  }
  return out;
}
