// No test skips silently: `npm test` counts a test skipped on one engine as fine only when
// the same declaration ran on the other, lists the tests that ran nowhere and fails on
// them in CI (scripts/lib/test-tally.ts); a test that needs a tool from outside npm fails
// in CI when the tool is missing, and outside CI skips with a warning naming it
// (test/support/required-tool.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addPlaywright,
  exitStatus,
  mergeVitestReports,
  playwrightFailures,
  tallyVitest,
  vitestFailures,
  type VitestReport,
} from "../../scripts/lib/test-tally";

const ROOT = "/repo";
type Result = VitestReport["testResults"][number]["assertionResults"][number];
const result = (title: string, status: string, line: number): Result => ({
  fullName: `suite ${title}`,
  title,
  status,
  location: { line, column: 3 },
});

/** The same two files as each API project reports them: one result per engine. */
function report(sqlite: Result[], postgresql: Result[], extra: VitestReport["testResults"] = []): VitestReport {
  const all = [...sqlite, ...postgresql];
  return {
    numPassedTests: all.filter((r) => r.status === "passed").length,
    numFailedTests: all.filter((r) => r.status === "failed").length,
    numPendingTests: all.filter((r) => r.status === "skipped" || r.status === "pending").length,
    numTodoTests: all.filter((r) => r.status === "todo").length,
    testResults: [
      { name: `${ROOT}/test/api/a.test.ts`, status: "passed", assertionResults: sqlite },
      { name: `${ROOT}/test/api/a.test.ts`, status: "passed", assertionResults: postgresql },
      ...extra,
    ],
  };
}

describe("the skip tally of npm test", () => {
  it("an engine-specific test skipped on one engine and run on the other is counted, not listed", () => {
    const tally = tallyVitest(
      report(
        [result("both", "passed", 1), result("pg only", "skipped", 2)],
        [result("both", "passed", 1), result("pg only", "passed", 2)],
      ),
      ROOT,
    );
    expect(tally).toEqual({ passed: 3, failed: 0, skipped: 1, ranElsewhere: 1, neverRan: [] });
    expect(exitStatus(0, 0, true, tally)).toBe(0);
  });

  it("a test skipped everywhere (or todo) is listed by file and name, and fails CI only", () => {
    const tally = tallyVitest(
      report(
        [result("nginx", "skipped", 5), result("later", "todo", 9), result("x", "passed", 1)],
        [result("nginx", "skipped", 5), result("later", "todo", 9), result("x", "passed", 1)],
      ),
      ROOT,
    );
    expect(tally).toEqual({
      passed: 2,
      failed: 0,
      skipped: 4,
      ranElsewhere: 0,
      neverRan: ["test/api/a.test.ts > suite nginx", "test/api/a.test.ts > suite later"],
    });
    expect(exitStatus(0, 0, true, tally)).toBe(1);
    expect(exitStatus(0, 0, false, tally)).toBe(0);
  });

  it("tells two declarations with the same title apart by their place", () => {
    const tally = tallyVitest(
      report([result("same", "passed", 1), result("same", "skipped", 7)], [result("same", "skipped", 7)]),
      ROOT,
    );
    expect(tally.neverRan).toEqual(["test/api/a.test.ts > suite same"]);
  });

  it("matches a skip with its run across the engines' separate vitest runs, and adds their counts", () => {
    const both = report(
      [result("pg only", "skipped", 2), result("both", "failed", 1)],
      [result("pg only", "passed", 2), result("both", "passed", 1)],
    );
    const [sqliteRun, postgresqlRun] = both.testResults;
    const half = (file: VitestReport["testResults"][number]): VitestReport => ({
      numPassedTests: file.assertionResults.filter((r) => r.status === "passed").length,
      numFailedTests: file.assertionResults.filter((r) => r.status === "failed").length,
      numPendingTests: file.assertionResults.filter((r) => r.status === "skipped").length,
      numTodoTests: 0,
      testResults: [file],
    });
    const tally = tallyVitest(mergeVitestReports([half(sqliteRun!), half(postgresqlRun!)]), ROOT);
    expect(tally).toEqual({ passed: 2, failed: 1, skipped: 1, ranElsewhere: 1, neverRan: [] });
    expect(tallyVitest(half(sqliteRun!), ROOT).neverRan).toEqual(["test/api/a.test.ts > suite pg only"]);
  });

  it("counts a file that failed before any test ran (a missing tool in CI) as a failure", () => {
    const tally = tallyVitest(
      report([], [], [{ name: `${ROOT}/test/api/nginx.test.ts`, status: "failed", assertionResults: [] }]),
      ROOT,
    );
    expect([tally.failed, tally.neverRan]).toEqual([1, []]);
  });

  it("counts a file whose tests passed but whose afterAll failed (a per-file check) as a failure", () => {
    const passed = [result("x", "passed", 1)];
    const tally = tallyVitest(
      report([], [], [{ name: `${ROOT}/test/api/users.test.ts`, status: "failed", assertionResults: passed }]),
      ROOT,
    );
    expect([tally.passed, tally.failed]).toEqual([0, 1]);
    const failedTest = [result("x", "failed", 1)];
    const counted = tallyVitest(
      {
        ...report([], []),
        numFailedTests: 1,
        testResults: [{ name: "f", status: "failed", assertionResults: failedTest }],
      },
      ROOT,
    );
    expect(counted.failed).toBe(1);
  });

  it("adds the e2e run: a skipped e2e test ran nowhere; no report at all is a failure", () => {
    const base = { passed: 1, failed: 0, skipped: 0, ranElsewhere: 0, neverRan: [] };
    const withE2e = addPlaywright(base, { expected: 4, unexpected: 1, flaky: 1, skipped: 2 });
    expect(withE2e).toEqual({
      passed: 6,
      failed: 1,
      skipped: 2,
      ranElsewhere: 0,
      neverRan: ["2 e2e test(s) (see the list above)"],
    });
    expect(addPlaywright(base, null)).toEqual({ ...base, failed: 1 });
    expect(addPlaywright(base, { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }).neverRan).toEqual([]);
  });

  it("exits with vitest's status first, then Playwright's", () => {
    const clean = { passed: 1, failed: 0, skipped: 0, ranElsewhere: 0, neverRan: [] };
    expect(exitStatus(2, 1, true, clean)).toBe(2);
    expect(exitStatus(0, 1, false, clean)).toBe(1);
  });
});

describe("requireTool", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });
  const load = async (ci: string) => {
    vi.stubEnv("CI", ci);
    vi.resetModules();
    return import("../support/required-tool");
  };

  it("in CI, a missing tool is an error naming it and its install", async () => {
    for (const ci of ["true", "1", "TRUE"]) {
      const { requireTool, IN_CI } = await load(ci);
      expect(IN_CI).toBe(true);
      expect(() => requireTool("nginx", false, "apt-get install nginx")).toThrow(
        "nginx is not installed (apt-get install nginx); .ci/run installs it. In CI every tool a test needs must be there.",
      );
      expect(requireTool("nginx", true, "apt-get install nginx")).toBe(true);
    }
  });

  it("outside CI, a missing tool skips with a warning that names it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const ci of ["", "false", "0"]) {
      const { requireTool, IN_CI } = await load(ci);
      expect(IN_CI).toBe(false);
      expect(requireTool("nginx", false, "apt-get install nginx")).toBe(false);
    }
    expect(warn).toHaveBeenCalledWith("SKIPPED: nginx is not installed (apt-get install nginx); .ci/run installs it.");
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe("the list of failures npm test ends with", () => {
  it("names each failed vitest test by engine, file and name, with its error's first line, colours removed", () => {
    const failed = {
      ...result("keeps a page", "failed", 4),
      failureMessages: ["\u001b[31mAssertionError: expected 'a' to be 'b'\u001b[39m\n    at stack line"],
    };
    const r = report([result("x", "passed", 1)], [failed]);
    expect(vitestFailures(r, ROOT, "postgresql")).toEqual([
      "[postgresql] test/api/a.test.ts > suite keeps a page: AssertionError: expected 'a' to be 'b'",
    ]);
    expect(vitestFailures(report([result("x", "passed", 1)], []), ROOT, "sqlite")).toEqual([]);
  });

  it("names a file that failed outside its tests", () => {
    const broken = report(
      [],
      [],
      [
        {
          name: `${ROOT}/test/api/b.test.ts`,
          status: "failed",
          message: "\nError: hook timed out",
          assertionResults: [],
        },
      ],
    );
    expect(vitestFailures(broken, ROOT, "api-sqlite")).toEqual([
      "[api-sqlite] test/api/b.test.ts: Error: hook timed out",
    ]);
  });

  it("names each unexpected e2e result by file, describe and title, never a passed or flaky one", () => {
    const spec = (title: string, status: string, message?: string) => ({
      title,
      tests: [{ status, results: [{ error: message ? { message } : undefined }] }],
    });
    const failures = playwrightFailures({
      suites: [
        {
          title: "pages.spec.ts",
          file: "pages.spec.ts",
          specs: [spec("home", "expected"), spec("login", "unexpected", "Error: timeout 5000ms\nmore")],
          suites: [{ title: "phone", specs: [spec("menu", "unexpected", "Error: not visible"), spec("b", "flaky")] }],
        },
      ],
    });
    expect(failures).toEqual([
      "[e2e] pages.spec.ts > login: Error: timeout 5000ms",
      "[e2e] pages.spec.ts > phone > menu: Error: not visible",
    ]);
  });
});
