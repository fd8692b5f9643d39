/** Dates and numbers on portal pages: UTC, so server output never depends on its zone. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

const PLURAL_RULES = new Intl.PluralRules("en-US");

/** The word for a count, by the language's plural rules: plural(1, "change", "changes") is "change". */
export function plural(n: number, one: string, other: string): string {
  return PLURAL_RULES.select(n) === "one" ? one : other;
}

/** A count and its noun: countOf(1, "creature", "creatures") is "1 creature", 1,200 "1,200 creatures". */
export function countOf(n: number, one: string, other: string): string {
  return `${formatCount(n)} ${plural(n, one, other)}`;
}
