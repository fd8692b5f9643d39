/**
 * usage: npm test [-- <vitest filters>]
 * The whole suite: builds the app if stale (once, before any test server starts), runs
 * vitest (unit + API on SQLite + API on PostgreSQL) and ends with one plain line
 * "N passed, N failed, N skipped" that CI reads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

if (process.argv.includes("--help")) {
  console.log("usage: npm test [-- <vitest filters>]\nBuilds if needed, runs every vitest project, prints totals.");
  process.exit(0);
}
const root = process.cwd();
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;

if (run(bin("tsx"), ["scripts/ensure-build.ts"]) !== 0) process.exit(1);

mkdirSync(join(root, "test-results"), { recursive: true });
const report = join(root, "test-results", "vitest.json");
const status = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)]);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(status);
