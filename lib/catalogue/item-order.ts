/**
 * Item labels in the reader's order: the locale comes from the request's
 * Accept-Language (the first language Intl.Collator knows), and labels compare as that
 * locale sorts words: letters before case ("Absorbent" before "ARK Thorny"), accents
 * after letters, numbers by value ("Sword 2" before "Sword 10"). The server sorts with it
 * and the browser keeps the server's order, so both show the same list.
 * Isomorphic (Intl is in every runtime the site supports).
 */
export const DEFAULT_LOCALE = "en";

const MAX_HEADER = 256;
const MAX_LANGUAGES = 12;

/** A supported locale in canonical form ("pt-BR"), or null for anything else. */
export function supportedLocale(tag: string | null | undefined): string | null {
  if (!tag || tag.length > 35 || !/^[A-Za-z0-9-]+$/.test(tag)) return null;
  try {
    return Intl.Collator.supportedLocalesOf(Intl.getCanonicalLocales(tag))[0] ?? null;
  } catch {
    return null;
  }
}

/** The first supported language of an Accept-Language header, by weight; "en" otherwise. */
export function readerLocale(acceptLanguage: string | null | undefined): string {
  const entries = (acceptLanguage ?? "")
    .slice(0, MAX_HEADER)
    .split(",")
    .slice(0, MAX_LANGUAGES)
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((e) => e.weight > 0 && e.tag !== "*")
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const e of entries) {
    const locale = supportedLocale(e.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

const collators = new Map<string, Intl.Collator>();

export function labelCollator(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale, { numeric: true, usage: "sort" });
    collators.set(locale, c);
  }
  return c;
}

/** Sorts in place by label in the locale's order; equal labels by `tieBreak` (code unit order), so the order is total. */
export function sortByLabel<T>(
  items: T[],
  locale: string,
  label: (item: T) => string,
  tieBreak: (item: T) => string,
): T[] {
  const { compare } = labelCollator(locale);
  return items.sort((a, b) => {
    const c = compare(label(a), label(b));
    if (c !== 0) return c;
    const x = tieBreak(a);
    const y = tieBreak(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
