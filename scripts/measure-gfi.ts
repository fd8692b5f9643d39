/**
 * usage: tsx scripts/measure-gfi.ts [--items N (50000)] [--runs R (5)]
 *
 * Time to compute the short GFI codes (lib/catalogue/gfi-codes.ts) of the base game's
 * 820 engrams plus generated mod engrams, N class names in all, R runs each (the first
 * run of a set pays for V8's compilation, so the median is printed too). Two sets:
 * "mods", class names as mods name them (a game-like prefix, the mod's own tag, one or
 * two words of a 200-word vocabulary, and a tenth of them variants of another name with
 * a suffix, which then have no code), and "nested", where nearly every name lies inside
 * a longer one (numbered variants): the slowest case, as such names keep their windows
 * to their full length. Prints milliseconds, how many names have no code, and the
 * longest code. Nothing is written.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gfiCodes } from "@/lib/catalogue/gfi-codes";
import { classOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { scriptArgs } from "./lib/script-args";
import { median } from "./lib/timing";

const args = scriptArgs(import.meta.url);
const items = args.number("items", 50_000);
const runs = args.number("runs", 5);
const ROOT = join(import.meta.dirname, "..");
const base = readEngramFile(readFileSync(join(ROOT, "prisma/seed/base-game-engrams.csv"), "utf8"), "csv").map((r) =>
  classOf((r.value as { path: string }).path),
);

// mulberry32: the same sets every run.
let seed = 7;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
const syllables = [
  "ka",
  "to",
  "ri",
  "mo",
  "ze",
  "lu",
  "pa",
  "ne",
  "shi",
  "vo",
  "gra",
  "dex",
  "bor",
  "ith",
  "quo",
  "wyn",
];
const word = () => {
  let w = "";
  for (let n = 2 + rnd(2); n > 0; n--) w += syllables[rnd(syllables.length)];
  return w[0]!.toUpperCase() + w.slice(1);
};
const vocabulary = Array.from({ length: 200 }, word);
const prefixes = [
  "PrimalItem_Weapon",
  "PrimalItemArmor_",
  "PrimalItemStructure_",
  "PrimalItemConsumable_",
  "PrimalItemResource_",
  "PrimalItemAmmo_",
  "PrimalItemCostume_",
];

function modSet(): string[] {
  const names = new Set(base);
  const tags = Array.from({ length: 500 }, word);
  const list = [...base];
  while (list.length < items) {
    const made =
      rnd(10) === 0 && list.length > base.length
        ? `${list[base.length + rnd(list.length - base.length)]!.replace(/_C$/, "")}${vocabulary[rnd(vocabulary.length)]}_C`
        : `${prefixes[rnd(prefixes.length)]}${tags[rnd(tags.length)]}_${vocabulary[rnd(vocabulary.length)]}${rnd(2) ? vocabulary[rnd(vocabulary.length)] : ""}_C`;
    if (names.has(made)) continue;
    names.add(made);
    list.push(made);
  }
  return list;
}

function nestedSet(): string[] {
  const list = [...base];
  for (let i = 0; list.length < items; i++)
    list.push(
      `${prefixes[i % prefixes.length]}${vocabulary[i % 200]}_${vocabulary[(i * 7) % 200]}${Math.floor(i / 1400)}_C`,
    );
  return list;
}

for (const [name, set] of [
  ["mods", modSet()],
  ["nested", nestedSet()],
] as const) {
  const times: number[] = [];
  let codes: (string | null)[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    codes = gfiCodes(set);
    times.push(performance.now() - t0);
  }
  const longest = Math.max(...codes.map((c) => c?.length ?? 0));
  console.log(
    `${name}: ${set.length} class names, ${times.map((t) => t.toFixed(0)).join(" / ")} ms (median ${median(times).toFixed(0)}), ` +
      `${codes.filter((c) => c === null).length} without a code, longest code ${longest}`,
  );
}
