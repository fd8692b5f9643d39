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
    }[];
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
