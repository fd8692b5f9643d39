// The soak's CI form (docs/BENCHMARKS.md): `npm run soak` (scripts/soak.ts) for 60 s after a
// 45 s warm-up (the heap takes that long to reach its working size), at a modest rate so it shares the machine with the other suites. The
// five-minute form is in docs/TESTING.md#soak-npm-run-soak. SQLite only: the soak watches the service
// process's memory under mixed load, which is the same code on both engines, and a
// second minute of CI would add little; `npm run soak -- --postgres` runs it on
// PostgreSQL.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ROOT } from "../support/test-server";

interface Summary {
  ok: boolean;
  requests: number;
  errors: number;
  errorExamples: string[];
  secondHalfSlopeMbPerMinute: number;
  measure: string;
  samples: { seconds: number; rssMb: number }[];
}

function runSoak(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "scripts/soak.ts"), ...args],
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(inject("engine") === "sqlite")("soak", () => {
  it("60 s of mixed reads, signed writes and downloads: no errors, memory flat in the second half", async () => {
    // The limit is looser than the long form's 3 MB/min: the 30 s second half holds only
    // about three full GCs (or three RSS floors), too few to tell growth any finer.
    const run = await runSoak([
      "--seconds",
      "60",
      "--warmup",
      "45",
      "--connections",
      "4",
      "--rate",
      "100",
      "--max-slope",
      "30",
      "--json",
    ]);
    const last = run.stdout.trim().split("\n").at(-1) ?? "";
    expect(last.startsWith("{"), run.stderr.slice(-3000)).toBe(true);
    const summary = JSON.parse(last) as Summary;
    console.log(
      run.stderr
        .split("\n")
        .filter((l) => l.startsWith("[soak] t=") || l.includes("PASS") || l.includes("FAIL"))
        .join("\n"),
    );
    expect(summary.errors, summary.errorExamples.join("\n")).toBe(0);
    // The floor proves the load ran all minute, not a throughput (npm run bench measures
    // that): beside CI's other streams on 2 cores the rate-capped loops got 28-50
    // requests/s in four clean-clone runs and 19.7/s in a fifth (2026-11-29), so 10/s
    // leaves room for a busy machine while a stalled server (a few requests) still fails.
    expect(summary.requests).toBeGreaterThan(60 * 10);
    expect(summary.samples.length).toBeGreaterThanOrEqual(7);
    expect(summary.secondHalfSlopeMbPerMinute, summary.measure).toBeLessThanOrEqual(30);
    expect(run.code).toBe(0);
  }, 240_000);
});
