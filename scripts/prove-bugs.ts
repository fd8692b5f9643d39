/**
 * usage: npm run test:bugs -- [--runs N (3)] [--only name,name] [--list]
 *
 * Proves that the tests catch the bugs that cost users most: each mutation below puts
 * one such bug back into the sources (a signature over a rewritten request target, a
 * changes feed without its PostgreSQL snapshot filter, a Game.ini merge that loses a
 * kept line's bytes), runs the tests meant to catch it, and puts the file back, N times.
 * First the same tests run once on the sources as they are: they must pass there, or a
 * failure under a mutation would prove nothing.
 *
 * A mutation must make at least one test fail in every run; the script prints, per
 * mutation and run, which tests failed, writes test-results/prove-bugs.json, and exits 1
 * when a baseline test failed or any run of any mutation passed.
 *
 * The mutated file keeps its modification time, so the Next.js build does not look stale
 * (the v1 endpoints the API tests call are served by dist/server.js, not by Next.js);
 * dist/server.js is recompiled with the mutation for the API tests, and again after the
 * file is restored. The file is restored on any exit, Ctrl-C included. Needs PostgreSQL
 * on 127.0.0.1:5432 (as `npm test`) and a build (scripts/ensure-build.ts). Takes about
 * 10-20 minutes for three runs; not part of `npm test`.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildIsStale } from "@/lib/server/ensure-build";
import { scriptArgs } from "./lib/script-args";

const args = scriptArgs(import.meta.url);
const runs = args.number("runs", 3);
const root = process.cwd();

type Project = "unit" | "api-sqlite" | "api-postgresql";
interface TestFile {
  project: Project;
  file: string;
}
interface Mutation {
  name: string;
  /** the bug, as a reviewer would describe it */
  bug: string;
  file: string;
  /** text that occurs exactly once in `file`, and what replaces it */
  find: string;
  replace: string;
  tests: TestFile[];
}

const unit = (file: string): TestFile => ({ project: "unit", file });
const sqlite = (file: string): TestFile => ({ project: "api-sqlite", file });
const postgresql = (file: string): TestFile => ({ project: "api-postgresql", file });

const SIGNATURE_TESTS = [
  unit("test/unit/signature.test.ts"),
  unit("test/unit/node-adapter.test.ts"),
  sqlite("test/api/signed-targets.test.ts"),
];
const VERIFIED = "const content = signedContent(req.method, baseUrl, req.rawTarget, req.body);";
const MERGE_TESTS = [unit("test/unit/game-ini-merge.test.ts")];
const KEPT_LINE = "      out.push(line);\n";

export const MUTATIONS: Mutation[] = [
  {
    name: "target-new-url",
    bug: "the request target is rebuilt with new URL() (re-encodes quotes, braces and non-ASCII, removes /./)",
    file: "lib/api/node-adapter.ts",
    find: 'rawTarget: req.url ?? "/",',
    replace: 'rawTarget: ((u) => u.pathname + u.search)(new URL(req.url ?? "/", "http://localhost")),',
    tests: SIGNATURE_TESTS,
  },
  {
    name: "signed-content-decode-uri",
    bug: "signedContent decodes the target (decodeURI) before signing and verifying, on both sides",
    file: "lib/auth/signed-content.ts",
    find: "const head = `${upper}\\n${baseUrl}${rawTarget}`;",
    replace: "const head = `${upper}\\n${baseUrl}${decodeURI(rawTarget)}`;",
    tests: SIGNATURE_TESTS,
  },
  {
    name: "query-reserialised",
    bug: "the verifier re-serialises the query with URLSearchParams (+ and %20, empty keys, escapes change)",
    file: "lib/auth/authenticate.ts",
    find: VERIFIED,
    replace:
      "const q = req.rawTarget.indexOf('?');\n  const content = signedContent(req.method, baseUrl, " +
      "q < 0 ? req.rawTarget : `${req.rawTarget.slice(0, q)}?${new URLSearchParams(req.rawTarget.slice(q + 1)).toString()}`, req.body);",
    tests: SIGNATURE_TESTS,
  },
  {
    name: "escapes-upper-cased",
    bug: "the verifier normalises percent-escapes to upper case (%e2 -> %E2), as RFC 3986 normalisers do",
    file: "lib/auth/authenticate.ts",
    find: VERIFIED,
    replace:
      "const content = signedContent(req.method, baseUrl, " +
      "req.rawTarget.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase()), req.body);",
    tests: SIGNATURE_TESTS,
  },
  {
    name: "no-snapshot-filter",
    bug: "the PostgreSQL changes feed serves rows of transactions above its snapshot's xmin (the filter removed)",
    file: "lib/changes/change-log.ts",
    find: '`AND "txid" < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`',
    replace: '""',
    tests: [unit("test/unit/changes-snapshot.test.ts"), postgresql("test/api/changes-exact.test.ts")],
  },
  {
    name: "merge-unifies-line-endings",
    bug: "the merge writes every kept line with the file's usual line ending",
    file: "lib/loot/game-ini-merge.ts",
    find: KEPT_LINE,
    replace: '      out.push({ text: line.text, end: line.end === "" ? "" : eol });\n',
    tests: MERGE_TESTS,
  },
  {
    name: "merge-trims-kept-lines",
    bug: "the merge trims trailing spaces and tabs from the lines it keeps",
    file: "lib/loot/game-ini-merge.ts",
    find: KEPT_LINE,
    replace: '      out.push({ text: line.text.replace(/[ \\t]+$/, ""), end: line.end });\n',
    tests: MERGE_TESTS,
  },
  {
    name: "merge-ignores-lone-cr",
    bug: "the merge does not end a line at a lone CR (only at LF and CRLF)",
    file: "lib/loot/game-ini-merge.ts",
    find: "const re = /([^\\r\\n]*)(\\r\\n|\\n|\\r|$)/g;",
    replace: "const re = /((?:[^\\r\\n]|\\r(?!\\n))*)(\\r\\n|\\n|$)/g;",
    tests: MERGE_TESTS,
  },
];

if (args.has("list")) {
  for (const m of MUTATIONS) console.log(`${m.name}: ${m.bug}\n  ${m.file}; ${m.tests.map(label).join(", ")}`);
  process.exit(0);
}
const only = args.text("only")?.split(",");
const chosen = only ? MUTATIONS.filter((m) => only.includes(m.name)) : MUTATIONS;
if (only && chosen.length !== only.length) {
  console.error(`unknown mutation in --only; known: ${MUTATIONS.map((m) => m.name).join(", ")}`);
  process.exit(2);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs must be a positive integer");
  process.exit(2);
}
if (buildIsStale(root)) {
  console.error("The build is stale: run `npx tsx scripts/ensure-build.ts` first (the API tests need it).");
  process.exit(2);
}

function label(t: TestFile): string {
  return `${t.project} ${t.file}`;
}

interface Outcome {
  passed: number;
  failed: string[];
  /** a file that failed without any test failing (an import error, a hook) */
  fileErrors: string[];
  seconds: number;
}

const report = join(root, "test-results", "prove-bugs.vitest.json");

/** Runs one test file of one project; which tests failed. */
function runTests(t: TestFile): Promise<Outcome> {
  mkdirSync(join(root, "test-results"), { recursive: true });
  rmSync(report, { force: true });
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(root, "node_modules", ".bin", "vitest"),
      ["run", "--project", t.project, t.file, "--reporter=json", `--outputFile.json=${report}`],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on("error", reject);
    child.on("close", () => {
      const seconds = Math.round((Date.now() - started) / 1000);
      let r: {
        numPassedTests: number;
        testResults: {
          name: string;
          status: string;
          message?: string;
          assertionResults: { fullName: string; status: string }[];
        }[];
      };
      try {
        r = JSON.parse(readFileSync(report, "utf8")) as typeof r;
      } catch {
        resolve({
          passed: 0,
          failed: [],
          fileErrors: [`no report (${stderr.trim().split("\n").at(-1) ?? ""})`],
          seconds,
        });
        return;
      }
      const failed = r.testResults.flatMap((f) =>
        f.assertionResults.filter((a) => a.status === "failed").map((a) => a.fullName),
      );
      const fileErrors = r.testResults
        .filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"))
        .map((f) => (f.message ?? "failed").split("\n")[0]!);
      resolve({ passed: r.numPassedTests, failed, fileErrors, seconds });
    });
  });
}

const caught = (o: Outcome) => o.failed.length > 0 || o.fileErrors.length > 0;
const describeOutcome = (o: Outcome) =>
  caught(o)
    ? `FAILED ${o.failed.length} test(s)${o.fileErrors.length ? ` + file error: ${o.fileErrors.join("; ")}` : ""} (${o.seconds} s): ${o.failed.join(" | ")}`
    : `passed ${o.passed} test(s) (${o.seconds} s)`;

/** Recompiles dist/server.js from the sources as they are now. */
async function bundle(): Promise<void> {
  const { bundleServer } = (await import(join(root, "scripts", "bundle-server.mjs"))) as {
    bundleServer(root: string): Promise<number>;
  };
  await bundleServer(root);
}

let restore: (() => void) | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });
}
process.on("exit", () => restore?.());

/** Writes `text` to `path` keeping its times, so build staleness checks do not see a change. */
function writeKeepingTimes(path: string, text: string): void {
  const { atime, mtime } = statSync(path);
  writeFileSync(path, text);
  utimesSync(path, atime, mtime);
}

const results: {
  baseline: Record<string, Outcome>;
  mutations: { name: string; bug: string; runs: Record<string, Outcome>[] }[];
} = { baseline: {}, mutations: [] };
let ok = true;

const baselineTests = [...new Map(chosen.flatMap((m) => m.tests).map((t) => [label(t), t])).values()];
console.log(`Baseline: ${baselineTests.length} test file(s) on the sources as they are`);
await bundle();
for (const t of baselineTests) {
  const o = await runTests(t);
  results.baseline[label(t)] = o;
  console.log(`  ${label(t)}: ${describeOutcome(o)}`);
  if (caught(o)) ok = false;
}
if (!ok) console.log("A baseline test failed: the mutations below prove nothing until it passes.");

for (const m of chosen) {
  const path = join(root, m.file);
  const original = readFileSync(path, "utf8");
  const at = original.indexOf(m.find);
  if (at < 0 || original.indexOf(m.find, at + 1) >= 0) {
    console.error(`${m.name}: the text to replace is not in ${m.file} exactly once; update the mutation.`);
    process.exit(2);
  }
  const mutated = original.slice(0, at) + m.replace + original.slice(at + m.find.length);
  const needsServer = m.tests.some((t) => t.project !== "unit");
  console.log(`\n${m.name}: ${m.bug}\n  (${m.file})`);
  const record = { name: m.name, bug: m.bug, runs: [] as Record<string, Outcome>[] };
  results.mutations.push(record);
  writeKeepingTimes(path, mutated);
  restore = () => {
    writeKeepingTimes(path, original);
    restore = null;
  };
  try {
    if (needsServer) await bundle();
    for (let run = 1; run <= runs; run++) {
      const byFile: Record<string, Outcome> = {};
      for (const t of m.tests) {
        const o = await runTests(t);
        byFile[label(t)] = o;
        console.log(`  run ${run}, ${label(t)}: ${describeOutcome(o)}`);
      }
      record.runs.push(byFile);
      if (!Object.values(byFile).some(caught)) {
        ok = false;
        console.log(`  run ${run}: NOT CAUGHT: every test passed with the bug in place`);
      }
    }
  } finally {
    restore?.();
  }
  if (readFileSync(path, "utf8") !== original) throw new Error(`${m.file} was not restored`);
  if (needsServer) await bundle();
}

writeFileSync(join(root, "test-results", "prove-bugs.json"), JSON.stringify(results, null, 2));
const summary = results.mutations.map((m) => {
  const caughtRuns = m.runs.filter((r) => Object.values(r).some(caught)).length;
  return `${m.name}: caught in ${caughtRuns}/${m.runs.length} runs`;
});
console.log(
  `\n${summary.join("\n")}\n${ok ? "Every bug was caught in every run." : "NOT every bug was caught in every run (above)."}`,
);
process.exit(ok ? 0 : 1);
