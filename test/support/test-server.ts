/**
 * Starts the real production server (dist/server.js, the compiled server.ts, on the
 * built app: what `npm start` runs) as a child process on a free port, and stops it.
 * Tests talk to it over real HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "@/lib/server/ensure-build";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface TestServer {
  url: string;
  port: number;
  process: ChildProcess;
  logs(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** `nodeFlags` go to the server's Node process, e.g. ["--trace-gc"] (not allowed in NODE_OPTIONS). */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
  nodeFlags: string[] = [],
): Promise<TestServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  // The compiled server must match the sources under test: rebuilt here when stale (a
  // lock makes servers starting together take turns), as `npm start` would.
  ensureBuild(ROOT, (line) => console.log(`[test-server] ${line}`));
  const child = spawn(process.execPath, [...nodeFlags, join(ROOT, "dist", "server.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      BASE_URL: url,
      PULL_INTERVAL_SECONDS: "0",
      // Suites send thousands of requests from one address: limits only where a test sets them.
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_IP_PER_MINUTE: "0",
      RATE_LIMIT_REPORTS_PER_HOUR: "0",
      // Suites assert exact engram lists on empty databases: the base game's catalogue
      // only where a test asks for it (test/api/base-catalogue.test.ts).
      BASE_CATALOGUE: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    process: child,
    logs: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
