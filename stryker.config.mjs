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
  // The sandbox is a copy of the checkout: leave out builds and results (it still needs lib/generated).
  ignorePatterns: [".next", "dist", "data", "test-results", "playwright-report", "artifacts", "bench-results", "e2e"],
  coverageAnalysis: "perTest",
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
