/** `npm run <script> -- <args>` with DATABASE_URL, as an operator runs it (vitest's own BASE_URL=/ left out). */
import { spawn } from "node:child_process";
import { ROOT } from "./test-server";

export function npmRun(
  script: string,
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, BASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}
