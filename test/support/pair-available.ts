/**
 * Whether this machine can run a private PostgreSQL primary and hot standby
 * (scripts/pg-replica-pair.sh, test/support/replica-pair.ts). Imports nothing, so
 * vitest.config.ts and scripts/test.ts can ask before any project is chosen.
 */
import { existsSync } from "node:fs";
import { IN_CI } from "./required-tool.ts";

export function pairAvailable(): { ok: true } | { ok: false; reason: string } {
  if (process.getuid?.() !== 0) return { ok: false, reason: "not running as root (runuser -u postgres needs root)" };
  if (!existsSync("/usr/sbin/runuser")) return { ok: false, reason: "/usr/sbin/runuser is missing" };
  return { ok: true };
}

/**
 * Why the api-postgresql-replica project (the v1 tests with a read replica) is left out of
 * this run, or null when it runs. Outside CI a machine that cannot run the pair skips it
 * with this warning; in CI it runs and its setup fails, as a missing tool does
 * (required-tool.ts).
 */
export function replicaProjectSkipped(): string | null {
  const pair = pairAvailable();
  return pair.ok || IN_CI ? null : `SKIPPED: api-postgresql-replica (the v1 tests with a read replica): ${pair.reason}`;
}
