/**
 * SIGKILL for a test server and anything it started. startServer runs the server as one
 * process (node dist/server.js); a server run through a wrapper that starts it as a
 * child (the tsx CLI, npm) would survive the wrapper's SIGKILL, which cannot be relayed,
 * so descendants are killed first, by pid, then the process itself.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { TestServer } from "./test-server";

const run = promisify(execFile);

async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await run("ps", ["-o", "pid=", "--ppid", String(pid)]).catch(() => ({ stdout: "" }));
  return stdout
    .split("\n")
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
}

/** Every process below `root`, the deepest first (for a test server: the real server). */
export async function descendants(root: number): Promise<number[]> {
  const pids: number[] = [];
  for (let level = [root]; level.length > 0;) {
    const next = (await Promise.all(level.map(childrenOf))).flat();
    pids.unshift(...next);
    level = next;
  }
  return pids;
}

export async function killServer(server: TestServer): Promise<void> {
  const root = server.process.pid;
  if (root === undefined) return;
  for (const pid of await descendants(root)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const exited = new Promise((resolve) =>
    server.process.exitCode !== null || server.process.signalCode !== null
      ? resolve(null)
      : server.process.once("exit", resolve),
  );
  server.process.kill("SIGKILL");
  await exited;
}
