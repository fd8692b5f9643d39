// Mutation testing of the core (`npm run test:mutation`, docs/TESTING.md): Stryker changes
// one thing at a time in the modules where a silent bug costs users most and runs the unit
// tests that cover it; a change no test notices is a surviving mutant. Unit tests only
// (vitest.unit.config.ts): the API projects start servers, far too slow per mutant.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.unit.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "lib/auth/*.ts",
    "lib/api/request-context.ts",
    "lib/api/endpoint.ts",
    "lib/changes/*.ts",
    "lib/loot/game-ini.ts",
    "lib/loot/game-ini-merge.ts",
    "lib/loot/game-ini-reader.ts",
    "lib/loot/write-loot-document.ts",
    "lib/db/group-commit.ts",
    "lib/db/commit.ts",
    "lib/net/address-policy.ts",
  ],
  // The unit tests written for these modules: the ones that must kill their mutants. A
  // mutant only run when a module loads (a constant, a table) reruns all of them.
  testFiles: [
    "test/unit/signature.test.ts",
    "test/unit/constant-time.test.ts",
    "test/unit/endpoint.test.ts",
    "test/unit/changes.test.ts",
    "test/unit/changes-snapshot.test.ts",
    "test/unit/changes-feed.test.ts",
    "test/unit/game-ini-merge.test.ts",
    "test/unit/game-ini-reader.test.ts",
    "test/unit/loot.test.ts",
    "test/unit/loot-editor.test.ts",
    "test/unit/group-commit.test.ts",
    "test/unit/address-guard.test.ts",
    "test/unit/address-prefix.test.ts",
  ],
  // The sandbox is a copy of the checkout: leave out builds and results (it still needs lib/generated).
  ignorePatterns: [".next", "dist", "data", "test-results", "playwright-report", "artifacts", "bench-results", "e2e"],
  coverageAnalysis: "perTest",
  // A mutant that only runs while a module loads (a constant, a table, a regular expression
  // at the top level) needs every related test file reloaded and run: 18 % of the mutants
  // and most of the time. The routine run leaves them out (docs/TESTING.md says how to run
  // them: --ignoreStatic false).
  ignoreStatic: true,
  // Two cores: one worker per core leaves nothing for PostgreSQL, which some unit tests use.
  concurrency: 2,
  timeoutMS: 10_000,
  // A rerun after a change tests again only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: "test-results/mutation/incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "test-results/mutation/index.html" },
  jsonReporter: { fileName: "test-results/mutation/report.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
