/**
 * usage: npm test [-- <vitest filters>]
 * The whole suite: builds the app if stale (once, before any test server starts), then
 * runs three streams together: vitest on unit + API on SQLite; vitest on API on
 * PostgreSQL; the Playwright e2e suite in Chromium followed by a few slow PostgreSQL files
 * and the v1 tests on PostgreSQL with a read replica (without filters; with them, the
 * replica follows PostgreSQL and there is no e2e), and ends with one plain line
 * "N passed, N failed, N skipped" over all of them that CI reads.
 *
 * Skips are never silent: a test skipped on one engine must have passed on the other
 * (the same declaration, by file, line and title), and the tests that ran nowhere are
 * listed by name. In CI (CI=true, which .ci/run exports) any such test fails the run, and
 * so does a skipped e2e test: a test that cannot run there is a defect of the machine or
 * of the test, never a pass.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import {
  addPlaywright,
  exitStatus,
  mergeVitestReports,
  playwrightFailures,
  tallyVitest,
  vitestFailures,
  type PlaywrightStats,
  type Tally,
  type VitestReport,
} from "./lib/test-tally";
import { replicaProjectSkipped } from "../test/support/pair-available.ts";
import { PG_ADMIN_URL } from "../test/support/databases.ts";
import { IN_CI, installCommand } from "../test/support/required-tool.ts";
import { findChromium } from "../e2e/chromium.ts";
import { probe, running, startEmbeddedPostgres, type EmbeddedPostgres } from "../test/support/embedded-postgres.ts";

if (process.argv.includes("--help")) {
  console.log(
    "usage: npm test [-- <vitest filters>]\nBuilds if needed, runs every vitest project and the e2e suite (not with filters) in three streams side by side, prints totals.",
  );
  process.exit(0);
}
const root = process.cwd();
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = (cmd: string, args: string[]) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;

if (run(bin("tsx"), ["scripts/ensure-build.ts"]) !== 0) process.exit(1);

/**
 * A command whose output goes to ours: as it is for the first stream, line by line with
 * its name in front for the others, so streams running together stay apart.
 */
function stream(name: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn(cmd, args, {
    stdio: name ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  if (name)
    for (const [from, to] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const)
      createInterface({ input: from }).on("line", (line) => to.write(`[${name}] ${line}\n`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

mkdirSync(join(root, "test-results"), { recursive: true });
// The v1 tests with a read replica need root for their private PostgreSQL pair: outside CI
// a machine without it skips them, loudly (vitest.config.ts leaves the project out too),
// also when a filter names them.
const replicaSkipped = replicaProjectSkipped();
const REPLICA_PROJECT = "api-postgresql-replica";
const args = process.argv.slice(2);
const namesReplica = (a: string, i: number) =>
  a === `--project=${REPLICA_PROJECT}` ||
  (a === "--project" && args[i + 1] === REPLICA_PROJECT) ||
  (a === REPLICA_PROJECT && args[i - 1] === "--project");
const filters = replicaSkipped ? args.filter((a, i) => !namesReplica(a, i)) : args;
const asked = filters.some((a) => a.startsWith("--project"));
if (replicaSkipped) {
  console.warn(replicaSkipped);
  if (!asked && filters.length < args.length) {
    console.log("\n0 passed, 0 failed, 0 skipped");
    process.exit(0);
  }
}
// PostgreSQL: the one at TEST_PG_ADMIN_URL (else 127.0.0.1:5432) when it answers. When
// nothing answers there (a fresh machine), a private one from the embedded-postgres
// package on a free port for this run, removed at its end, also on Ctrl-C
// (docs/TESTING.md#postgresql-for-the-tests).
let privatePostgres: EmbeddedPostgres | null = null;
const pgMissing = await probe(PG_ADMIN_URL);
const shownUrl = PG_ADMIN_URL.replace(/\/\/[^@/]*@/, "//");
if (pgMissing?.nobody) {
  const started = Date.now();
  try {
    privatePostgres = await startEmbeddedPostgres();
  } catch (err) {
    console.error(
      `\nNo PostgreSQL answers at ${shownUrl} (${pgMissing.error}), and none could be started for this run:`,
    );
    console.error((err as Error).message);
    process.exit(1);
  }
  const pg = privatePostgres;
  process.on("exit", () => pg.stop());
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => process.exit(130));
  process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
  console.log(
    `PostgreSQL: nothing answers at ${shownUrl}; started a private ${pg.version} (embedded-postgres) at ${pg.adminUrl}, ` +
      `data in ${pg.dir}, in ${Date.now() - started} ms; removed when the run ends.`,
  );
} else if (pgMissing) {
  console.warn(`PostgreSQL at ${shownUrl} answers but refuses the tests: ${pgMissing.error}`);
}

// The engines run side by side, one vitest each, and the e2e suite beside them: within an
// engine the files share one server and database and take turns (one worker: 2 cores),
// and the e2e suite has its own server, database and one browser; but much of each one's
// time is spent waiting (a rate limit's window, the soak's fixed minute, servers
// starting, fsync, a page settling), which the others fill. A stream's runs follow one
// another, each a vitest with its own server and database, so a run never shares them with
// files beside it. A run that names its projects is one vitest, as asked; filters leave
// the e2e suite out, and with it the rebalancing below.
interface VitestRun {
  name: string;
  projects: string[];
  /** only these files (a run of files moved out of their engine's stream) */
  files?: string[];
  /** not these files: another stream runs them */
  exclude?: string[];
}
/**
 * PostgreSQL files moved to the e2e stream, which would otherwise finish long before the
 * others, so the three end close together: among the engine's slowest files, and they
 * need nothing its other files leave behind. Measured in a clean-clone CI (2026-11-29, on
 * 2 cores): before, the SQLite stream took 1,354 s, PostgreSQL 1,429 s and then 90 s with
 * the replica, e2e 744 s; db-copy, base-catalogue and openapi took 135, 113 and 83 s. The
 * soak stays where it was: at the e2e stream's end, beside both engines' streams, its
 * rate-capped load got 28 requests a second, the least of four runs (34-50 elsewhere).
 */
const MOVED_POSTGRESQL = ["db-copy", "base-catalogue", "openapi"].map((f) => `test/api/${f}.test.ts`);
const whole = filters.length === 0 && !asked;
const replicaRuns: VitestRun[] = replicaSkipped ? [] : [{ name: "postgresql-replica", projects: [REPLICA_PROJECT] }];
const E2E = "e2e";
const streams: (VitestRun | typeof E2E)[][] = asked
  ? [[{ name: "", projects: [] }]]
  : whole
    ? [
        [{ name: "", projects: ["unit", "api-sqlite"] }],
        [{ name: "postgresql", projects: ["api-postgresql"], exclude: MOVED_POSTGRESQL }],
        [E2E, { name: "postgresql-moved", projects: ["api-postgresql"], files: MOVED_POSTGRESQL }, ...replicaRuns],
      ]
    : [
        [{ name: "", projects: ["unit", "api-sqlite"] }],
        [{ name: "postgresql", projects: ["api-postgresql"] }, ...replicaRuns],
      ];
const groups = streams.flat().filter((r): r is VitestRun => r !== E2E);
const reportOf = (name: string) => join(root, "test-results", name ? `vitest-${name}.json` : "vitest.json");
for (const g of groups) rmSync(reportOf(g.name), { force: true });
const vitest = (group: VitestRun) =>
  stream(group.name, bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportOf(group.name)}`,
    ...group.projects.flatMap((p) => ["--project", p]),
    ...(group.exclude ?? []).flatMap((f) => ["--exclude", f]),
    ...(group.files ?? []),
    // a filter may name files of one group only
    ...(filters.length > 0 ? ["--passWithNoTests", ...filters] : []),
  ]);
const e2eReport = join(root, "test-results", "playwright.json");
rmSync(e2eReport, { force: true });
// Tests skipped for a tool this machine lacks (required-tool.ts) are noted here, listed at the end.
const missingToolsFile = join(root, "test-results", "missing-tools.jsonl");
rmSync(missingToolsFile, { force: true });
process.env.MISSING_TOOLS_FILE = missingToolsFile;
// No Chromium at all: outside CI the e2e suite is not started and is listed at the end;
// in CI it runs and fails with Playwright's own error.
const browser = whole ? findChromium() : null;
const e2eSkipped = whole && !browser && !IN_CI;
if (whole) console.log(browser ? `e2e: Chromium: ${browser.source}` : "e2e: no Chromium found (e2e/chromium.ts)");
const e2e = () =>
  e2eSkipped
    ? Promise.resolve(0)
    : stream(E2E, bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport });
let e2eStatus = 0;
/** A stream's runs follow one another; its vitest status is the first that failed. */
const statuses = await Promise.all(
  streams.map(async (runs) => {
    let status = 0;
    for (const run of runs) {
      if (run === E2E) e2eStatus = await e2e();
      else {
        const code = await vitest(run);
        if (status === 0) status = code;
      }
    }
    return status;
  }),
);
const status = statuses.find((s) => s !== 0) ?? 0;

const inCi = IN_CI;
const namedReports = groups
  .filter((g) => existsSync(reportOf(g.name)))
  .map((g) => ({
    label: g.name || g.projects.join("+") || "vitest",
    report: JSON.parse(readFileSync(reportOf(g.name), "utf8")) as VitestReport,
  }));
const reports = namedReports.map((r) => r.report);
const failures = namedReports.flatMap(({ label, report }) => vitestFailures(report, root, label));
let tally: Tally =
  reports.length > 0
    ? tallyVitest(mergeVitestReports(reports), root)
    : { passed: 0, failed: 0, skipped: 0, ranElsewhere: 0, neverRan: [] };
if (whole && !e2eSkipped) {
  const e2e = existsSync(e2eReport)
    ? (JSON.parse(readFileSync(e2eReport, "utf8")) as { stats: PlaywrightStats } & Parameters<
        typeof playwrightFailures
      >[0])
    : null;
  tally = addPlaywright(tally, e2e?.stats ?? null);
  if (e2e) failures.push(...playwrightFailures(e2e));
  else failures.push("[e2e] no report: the suite did not finish");
}
if (tally.neverRan.length > 0) {
  console.log(
    `\n${tally.neverRan.length} test(s) ran nowhere (skipped on every engine):\n  ${tally.neverRan.join("\n  ")}`,
  );
  if (inCi) console.log("CI=true: a test that ran nowhere fails the run.");
}
if (tally.skipped > 0)
  console.log(
    `\nSkipped: ${tally.ranElsewhere} result(s) of engine-specific tests on the engine they do not apply to (each ran on the other), ${tally.skipped - tally.ranElsewhere} of tests that ran nowhere.`,
  );
if (replicaSkipped) console.log(`\n${replicaSkipped}`);
const notRun = missingTools(tally.neverRan);
if (e2eSkipped)
  notRun.push(
    `Chromium: the e2e suite (e2e/*.spec.ts, every page in a browser)\n    install: ${installCommand("chromium")}, or set CHROMIUM_PATH to one`,
  );
if (notRun.length > 0)
  console.log(`\nCould not run here, for a missing tool (CI installs each: .ci/run):\n  ${notRun.join("\n  ")}`);
if (privatePostgres) {
  privatePostgres.stop();
  const left = [
    ...(running(privatePostgres.pid) ? [`process ${privatePostgres.pid}`] : []),
    ...(existsSync(privatePostgres.dir) ? [privatePostgres.dir] : []),
  ];
  console.log(
    left.length === 0
      ? `\nPostgreSQL: the private server (process ${privatePostgres.pid}) ended and ${privatePostgres.dir} was removed.`
      : `\nPostgreSQL: the private server left behind: ${left.join(", ")}`,
  );
}
// Named again at the very end, where a CI log cut to its last lines still shows them.
if (failures.length > 0) console.log(`\nFailed (${failures.length}):\n  ${failures.join("\n  ")}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(exitStatus(status, e2eStatus, inCi, tally));

/**
 * The tests a missing tool kept from running (noted by required-tool.ts), one entry per
 * tool: the files, how many of their tests ran nowhere, and the command that installs it.
 */
function missingTools(neverRan: string[]): string[] {
  if (!existsSync(missingToolsFile)) return [];
  const byTool = new Map<string, { install: string; files: Set<string> }>();
  for (const line of readFileSync(missingToolsFile, "utf8").split("\n").filter(Boolean)) {
    const note = JSON.parse(line) as { what: string; install: string; file: string };
    const entry = byTool.get(note.what) ?? { install: note.install, files: new Set<string>() };
    entry.files.add(note.file);
    byTool.set(note.what, entry);
  }
  return [...byTool].map(([what, { install, files }]) => {
    const each = [...files].map((f) => {
      const n = neverRan.filter((t) => t.startsWith(`${f} >`)).length;
      return `${f} (${n} ${n === 1 ? "test" : "tests"})`;
    });
    return `${what}: ${each.join(", ")}\n    install: ${install}`;
  });
}
