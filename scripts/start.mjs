/**
 * `npm start`: compiles the server when dist/server.js is missing or older than its
 * sources (a fresh clone has none), then runs it in this same process, so signals reach
 * the server itself. The server then builds the web app if needed (lib/server/
 * ensure-build.ts), migrates and serves. Plain JavaScript: no TypeScript loader runs in
 * production.
 */
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUNDLE, bundleIsStale, bundleServer } from "./bundle-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
if (bundleIsStale(root)) {
  const ms = await bundleServer(root);
  // The server's lines are JSON (lib/logging/logger.ts); this one, before it runs, too.
  const msg = `server compiled to ${BUNDLE} in ${ms} ms`;
  if (process.env.LOG_FORMAT === "pretty") console.log(msg);
  else console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), step: "build", msg }));
}
await import(pathToFileURL(join(root, BUNDLE)).href);
