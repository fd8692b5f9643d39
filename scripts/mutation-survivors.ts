/**
 * usage: tsx scripts/mutation-survivors.ts [report (test-results/mutation/report.json)]
 *
 * Lists the mutants of the last `npm run test:mutation` that no test killed (survived, or
 * run by no test), one line each as docs/TESTING.md lists them: file:line, the mutator,
 * the code and what Stryker put in its place. Then the score per file. Exits 1 when the
 * report is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import { scriptArgs } from "./lib/script-args";

scriptArgs(import.meta.url);
const path = process.argv[2] ?? "test-results/mutation/report.json";
if (!existsSync(path)) {
  console.error(`No report at ${path}: run npm run test:mutation first.`);
  process.exit(1);
}

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
const report = JSON.parse(readFileSync(path, "utf8")) as {
  files: Record<string, { source: string; mutants: Mutant[] }>;
};

const counted = ["Killed", "Timeout", "Survived", "NoCoverage"];
for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const lines = source.split("\n");
  for (const m of mutants.filter((x) => x.status === "Survived" || x.status === "NoCoverage")) {
    const { start, end } = m.location;
    const original =
      start.line === end.line
        ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
        : `${lines[start.line - 1]!.slice(start.column - 1)}…`;
    const oneLine = (s: string) => s.replace(/\s+/g, " ").slice(0, 70);
    console.log(
      `${file}:${start.line} ${m.status === "NoCoverage" ? "(no test runs it) " : ""}${m.mutatorName}: \`${oneLine(original)}\` -> \`${oneLine(m.replacement ?? "")}\``,
    );
  }
}
console.log("");
let killed = 0;
let total = 0;
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const k = mutants.filter((m) => m.status === "Killed" || m.status === "Timeout").length;
  const t = mutants.filter((m) => counted.includes(m.status)).length;
  killed += k;
  total += t;
  console.log(`${file}: ${((100 * k) / Math.max(t, 1)).toFixed(2)} % (${k} of ${t})`);
}
console.log(`all: ${((100 * killed) / Math.max(total, 1)).toFixed(2)} % (${killed} of ${total})`);
