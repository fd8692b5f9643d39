/**
 * The 20,000-engram spawn page in Chromium: first paint and the cost of a filter
 * keystroke. The targets (< 1 s, < 100 ms) are measured and reported (printed, and written
 * to test-results/spawn-timings.json; docs/PORTAL.md records runs); the test fails beyond
 * bounds with a margin for a shared machine: the best of three first paints over 2 s, the
 * median keystroke over 250 ms (at load average 19 on 2 cores they were 596 ms and
 * 72 ms), and the page's HTML over 400 KB (111 KB; it was 3.6 MB with every row in it,
 * when first paint took 1.2-3.1 s).
 *
 * - first paint: the navigation's first-contentful-paint entry; "ready" is the
 *   performance mark the client component sets once hydrated (filters work from then).
 * - keystroke: from the keydown event's timestamp to the end of the next frame
 *   (requestAnimationFrame, then a task after it, i.e. after that frame was painted);
 *   React renders the filtered table synchronously inside the input event.
 * - baseline: the same first-paint numbers for a 5-engram mod, and the machine's load
 *   average, so a slow run can be told apart from a slow page.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { expect, test, type Page } from "@playwright/test";
import { HUGE_ENGRAMS, MOD_HUGE, MOD_PRIMAL } from "./fixtures";
import { screenshot, spawnReady } from "./helpers";

interface PageTimes {
  responseEnd: number;
  firstContentfulPaint: number;
  domContentLoaded: number;
  ready: number;
  htmlBytes: number;
}

async function pageTimes(page: Page): Promise<PageTimes> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const ready = performance.getEntriesByName("spawn-ready")[0];
    return {
      responseEnd: nav.responseEnd,
      firstContentfulPaint: fcp?.startTime ?? -1,
      domContentLoaded: nav.domContentLoadedEventEnd,
      ready: ready?.startTime ?? -1,
      htmlBytes: nav.decodedBodySize,
    };
  });
}

async function keystrokeTimes(page: Page, text: string): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { keyTimes: number[] };
    w.keyTimes = [];
    document.getElementById("spawn-search")!.addEventListener(
      "keydown",
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.keyTimes.push(performance.now() - t0), 0));
      },
      true,
    );
  });
  const search = page.getByLabel("Search by name, class or path");
  await search.focus();
  for (const ch of text) {
    await page.keyboard.press(ch === " " ? "Space" : ch);
    await page.waitForTimeout(60);
  }
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Backspace");
  await page.waitForTimeout(100);
  return page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
}

const round = (n: number) => Math.round(n);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Bounds the test fails beyond: the targets (1 s, 100 ms) with room for a loaded machine. */
const BOUNDS = { bestFirstPaintMs: 2000, keystrokeMedianMs: 250, htmlBytes: 400_000 };

test("20,000 engrams: best first paint of three < 2 s, median filter keystroke < 250 ms, HTML < 400 KB (targets 1 s and 100 ms reported)", async ({
  browser,
}) => {
  const url = `/spawn/?mod_id=${MOD_HUGE.id}`;
  const loads: PageTimes[] = [];
  let keys: number[] = [];
  for (let run = 0; run < 3; run++) {
    // A new context each time: no cached scripts, as a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await spawnReady(page);
    await expect(page.getByTestId("result-count")).toHaveText(
      `Showing ${HUGE_ENGRAMS.toLocaleString("en-US")} of ${HUGE_ENGRAMS.toLocaleString("en-US")} engrams`,
    );
    loads.push(await pageTimes(page));
    if (run === 0) {
      keys = await keystrokeTimes(page, "metal sword 1");
      await expect(page.getByTestId("result-count")).toHaveText(/Showing 20,000 of/);
      await screenshot(page, "spawn-20000");
    }
    await context.close();
  }
  const baseline: PageTimes[] = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/spawn/?mod_id=${MOD_PRIMAL.id}`);
    await spawnReady(page);
    baseline.push(await pageTimes(page));
    await context.close();
  }
  const summary = {
    load_average_1min: Math.round(loadavg()[0]! * 10) / 10,
    engrams: HUGE_ENGRAMS,
    html_bytes: loads[0]!.htmlBytes,
    first_contentful_paint_ms: loads.map((l) => round(l.firstContentfulPaint)),
    response_end_ms: loads.map((l) => round(l.responseEnd)),
    dom_content_loaded_ms: loads.map((l) => round(l.domContentLoaded)),
    ready_ms: loads.map((l) => round(l.ready)),
    keystroke_ms: keys.map(round),
    keystroke_median_ms: round(median(keys)),
    keystroke_max_ms: round(Math.max(...keys)),
    baseline_5_engrams_first_contentful_paint_ms: baseline.map((l) => round(l.firstContentfulPaint)),
    baseline_5_engrams_ready_ms: baseline.map((l) => round(l.ready)),
    // The targets are reported; the bounds below (with a margin for a shared machine) are asserted.
    meets_targets: {
      first_paint_under_1000_ms: Math.min(...loads.map((l) => l.firstContentfulPaint)) < 1000,
      keystroke_median_under_100_ms: median(keys) < 100,
    },
  };
  console.log(`spawn timings: ${JSON.stringify(summary)}`);
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/spawn-timings.json", `${JSON.stringify(summary, null, 2)}\n`);

  // the text, then Control, a, Backspace
  expect(keys.length).toBe("metal sword 1".length + 3);
  for (const l of loads) expect(l.firstContentfulPaint).toBeGreaterThan(0);
  // Other processes only ever add time: the best of three is the page's own cost.
  expect(Math.min(...loads.map((l) => l.firstContentfulPaint)), "best first paint (ms)").toBeLessThan(
    BOUNDS.bestFirstPaintMs,
  );
  expect(median(keys), "median keystroke (ms)").toBeLessThan(BOUNDS.keystrokeMedianMs);
  expect(loads[0]!.htmlBytes, "HTML bytes of the page").toBeLessThan(BOUNDS.htmlBytes);
});
