/**
 * usage: npm test [-- <vitest filters>]
 * The whole suite: builds the app if stale (once, before any test server starts), runs
 * vitest (unit + API on SQLite + API on PostgreSQL), then the Playwright e2e suite in
 * Chromium (skipped when vitest filters are given), and ends with one plain line
 * "N passed, N failed, N skipped" over both that CI reads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

if (process.argv.includes("--help")) {
  console.log(
    "usage: npm test [-- <vitest filters>]\nBuilds if needed, runs every vitest project, then the e2e suite (not with filters), prints totals.",
  );
  process.exit(0);
}
const root = process.cwd();
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;

if (run(bin("tsx"), ["scripts/ensure-build.ts"]) !== 0) process.exit(1);

mkdirSync(join(root, "test-results"), { recursive: true });
const report = join(root, "test-results", "vitest.json");
const status = run(bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

let e2eStatus = 0;
if (process.argv.length <= 2) {
  const e2eReport = join(root, "test-results", "playwright.json");
  rmSync(e2eReport, { force: true });
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = e2eReport;
  e2eStatus = run(bin("playwright"), ["test", "--reporter=list,json"]);
  if (existsSync(e2eReport)) {
    const s = (
      JSON.parse(readFileSync(e2eReport, "utf8")) as {
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      }
    ).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } else {
    totals.failed += 1; // the e2e run did not even report
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status !== 0 ? status : e2eStatus);
