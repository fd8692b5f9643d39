/**
 * "Did you mean": when a query finds nothing, queries close to it that find something.
 * Ideas, in this order, each kept only if it finds items (checked with `count`):
 * 1. every word that finds nothing on its own replaced by the nearest catalogue words
 *    (up to 1 edit for 1-3 letters, 2 for 4-6, 3 above; or split in two known words:
 *    "metalpick" -> "metal pick"), the most common first;
 * 2. the query without the words that find nothing;
 * 3. when each word finds something but not all together, each word on its own.
 */
import type { ItemIndex } from "./item-index";
import type { QueryTerm } from "./item-query";
import { typoDistance } from "./typo-distance";

const MAX_SUGGESTIONS = 3;
const NEAR_WORDS = 3;

export function suggestQueries(
  index: ItemIndex,
  terms: readonly QueryTerm[],
  count: (query: string) => number,
): string[] {
  const words = terms.map((t) => t.code ?? t.word);
  const alone = words.map((w) => count(w));
  const ideas: string[] = [];
  const firstBad = alone.indexOf(0);
  if (firstBad >= 0) {
    const near = terms.map((t, i) => (alone[i]! > 0 ? [words[i]!] : nearWords(index, t.word)));
    const fixed = (i: number, choice: string | undefined) => (alone[i]! > 0 ? words[i] : choice);
    for (const alt of near[firstBad]!) {
      ideas.push(
        words
          .map((_, i) => (i === firstBad ? alt : fixed(i, near[i]![0])))
          .filter(Boolean)
          .join(" "),
      );
    }
    const found = words.filter((_, i) => alone[i]! > 0);
    if (found.length > 0) ideas.push(found.join(" "));
  } else if (words.length > 1) {
    ideas.push(
      ...words
        .map((w, i) => ({ w, n: alone[i]! }))
        .sort((a, b) => b.n - a.n)
        .map((x) => x.w),
    );
  }
  const original = words.join(" ");
  const out: string[] = [];
  for (const idea of ideas) {
    if (out.length === MAX_SUGGESTIONS) break;
    if (idea && idea !== original && !out.includes(idea) && count(idea) > 0) out.push(idea);
  }
  return out;
}

/** Catalogue words a few edits from `word`, or `word` split into two catalogue words. */
export function nearWords(index: ItemIndex, word: string): string[] {
  const max = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  const found: { text: string; distance: number; items: number }[] = [];
  for (const id of index.wordIds) {
    const term = index.terms[id]!;
    const d = typoDistance(word, term, max).whole;
    if (d <= max) found.push({ text: term, distance: d, items: index.postings[id]!.length });
  }
  for (let k = 2; k <= word.length - 2; k++) {
    const a = index.termIds.get(word.slice(0, k));
    const b = index.termIds.get(word.slice(k));
    if (a !== undefined && b !== undefined)
      found.push({
        text: `${word.slice(0, k)} ${word.slice(k)}`,
        distance: 1,
        items: Math.min(index.postings[a]!.length, index.postings[b]!.length),
      });
  }
  return found
    .sort((x, y) => x.distance - y.distance || y.items - x.items || (x.text < y.text ? -1 : 1))
    .slice(0, NEAR_WORDS)
    .map((f) => f.text);
}
