/**
 * A private PostgreSQL 15 cluster for tests that stop the database under load: never
 * the shared server on 127.0.0.1:5432, which other suites use. Needs root (to act as
 * the postgres user through runuser) and the Debian server binaries; `available()`
 * says why not when they are missing.
 */
import { execFile } from "node:child_process";
import { existsSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./test-server";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

export function available(): { ok: true } | { ok: false; reason: string } {
  if (process.getuid?.() !== 0) return { ok: false, reason: "not running as root (runuser -u postgres needs root)" };
  for (const file of ["/usr/sbin/runuser", `${BIN}/initdb`, `${BIN}/pg_ctl`]) {
    if (!existsSync(file)) return { ok: false, reason: `${file} is missing` };
  }
  return { ok: true };
}

export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

async function idOf(flag: "-u" | "-g"): Promise<number> {
  return Number((await run("id", [flag, "postgres"])).stdout.trim());
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "beacon-pg-"));
  chownSync(dir, await idOf("-u"), await idOf("-g"));
  const data = join(dir, "data");
  const port = await freePort();
  const asPostgres = (bin: string, args: string[]) =>
    run("runuser", ["-u", "postgres", "--", join(BIN, bin), ...args], { timeout: 60_000 });
  await asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const ctl = (action: string, extra: string[] = []) =>
    asPostgres("pg_ctl", [
      "-D",
      data,
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      "-l",
      join(dir, "log"),
      "-w",
      ...extra,
      action,
    ]);
  const url = `postgresql://postgres@127.0.0.1:${port}/beacon`;
  const cluster: PrivatePostgres = {
    url,
    start: async () => void (await ctl("start")),
    stop: async () => void (await ctl("stop", ["-m", "fast"])),
    async destroy() {
      await ctl("stop", ["-m", "immediate"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE beacon");
  await admin.end();
  return cluster;
}
