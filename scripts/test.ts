/**
 * usage: npm test [-- <vitest filters>]
 * The whole suite: builds the app if stale (once, before any test server starts), runs
 * vitest (unit + API on SQLite + API on PostgreSQL), then the Playwright e2e suite in
 * Chromium (skipped when vitest filters are given), and ends with one plain line
 * "N passed, N failed, N skipped" over both that CI reads.
 *
 * Skips are never silent: a test skipped on one engine must have passed on the other
 * (the same declaration, by file, line and title), and the tests that ran nowhere are
 * listed by name. In CI (CI=true, which .ci/run exports) any such test fails the run, and
 * so does a skipped e2e test: a test that cannot run there is a defect of the machine or
 * of the test, never a pass.
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

const inCi = /^(1|true)$/i.test(process.env.CI ?? "");
const totals = { passed: 0, failed: 0, skipped: 0 };
/** tests that ran nowhere: "file > title" */
const neverRan: string[] = [];
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      assertionResults: {
        fullName: string;
        title: string;
        status: string;
        location?: { line: number; column: number };
      }[];
    }[];
  };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // A file that failed before any test ran (an import, a hook, a missing tool in CI) counts as one failure.
  totals.failed += r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
  // One declaration runs once per project (the API tests on each engine): key it by place and title.
  const ran = new Map<string, { ran: boolean; name: string }>();
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      const key = `${file.name}:${t.location?.line}:${t.location?.column} ${t.title}`;
      const seen = ran.get(key) ?? { ran: false, name: `${file.name.replace(`${root}/`, "")} > ${t.fullName}` };
      seen.ran ||= t.status !== "skipped" && t.status !== "pending" && t.status !== "todo";
      ran.set(key, seen);
    }
  }
  neverRan.push(...[...ran.values()].filter((t) => !t.ran).map((t) => t.name));
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
    if (s.skipped > 0) neverRan.push(`${s.skipped} e2e test(s) (see the list above)`);
  } else {
    totals.failed += 1; // the e2e run did not even report
  }
}
if (neverRan.length > 0) {
  console.log(`\n${neverRan.length} test(s) ran nowhere (skipped on every engine):\n  ${neverRan.join("\n  ")}`);
  if (inCi) console.log("CI=true: a test that ran nowhere fails the run.");
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status !== 0 ? status : e2eStatus !== 0 ? e2eStatus : inCi && neverRan.length > 0 ? 1 : 0);
