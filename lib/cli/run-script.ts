/**
 * Operator commands delegate to the repository's existing scripts (scripts/start.mjs,
 * scripts/pull.ts, scripts/engrams-import.ts) in a child process (node with tsx's loader), so the CLI
 * and `npm start`/`npm run ...` can never behave differently. Signals are passed on so
 * Ctrl-C and SIGTERM stop the child the way they stop the script run directly.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  // node with tsx's loader is one process: signals reach the script itself.
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, script), ...args], {
    // The caller's directory: relative file arguments and DATABASE_URL=file:./... mean
    // the same as for the in-process commands (migrate).
    cwd: process.cwd(),
    env: { ...process.env, TSX_TSCONFIG_PATH: join(REPO_ROOT, "tsconfig.json"), ...env },
    stdio: "inherit",
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward("SIGTERM");
  const onInt = forward("SIGINT");
  process.on("SIGTERM", onTerm);
  process.on("SIGINT", onInt);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGTERM", onTerm);
      process.off("SIGINT", onInt);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
