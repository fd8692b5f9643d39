/**
 * `npm start` on a fresh clone must serve without a separate build step (docs/CONTRACT.md#configuration):
 * build the Next.js app when there is no build, or when a source file is newer than it,
 * and compile the server (dist/server.js, scripts/bundle-server.mjs) likewise.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "next.config.js",
  "postcss.config.mjs",
  "package.json",
];
const SKIP = new Set(["node_modules", "generated", ".next"]);

function newestMtime(path: string, skip = SKIP): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!skip.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry), skip));
  }
  return newest;
}

// What dist/server.js is made of (the list scripts/bundle-server.mjs checks); the
// generated Prisma clients are compiled in, so they count here.
const BUNDLE = join("dist", "server.js");
const BUNDLE_SOURCES = ["server.ts", "lib", "app", "tsconfig.json", "package.json"];
const BUNDLE_SKIP = new Set(["node_modules", ".next", "dist"]);

function nextIsStale(root: string): boolean {
  const stamp = join(root, ".next", "BUILD_ID");
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

export function bundleIsStale(root: string): boolean {
  const bundle = statSync(join(root, BUNDLE), { throwIfNoEntry: false });
  return !bundle || BUNDLE_SOURCES.some((s) => newestMtime(join(root, s), BUNDLE_SKIP) > bundle.mtimeMs);
}

export function buildIsStale(root: string): boolean {
  return nextIsStale(root) || bundleIsStale(root);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function bundle(root: string, log: (line: string) => void): void {
  log("compiling the server (dist/server.js)");
  const result = spawnSync(process.execPath, [join(root, "scripts/bundle-server.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`compiling the server failed (exit ${result.status ?? result.signal})`);
}

/** Builds when stale. Processes starting together take turns (a lock directory), so only one builds. */
export function ensureBuild(root: string, log: (line: string) => void): void {
  if (!buildIsStale(root)) return;
  const lock = join(root, ".next-build.lock");
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the deadline was left by a killed build.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000 || Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      sleep(500);
    }
  }
  try {
    if (bundleIsStale(root)) bundle(root, log);
    if (!nextIsStale(root)) return;
    log("building the web app (next build); this takes a minute or two the first time");
    const started = new Date();
    const result = spawnSync(process.execPath, [join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
    // The build saw the sources as they were when it started: a file edited while it ran
    // must still count as newer than the build.
    utimesSync(join(root, ".next", "BUILD_ID"), started, started);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
