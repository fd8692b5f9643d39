/**
 * What a person types in the document search box, read into terms that both engines'
 * full-text queries are built from (lib/documents/search-documents.ts):
 *
 * - words (runs of letters, digits and combining marks; everything else separates them,
 *   as the engines' tokenizers do) must all appear, in any order, any case, accents
 *   folded by the engine on both sides;
 * - "a phrase" in double quotes must appear as adjacent words in that order (an
 *   unclosed quote runs to the end);
 * - the last bare word also matches as a prefix ("scorch" finds "Scorched"): both
 *   engines answer a prefix from their term index, so it costs little, and it is what
 *   someone who stopped typing mid-word expects. Earlier words, and words in quotes,
 *   match whole.
 *
 * The terms hold only word characters and single spaces, and the query builders still
 * quote or parameterise them: user text never reaches a query syntax unescaped. Text
 * with no word at all (empty, punctuation) is no text filter. Long input is cut to
 * bound the query's cost.
 */
export type SearchTerm =
  { kind: "word"; text: string } | { kind: "prefix"; text: string } | { kind: "phrase"; words: string[] };

export interface SearchText {
  /** AND-ed; empty means no text filter */
  terms: SearchTerm[];
}

export const MAX_SEARCH_CHARS = 200;
export const MAX_SEARCH_TERMS = 12;

// A word starts with a letter or digit; combining marks belong to the letter before.
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const words = (text: string): string[] => text.match(WORD) ?? [];

export function parseSearchText(input: string): SearchText {
  const text = input.slice(0, MAX_SEARCH_CHARS);
  const terms: SearchTerm[] = [];
  // Even pieces are outside quotes, odd ones inside.
  const pieces = text.split('"');
  let lastBare = -1;
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      const phrase = words(piece);
      if (phrase.length === 1) terms.push({ kind: "word", text: phrase[0]! });
      else if (phrase.length > 1) terms.push({ kind: "phrase", words: phrase });
      return;
    }
    for (const word of words(piece)) {
      terms.push({ kind: "word", text: word });
      lastBare = terms.length - 1;
    }
  });
  // Only when the bare word is the last term: `scorch "iron pick"` keeps scorch whole.
  const last = terms[lastBare];
  if (last?.kind === "word" && lastBare === terms.length - 1) {
    terms[lastBare] = { kind: "prefix", text: last.text };
  }
  return { terms: dedupe(terms).slice(0, MAX_SEARCH_TERMS) };
}

function dedupe(terms: SearchTerm[]): SearchTerm[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = JSON.stringify(t).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A double-quoted FTS5 string: its tokenizer splits it as it splits the documents. */
const fts5String = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The FTS5 MATCH expression: every term a quoted string (a phrase when it holds several
 * words), implicitly AND-ed; the prefix term with FTS5's `*`. Never raw user syntax.
 */
export function fts5Query(search: SearchText): string {
  return search.terms
    .map((t) =>
      t.kind === "phrase"
        ? fts5String(t.words.join(" "))
        : t.kind === "prefix"
          ? `${fts5String(t.text)} *`
          : fts5String(t.text),
    )
    .join(" ");
}
