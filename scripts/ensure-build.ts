/**
 * usage: tsx scripts/ensure-build.ts [--force]
 * Runs `next build` and compiles the server (dist/server.js) when either is missing or
 * older than a source file (what `npm start` does too); --force builds both regardless.
 * Used by `npm test` before any server starts, so parallel test servers never build at once.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsStale, ensureBuild } from "@/lib/server/ensure-build";
import { rmSync } from "node:fs";

if (process.argv.includes("--help")) {
  console.log(
    "usage: tsx scripts/ensure-build.ts [--force]\nBuilds the Next.js app and compiles the server when missing or stale.",
  );
  process.exit(0);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (process.argv.includes("--force")) {
  rmSync(join(root, ".next", "BUILD_ID"), { force: true });
  rmSync(join(root, "dist", "server.js"), { force: true });
}
if (!buildIsStale(root)) console.log("[ensure-build] the build is up to date");
ensureBuild(root, (line) => console.log(`[ensure-build] ${line}`));
