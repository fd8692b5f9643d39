/**
 * Runs a `beacon-hub` command as a child process against the test server: the
 * repository's bin/beacon-hub.js (runCli) or an installed package's executable
 * (installedCli). Async spawn, never spawnSync: a test server may live in this process.
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

export type RunCli = (args: string[], env?: Record<string, string>) => Promise<CliResult>;

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
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

export const runCli: RunCli = (args, env = {}) =>
  run(process.execPath, [join(ROOT, "bin/beacon-hub.js"), ...args], ROOT, env);

/** An installed executable (e.g. <folder>/node_modules/.bin/beacon-hub), run as is from `cwd`. */
export const installedCli =
  (executable: string, cwd: string): RunCli =>
  (args, env = {}) =>
    run(executable, args, cwd, env);
