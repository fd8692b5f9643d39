/**
 * The totals `npm test` prints and the skips it polices (scripts/test.ts), from vitest's
 * JSON report and Playwright's stats. A declaration runs once per project (the API tests
 * on each engine), so tests are keyed by file, line, column and title: one skipped on an
 * engine it does not apply to is fine when it ran on the other, and one that ran nowhere
 * is listed by name (in CI that fails the run).
 */

export interface VitestReport {
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
      failureMessages?: string[];
    }[];
    /** why a file failed outside its tests (an import, a hook) */
    message?: string;
  }[];
}

export interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** skipped results of tests that ran in another project (an engine-specific test on the other engine) */
  ranElsewhere: number;
  /** tests that ran nowhere: "file > full name" (file relative to the root) */
  neverRan: string[];
}

/**
 * One report from several vitest runs (npm test runs the engines side by side, one vitest
 * each): the counts add up and the files are listed together, so a test skipped on one
 * engine is still matched with its run on the other.
 */
export function mergeVitestReports(reports: VitestReport[]): VitestReport {
  return {
    numPassedTests: reports.reduce((n, r) => n + r.numPassedTests, 0),
    numFailedTests: reports.reduce((n, r) => n + r.numFailedTests, 0),
    numPendingTests: reports.reduce((n, r) => n + r.numPendingTests, 0),
    numTodoTests: reports.reduce((n, r) => n + r.numTodoTests, 0),
    testResults: reports.flatMap((r) => r.testResults),
  };
}

const didNotRun = (status: string) => status === "skipped" || status === "pending" || status === "todo";

export function tallyVitest(r: VitestReport, root: string): Tally {
  // A file that failed with no failed test (an import, a missing tool in CI before any test
  // ran; a hook after them, such as the replica project's check) counts as one failure.
  const brokenFiles = r.testResults.filter(
    (f) => f.status === "failed" && !f.assertionResults.some((t) => t.status === "failed"),
  ).length;
  const ran = new Map<string, { ran: boolean; skips: number; name: string }>();
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      const key = `${file.name}:${t.location?.line}:${t.location?.column} ${t.title}`;
      const seen = ran.get(key) ?? {
        ran: false,
        skips: 0,
        name: `${file.name.replace(`${root}/`, "")} > ${t.fullName}`,
      };
      if (didNotRun(t.status)) seen.skips++;
      else seen.ran = true;
      ran.set(key, seen);
    }
  }
  const tests = [...ran.values()];
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    skipped: r.numPendingTests + r.numTodoTests,
    ranElsewhere: tests.filter((t) => t.ran).reduce((n, t) => n + t.skips, 0),
    neverRan: tests.filter((t) => !t.ran).map((t) => t.name),
  };
}

/** Adds the e2e run: a skipped e2e test ran nowhere (there is one browser); no report at all is a failure. */
export function addPlaywright(tally: Tally, stats: PlaywrightStats | null): Tally {
  if (!stats) return { ...tally, failed: tally.failed + 1 };
  return {
    passed: tally.passed + stats.expected + stats.flaky,
    failed: tally.failed + stats.unexpected,
    skipped: tally.skipped + stats.skipped,
    ranElsewhere: tally.ranElsewhere,
    neverRan:
      stats.skipped > 0 ? [...tally.neverRan, `${stats.skipped} e2e test(s) (see the list above)`] : tally.neverRan,
  };
}

/** The exit status of `npm test`: vitest's, else Playwright's, else (in CI) 1 when a test ran nowhere. */
export function exitStatus(vitest: number, e2e: number, inCi: boolean, tally: Tally): number {
  if (vitest !== 0) return vitest;
  if (e2e !== 0) return e2e;
  return inCi && tally.neverRan.length > 0 ? 1 : 0;
}

const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first line of an error, without the terminal's colour codes, cut to one screen line. */
function firstLine(message: string | undefined): string {
  const line =
    (message ?? "")
      .replace(COLOUR_CODE, "")
      .split("\n")
      .find((l) => l.trim() !== "") ?? "";
  return line.trim().slice(0, 200);
}

/**
 * Every failed test of one vitest run, "[label] file > name: first line of the error", so
 * the end of a CI log names what failed even when the log's middle is cut.
 */
export function vitestFailures(r: VitestReport, root: string, label: string): string[] {
  const where = (file: string) => `[${label}] ${file.replace(`${root}/`, "")}`;
  return r.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    if (file.status === "failed" && failed.length === 0)
      return [`${where(file.name)}: ${firstLine(file.message) || "the file failed outside its tests"}`];
    return failed.map((t) => `${where(file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Every e2e test that failed (Playwright's "unexpected"), named as vitestFailures names them. */
export function playwrightFailures(report: { suites?: PlaywrightSuite[] }): string[] {
  const walk = (suite: PlaywrightSuite, path: string[]): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === "unexpected")
        .map((t) => {
          const error = t.results.map((r) => r.error?.message).find(Boolean);
          return `[e2e] ${[...path, spec.title].join(" > ")}: ${firstLine(error)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap((s) => walk(s, [...path, s.title])),
  ];
  return (report.suites ?? []).flatMap((s) => walk(s, [s.file ?? s.title]));
}
