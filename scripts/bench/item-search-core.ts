/**
 * The item search benchmark's data and loop, shared by Node and Chromium
 * (scripts/bench-item-search.ts bundles this file for the browser): 50,000 items built
 * from the base game's 820, each query timed after warm-up runs.
 *
 * Data sets:
 * - "catalogue": the 820 base items and 49,180 mod items named like them
 *   ("Primal Metal Pick", "Corrupted Rex Saddle Mk 3"), in 40 mods: a realistic
 *   vocabulary of a few thousand words;
 * - "numbered": labels like the e2e seed's ("Metal Sword 123"), every number a word of
 *   its own: 50,000+ distinct words, the worst case for scans of the vocabulary.
 */
import { parseCsv } from "@/lib/csv/parse-csv";
import { buildItemIndex, searchItems, type SearchItem } from "@/lib/catalogue/item-search";
import { forgetTermMatches } from "@/lib/catalogue/term-matches";

export const QUERIES = [
  { kind: "whole label", q: "Metal Pick" },
  { kind: "synonym", q: "pickaxe" },
  { kind: "synonym + word", q: "metal pickaxe" },
  { kind: "one letter", q: "m" },
  { kind: "prefix", q: "sabert" },
  { kind: "inside a word", q: "berry" },
  { kind: "three words", q: "tek rex saddle" },
  { kind: "typo", q: "metal pcik" },
  { kind: "two typos", q: "sabertoth sadle" },
  { kind: "class", q: "PrimalItem_WeaponMetalPick_C" },
  { kind: "path", q: "/Game/Mods/" },
  { kind: "nothing: did you mean", q: "metalpick" },
  { kind: "nothing at all", q: "zqxw vvkj" },
] as const;

const PREFIXES = [
  "Primal",
  "Ancient",
  "Corrupted",
  "Frozen",
  "Element",
  "Alpha",
  "Enhanced",
  "Royal",
  "Gilded",
  "Savage",
  "Arcane",
  "Feral",
];
const MODS = [
  "Primal Fear",
  "Ark Eternal",
  "Gaia",
  "Structures Plus",
  "Ark Additions",
  "Pyria",
  "Valguero Extras",
  "Sumo Saddles",
];

export interface BaseRow {
  label: string;
  path: string;
}

export function baseRows(csv: string): BaseRow[] {
  const [header, ...records] = parseCsv(csv);
  const col = (name: string) => header!.fields.indexOf(name);
  return records.map((r) => ({ label: r.fields[col("label")]!, path: r.fields[col("path")]! }));
}

const classOf = (path: string) => `${path.slice(path.lastIndexOf(".") + 1)}_C`;

export function dataSet(kind: "catalogue" | "numbered", base: readonly BaseRow[], size: number): SearchItem[] {
  const items: SearchItem[] = base.map((b) => ({ label: b.label, path: b.path, class: classOf(b.path), mod: null }));
  for (let i = items.length; i < size; i++) {
    const b = base[i % base.length]!;
    const v = Math.floor(i / base.length);
    const mod = MODS[v % MODS.length]!;
    const label =
      kind === "numbered"
        ? `${b.label.split(" ")[0]} ${b.label.split(" ").at(-1)} ${i}`
        : `${PREFIXES[v % PREFIXES.length]} ${b.label}${v >= PREFIXES.length ? ` Mk ${Math.floor(v / PREFIXES.length)}` : ""}`;
    const name = `${classOf(b.path).slice(0, -2)}_${v}`;
    items.push({ label, path: `/Game/Mods/${mod.replaceAll(" ", "")}/Items/${name}.${name}`, class: `${name}_C`, mod });
  }
  return items;
}

export interface QueryTiming {
  kind: string;
  q: string;
  found: number;
  p50: number;
  p95: number;
  max: number;
}

export interface BenchResult {
  items: number;
  terms: number;
  buildMs: number;
  queries: QueryTiming[];
  /** the median of every timed run of every query */
  p50All: number;
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export function runBench(items: readonly SearchItem[], runs: number): BenchResult {
  const started = performance.now();
  const index = buildItemIndex(items);
  const buildMs = performance.now() - started;
  const all: number[] = [];
  const queries = QUERIES.map(({ kind, q }) => {
    let found = 0;
    const times: number[] = [];
    for (let r = 0; r < runs + 3; r++) {
      // Timed as a new query: the search remembers recent words' matches (the words
      // before the one being typed), which would make repeats look cheaper than keys.
      forgetTermMatches(index);
      const t0 = performance.now();
      found = searchItems(index, q).items.length;
      if (r >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    return { kind, q, found, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1)! };
  });
  all.sort((a, b) => a - b);
  return { items: items.length, terms: index.terms.length, buildMs, queries, p50All: quantile(all, 0.5) };
}
