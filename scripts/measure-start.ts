/**
 * usage: tsx scripts/measure-start.ts [--runs N (5)] [--idle S (5)]
 *
 * Start time and idle memory of the production server, run from TypeScript through
 * tsx's loader (`node --import tsx server.ts`, what `npm start` ran before) and compiled
 * (`node dist/server.js`, what it runs now), in turn A B A B ... Each run: a fresh SQLite
 * database in a temporary directory (so migrations run every time, the same for both),
 * time from spawn to the first 200 on /healthz, then RSS after S seconds of idling.
 * Prints each run and the medians.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild } from "@/lib/server/ensure-build";
import { freePort, ROOT } from "../test/support/test-server";
import { rssMb } from "./lib/process-memory";
import { median } from "./lib/timing";

if (process.argv.includes("--help")) {
  console.log(
    "usage: tsx scripts/measure-start.ts [--runs N] [--idle S]\nStart to first 200 on /healthz and idle RSS: tsx loader vs compiled dist/server.js.",
  );
  process.exit(0);
}
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg("--runs", 5);
const idleSeconds = arg("--idle", 5);

const VARIANTS = {
  tsx: ["--import", "tsx", join(ROOT, "server.ts")],
  compiled: [join(ROOT, "dist", "server.js")],
} as const;

async function once(args: readonly string[]): Promise<{ startMs: number; rssMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), "beacon-start-"));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "b.db")}`,
      BASE_CATALOGUE: "false",
      PULL_INTERVAL_SECONDS: "0",
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error("no 200 within 120 s");
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    return { startMs, rssMb: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuild(ROOT, (line) => console.log(`[measure-start] ${line}`));
const results: Record<keyof typeof VARIANTS, { startMs: number; rssMb: number }[]> = { tsx: [], compiled: [] };
await once(VARIANTS.compiled); // warm-up: file cache, the build's first load
for (let i = 0; i < runs; i++) {
  for (const name of ["tsx", "compiled"] as const) {
    const r = await once(VARIANTS[name]);
    results[name].push(r);
    console.log(
      `${name.padEnd(8)} run ${i + 1}: first 200 after ${Math.round(r.startMs)} ms, RSS after ${idleSeconds} s idle ${r.rssMb.toFixed(1)} MB`,
    );
  }
}
for (const name of ["tsx", "compiled"] as const) {
  const rs = results[name];
  console.log(
    `${name.padEnd(8)} median of ${runs}: first 200 after ${Math.round(median(rs.map((r) => r.startMs)))} ms (min ${Math.round(Math.min(...rs.map((r) => r.startMs)))}, max ${Math.round(Math.max(...rs.map((r) => r.startMs)))}), RSS ${median(rs.map((r) => r.rssMb)).toFixed(1)} MB (min ${Math.min(...rs.map((r) => r.rssMb)).toFixed(1)}, max ${Math.max(...rs.map((r) => r.rssMb)).toFixed(1)})`,
  );
}
