/**
 * Dates and numbers on portal pages. One date format for people everywhere on the portal,
 * "2026-11-25 12:26 UTC" (with seconds where they matter, as in a delivery log): UTC, so
 * server output never depends on its zone. Takes a Date, an ISO string, or the v1 API's
 * "YYYY-MM-DD HH:MM:SS+0000" (which pages get from the same JSON the API sends).
 */
export function formatUtc(when: Date | string, options: { seconds?: boolean } = {}): string {
  const iso = toDate(when).toISOString();
  return `${iso.slice(0, options.seconds ? 19 : 16).replace("T", " ")} UTC`;
}

/** The same moment as formatUtc, for a <time dateTime> attribute. */
export function isoTime(when: Date | string): string {
  return toDate(when).toISOString();
}

function toDate(when: Date | string): Date {
  if (when instanceof Date) return when;
  const v1 = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})\+0000$/.exec(when);
  return new Date(v1 ? `${v1[1]}T${v1[2]}Z` : when);
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
