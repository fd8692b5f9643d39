/**
 * The loot editor's item picker matching, in one function so a shared catalogue search
 * can take its place: every word typed must begin a word of the item's label, or begin
 * its class or a part of it between underscores ("metal sw" finds Metal Sword, "weapon"
 * finds PrimalItem_WeaponMetalSword_C); text starting with "/" matches the start of the
 * blueprint path. Case does not matter. Best first: labels that start with the text,
 * then matches in the label, then matches in the class; shorter labels first.
 * Pure: no database, no Next.js.
 */
import type { CatalogueItem } from "./catalogue-item";

interface Prepared {
  label: string;
  labelWords: string[];
  classParts: string[];
  path: string;
}

const prepared = new WeakMap<readonly CatalogueItem[], Prepared[]>();

function prepare(items: readonly CatalogueItem[]): Prepared[] {
  let out = prepared.get(items);
  if (!out) {
    out = items.map((i) => {
      const cls = i.class.toLowerCase();
      return { label: i.label.toLowerCase(), labelWords: i.label.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean), classParts: [cls, ...cls.split("_").filter(Boolean)], path: i.path.toLowerCase() };
    });
    prepared.set(items, out);
  }
  return out;
}

export function matchItems(items: readonly CatalogueItem[], query: string, limit: number): CatalogueItem[] {
  const q = query.trim().toLowerCase();
  if (!q || limit <= 0) return [];
  const texts = prepare(items);
  const words = q.split(/\s+/);
  // The best `limit` so far, best first: a one-letter query may match most of 50,000 items.
  const best: { i: number; rank: number }[] = [];
  const before = (a: { i: number; rank: number }, b: { i: number; rank: number }) => {
    const x = texts[a.i]!.label;
    const y = texts[b.i]!.label;
    return a.rank !== b.rank ? a.rank < b.rank : x.length !== y.length ? x.length < y.length : x !== y ? x < y : a.i < b.i;
  };
  texts.forEach((t, i) => {
    let rank: number;
    if (q.startsWith("/")) {
      if (!t.path.startsWith(q)) return;
      rank = 0;
    } else if (t.label.startsWith(q)) rank = 0;
    else if (words.every((w) => t.labelWords.some((l) => l.startsWith(w)))) rank = 1;
    else if (words.every((w) => t.labelWords.some((l) => l.startsWith(w)) || t.classParts.some((c) => c.startsWith(w)))) rank = 2;
    else return;
    const hit = { i, rank };
    if (best.length === limit && !before(hit, best[limit - 1]!)) return;
    let at = best.length;
    while (at > 0 && before(hit, best[at - 1]!)) at--;
    best.splice(at, 0, hit);
    if (best.length > limit) best.pop();
  });
  return best.map((f) => items[f.i]!);
}
