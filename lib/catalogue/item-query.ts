/**
 * What a player typed, read into terms the item search matches (every term must match):
 * - a plain word ("pickaxe", "Sauté") is compared with the words of labels, their
 *   synonyms and mod names, folded (any case, accents dropped);
 * - a chunk written like code, with punctuation inside or in camelCase
 *   ("PrimalItem_WeaponMetalPick_C", "/Game/Mods/", "MetalPick", "Miner's"), also
 *   matches as text anywhere in the label, class or path, and its letters joined
 *   ("metalpick", "miners") as a word.
 * Chunks without a letter or digit are left out. Input is cut to 200 characters and 12
 * terms, which bounds the cost of a query.
 */
import { foldText, foldedWords, looksLikeCode } from "./fold-text";

export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_TERMS = 12;

export interface QueryTerm {
  /** folded letters and digits of the chunk, joined */
  word: string;
  /** the folded chunk as typed (punctuation kept) when it looks like code */
  code: string | null;
}

export interface ParsedQuery {
  terms: QueryTerm[];
  /** the query's words joined by single spaces, compared with whole labels */
  phrase: string;
  /** the query had text but no letter or digit in it */
  empty: boolean;
}

export function parseItemQuery(query: string): ParsedQuery {
  const terms: QueryTerm[] = [];
  const phrase: string[] = [];
  const seen = new Set<string>();
  for (const chunk of query.slice(0, MAX_QUERY_CHARS).split(/\s+/)) {
    const folded = foldText(chunk);
    const words = foldedWords(folded);
    if (words.length === 0) continue;
    phrase.push(...words);
    const term = { word: words.join(""), code: looksLikeCode(chunk) ? folded : null };
    const key = `${term.word}\n${term.code}`;
    if (seen.has(key) || terms.length === MAX_QUERY_TERMS) continue;
    seen.add(key);
    terms.push(term);
  }
  return { terms, phrase: phrase.join(" "), empty: terms.length === 0 && query.trim() !== "" };
}

/** How many typos a word of this length may have: Typesense's defaults (one from 4 letters, two from 7). */
export function typoBudget(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Singular forms to try for an English plural ("bullets", "berries", "boxes"). */
export function singulars(word: string): string[] {
  if (word.length < 4 || !word.endsWith("s") || word.endsWith("ss")) return [];
  if (word.endsWith("ies")) return [`${word.slice(0, -3)}y`];
  return word.endsWith("es") ? [word.slice(0, -1), word.slice(0, -2)] : [word.slice(0, -1)];
}
