/**
 * Text as the item search compares it: lowercase, accents dropped (NFD, then combining
 * marks removed: "Sauté" = "saute"), and the letters NFD does not split spelled out
 * ("æ" = "ae", "ß" = "ss"), so "creme" finds "Crème" and the other way round.
 * Isomorphic: no Node import, runs in the browser too.
 */
const SPELLED: Record<string, string> = { æ: "ae", œ: "oe", ß: "ss", ø: "o", đ: "d", ð: "d", ł: "l", þ: "th", ı: "i" };
const SPELLED_ANY = /[æœßøđðłþı]/;
const SPELLED_ALL = /[æœßøđðłþı]/g;

export function foldText(text: string): string {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  return SPELLED_ANY.test(folded) ? folded.replace(SPELLED_ALL, (c) => SPELLED[c]!) : folded;
}

const WORD = /[\p{L}\p{N}]+/gu;
// "DodoRex": a lowercase letter followed by a capital starts a new word.
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})/u;
const ASCII_CAMEL = /[a-z][A-Z]/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ASCII_WORD = /[a-z0-9]+/g;
// Letters, digits and spaces only, and no camelCase: nothing to join or split.
const SIMPLE_LABEL = /^(?![\s\S]*[a-z][A-Z])[A-Za-z0-9 ]*$/;

/** The runs of letters and digits of already folded text. */
export function foldedWords(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

/** The same text with every run of non-word characters as one space: how labels are compared whole. */
export function normalizedPhrase(text: string): string {
  return foldedWords(foldText(text)).join(" ");
}

/**
 * The words of a label as the index keeps them: each run of letters and digits, and for
 * a chunk written as one ("Pump-Action", "Miner's", "DodoRex") also the chunk joined, so
 * "pumpaction", "miners" and "dodorex" find it as well as "pump", "miner" and "rex".
 * `sequence` is the words a reader sees, in order (synonyms match phrases in it; ranking
 * counts how much of a label matched).
 */
export function labelWords(label: string): { words: string[]; sequence: string[] } {
  // The common case, plain ASCII words between spaces: lowercasing is all the folding.
  if (SIMPLE_LABEL.test(label)) {
    const sequence: string[] = label.toLowerCase().match(ASCII_WORD) ?? [];
    const words = sequence.filter((w, i) => sequence.indexOf(w) === i);
    return { words, sequence };
  }
  const words = new Set<string>();
  const sequence: string[] = [];
  // Most labels are plain ASCII: lowercasing is all their folding (10x faster to index).
  const ascii = PRINTABLE_ASCII.test(label);
  for (const chunk of label.split(/\s+/)) {
    if (!chunk) continue;
    const spaced = (ascii ? ASCII_CAMEL : CAMEL).test(chunk) ? chunk.split(CAMEL).join(" ") : chunk;
    const pieces = ascii ? (spaced.toLowerCase().match(ASCII_WORD) ?? []) : foldedWords(foldText(spaced));
    for (const p of pieces) {
      sequence.push(p);
      words.add(p);
    }
    if (pieces.length > 1) words.add(pieces.join(""));
  }
  return { words: [...words], sequence };
}

/** True when a query chunk is written like a class or path: punctuation inside, or camelCase. */
export function looksLikeCode(chunk: string): boolean {
  return CAMEL.test(chunk) || /[^\p{L}\p{N}\p{M}]/u.test(chunk);
}
