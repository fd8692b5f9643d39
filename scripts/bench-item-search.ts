/**
 * usage: npx tsx scripts/bench-item-search.ts [--items N (50000)] [--runs N (30)] [--browser] [--json]
 *
 * Time of the item search (lib/catalogue/item-search.ts) over N items, in Node and, with
 * --browser, in Debian's Chromium (/usr/bin/chromium) through Playwright: the same code
 * bundled with esbuild and run in a blank page. Two data sets (scripts/bench/item-search-core.ts):
 * "catalogue" (mod items named like the base game's 820) and "numbered" (e2e-seed-like
 * labels, a word per number: the largest vocabulary). Each query runs 3 times to warm
 * up, then --runs times; prints the index build time and each query's p50, p95 and max
 * in ms, and the p50 over all runs (target: under 20 ms). Measurements, not a test:
 * the load average is printed with them.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { ROOT } from "../test/support/test-server";
import { baseRows, dataSet, runBench, type BenchResult } from "./bench/item-search-core";
import { scriptArgs } from "./lib/script-args";

const args = scriptArgs(import.meta.url);
const size = args.number("items", 50_000);
const runs = args.number("runs", 30);
const csv = readFileSync(`${ROOT}/prisma/seed/base-game-engrams.csv`, "utf8");
const SETS = ["catalogue", "numbered"] as const;

function print(where: string, set: string, r: BenchResult): void {
  console.log(
    `\n${where}, ${set}: ${r.items} items, ${r.terms} words, index built in ${r.buildMs.toFixed(0)} ms, p50 of all runs ${r.p50All.toFixed(2)} ms`,
  );
  for (const q of r.queries)
    console.log(
      `  ${q.kind.padEnd(22)} ${JSON.stringify(q.q).padEnd(32)} ${String(q.found).padStart(6)} found  p50 ${q.p50.toFixed(2).padStart(6)}  p95 ${q.p95.toFixed(2).padStart(6)}  max ${q.max.toFixed(2).padStart(6)}`,
    );
}

async function inChromium(): Promise<Record<string, BenchResult>> {
  const { build } = await import("esbuild");
  const { chromium } = await import("@playwright/test");
  const bundle = await build({
    stdin: { contents: `export * from "./scripts/bench/item-search-core.ts";`, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    format: "iife",
    globalName: "bench",
    platform: "browser",
    minify: true,
    write: false,
    alias: { "@": ROOT },
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const out: Record<string, BenchResult> = {};
    for (const set of SETS) {
      out[set] = await page.evaluate(
        ({ csv, set, size, runs }) => {
          const b = (window as unknown as { bench: typeof import("./bench/item-search-core") }).bench;
          return b.runBench(b.dataSet(set, b.baseRows(csv), size), runs);
        },
        { csv, set, size, runs },
      );
    }
    return out;
  } finally {
    await browser.close();
  }
}

const results: Record<string, Record<string, BenchResult>> = { node: {} };
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const set of SETS) {
  results.node![set] = runBench(dataSet(set, baseRows(csv), size), runs);
  print(`Node ${process.version}`, set, results.node![set]!);
}
if (args.has("browser")) {
  results.chromium = await inChromium();
  for (const set of SETS) print("Chromium", set, results.chromium[set]!);
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (args.has("json")) console.log(JSON.stringify(results));
