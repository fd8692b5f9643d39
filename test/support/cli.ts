/**
 * Runs the `beacon-hub` command (bin/beacon-hub.js) as a child process against the test
 * server. Async spawn, never spawnSync: a test server may live in this process.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";
import { ROOT } from "./test-server";

export interface CliResult {
  code: number | null;
  stdout: string;
  stdoutBytes: Buffer;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "bin/beacon-hub.js"), ...args], {
      cwd: ROOT,
      env: { ...process.env, BEACON_SERVER: inject("serverUrl"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({ code, stdout: stdoutBytes.toString("utf8"), stdoutBytes, stderr });
    });
  });
}
