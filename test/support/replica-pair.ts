/**
 * A private PostgreSQL primary and hot standby for the read-replica tests, made and driven
 * by scripts/pg-replica-pair.sh (the script developers run by hand): never the shared
 * server on 127.0.0.1:5432. Needs the Debian server binaries, and root to run them as the
 * postgres user (as CI runs); `pairAvailable()` says why not.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort, ROOT } from "./test-server";

const run = promisify(execFile);
const SCRIPT = join(ROOT, "scripts", "pg-replica-pair.sh");

export { pairAvailable } from "./pair-available";

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  stop(which: "primary" | "replica"): Promise<void>;
  start(which: "primary" | "replica"): Promise<void>;
  destroy(): Promise<void>;
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  // The script makes it, owned by the postgres user (a parent made here would be root's, mode 700).
  const dir = join(tmpdir(), `beacon-pair-${randomUUID()}`);
  const script = (...args: string[]) => run(SCRIPT, args, { timeout: 120_000 });
  const { stdout } = await script("start", dir, String(await freePort()), String(await freePort()));
  const url = (name: string) => {
    const line = stdout.split("\n").find((l) => l.startsWith(`${name}=`));
    if (!line) throw new Error(`pg-replica-pair.sh printed no ${name}:\n${stdout}`);
    return line.slice(name.length + 1);
  };
  return {
    primaryUrl: url("PRIMARY_URL"),
    replicaUrl: url("REPLICA_URL"),
    stop: async (which) => void (await script("stop", which, dir)),
    start: async (which) => void (await script("start-again", which, dir)),
    async destroy() {
      await script("destroy", dir);
    },
  };
}
