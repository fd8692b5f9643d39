/**
 * The words players use for items (lib/catalogue/item-synonyms.json, whose `source`
 * says where they come from), compiled for the index: an item whose label contains
 * one of an entry's `finds` (a word or a phrase, as whole words in order) also answers
 * to the entry's `words`. Isomorphic: the JSON is bundled for the browser too.
 */
import table from "./item-synonyms.json";
import { foldText, foldedWords } from "./fold-text";

export interface SynonymEntry {
  /** what players type; single words */
  words: string[];
  /** words or phrases of catalogue labels */
  finds: string[];
}

export const SYNONYMS: { source: string; entries: SynonymEntry[] } = table;

interface Rule {
  rest: string[];
  words: string[];
}

/** finds, keyed by their first word */
function compile(entries: readonly SynonymEntry[]): Map<string, Rule[]> {
  const rules = new Map<string, Rule[]>();
  for (const entry of entries) {
    const words = entry.words.flatMap((w) => foldedWords(foldText(w)));
    for (const find of entry.finds) {
      const [first, ...rest] = foldedWords(foldText(find));
      if (!first) continue;
      const list = rules.get(first) ?? [];
      list.push({ rest, words });
      rules.set(first, list);
    }
  }
  return rules;
}

const RULES = compile(SYNONYMS.entries);

/** The extra words of a label (its folded words in order), without the ones it already has. */
export function synonymsOf(sequence: readonly string[]): string[] {
  let out: Set<string> | undefined;
  for (let i = 0; i < sequence.length; i++) {
    const candidates = RULES.get(sequence[i]!);
    if (!candidates) continue;
    for (const rule of candidates) {
      if (rule.rest.some((w, k) => sequence[i + 1 + k] !== w)) continue;
      out ??= new Set();
      for (const w of rule.words) out.add(w);
    }
  }
  if (!out) return [];
  for (const w of sequence) out.delete(w);
  return [...out];
}
