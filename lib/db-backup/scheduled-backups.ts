/**
 * Scheduled backups inside the server (BACKUP_SCHEDULE, BACKUP_DIR, BACKUP_KEEP): at each
 * tick of the schedule, one instance makes a backup through the same path as `db:backup`
 * (lib/db-backup/backup-database.ts: written to a temporary name, verified, renamed), then
 * removes the oldest backups beyond BACKUP_KEEP.
 *
 * - **One instance per tick.** Every instance computes the same ticks; the one whose
 *   INSERT of the tick's `backup_runs` row succeeds runs it (the row's primary key is the
 *   tick), the others see the conflict and skip it. A tick whose time has passed while
 *   this instance was still busy with the previous backup is skipped, not queued.
 * - **Only verified backups count.** A backup is named `beacon-<tick>.db|.dump` only
 *   once verified; a run cut short (an error, a SIGKILL) leaves at most a
 *   `.partial-<pid>` file, which is never counted nor kept for retention, and is removed
 *   by a later run once it has not changed for an hour (another instance may be writing
 *   a fresh one into a shared directory).
 * - **Retention after success only.** The oldest backups beyond BACKUP_KEEP are removed
 *   after a new one is verified; a failing schedule never removes a backup.
 * - **Reported.** Each run is a log line (`job: "backup"`; a failure at `error`, with
 *   why); the `backup_runs` rows are what /metrics reports, whichever instance ran them.
 */
import { hostname } from "node:os";
import { readdirSync, rmSync, statSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { Counter, Gauge } from "prom-client";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Logger } from "@/lib/logging/logger";
import { metrics } from "@/lib/metrics/registry";
import { backupDatabase } from "@/lib/db-backup/backup-database";
import type { BackupSchedule } from "@/lib/db-backup/backup-schedule";

export interface ScheduledBackupOptions {
  databaseUrl: string;
  schedule: BackupSchedule;
  dir: string;
  keep: number;
  /** the repository (prisma/models.prisma: the tables a backup is checked for) */
  root: string;
  logger: Logger;
  /** how this instance is named in backup_runs (host and pid by default) */
  instance?: string;
}

/** A counted backup's name: the tick in UTC, to the second. Sorting names sorts ticks. */
export const BACKUP_NAME = /^beacon-\d{8}T\d{6}Z\.(db|dump)$/;
const PARTIAL_NAME = /^beacon-\d{8}T\d{6}Z\.(db|dump)\.partial-\d+/;
/** A partial file unchanged this long belongs to a run that died. */
const STALE_PARTIAL_MS = 3_600_000;
/** setTimeout's limit; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function backupName(tick: Date, engine: "sqlite" | "postgresql"): string {
  const stamp = tick
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  return `beacon-${stamp}.${engine === "sqlite" ? "db" : "dump"}`;
}

/** The counted backups in `dir`, oldest first. */
export function countedBackups(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
}

/** Removes the oldest counted backups beyond `keep`; returns their names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = countedBackups(dir);
  const gone = all.slice(0, Math.max(0, all.length - keep));
  for (const name of gone) rmSync(join(dir, name), { force: true });
  return gone;
}

function removeStalePartials(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    if (!PARTIAL_NAME.test(name)) continue;
    const stat = statSync(join(dir, name), { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > STALE_PARTIAL_MS) rmSync(join(dir, name), { force: true });
  }
}

export function startScheduledBackups(db: Db, options: ScheduledBackupOptions): { stop(): Promise<void> } {
  const { logger, dir, keep, schedule } = options;
  const engine = options.databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  registerBackupMetrics(db);

  const run = async (tick: Date) => {
    const slot = tick.toISOString();
    try {
      await db.backupRun.create({ data: { slot, instance, startedAt: new Date(), status: "running" } });
    } catch (err) {
      if (isUniqueViolation(err)) {
        logger.debug({ job: "backup", slot }, "backup tick taken by another instance");
        return;
      }
      throw err;
    }
    const name = backupName(tick, engine);
    try {
      mkdirSync(dir, { recursive: true });
      removeStalePartials(dir, Date.now());
      const r = await backupDatabase(options.databaseUrl, join(dir, name), options.root);
      await db.backupRun.update({
        where: { slot },
        data: { status: "ok", finishedAt: new Date(), file: name, bytes: BigInt(r.bytes) },
      });
      const removed = pruneBackups(dir, keep);
      const rows = Object.values(r.rows).reduce((a, b) => a + b, 0);
      logger.info(
        { job: "backup", slot, file: name, bytes: r.bytes, rows, seconds: r.seconds, removed },
        `backup ${name} written and verified (${rows} rows); ${removed.length} older removed, ${keep} kept`,
      );
    } catch (err) {
      const message = (err as Error).message;
      logger.error({ job: "backup", slot, file: name, err }, `scheduled backup failed: ${message}`);
      await db.backupRun
        .update({ where: { slot }, data: { status: "failed", finishedAt: new Date(), error: message.slice(0, 2000) } })
        .catch((e: unknown) => logger.error({ job: "backup", slot, err: e }, "recording the failed backup failed"));
    }
  };

  const arm = (after: Date) => {
    if (stopped) return;
    const tick = schedule.next(after);
    const wait = tick.getTime() - Date.now();
    timer = setTimeout(
      () => {
        if (Date.now() < tick.getTime()) return arm(after);
        if (running) {
          logger.warn(
            { job: "backup", slot: tick.toISOString() },
            "backup tick skipped: the previous backup is still running",
          );
        } else {
          running = run(tick)
            .catch((err: unknown) => logger.error({ job: "backup", err }, "backup tick failed"))
            .finally(() => (running = null));
        }
        arm(tick);
      },
      Math.min(Math.max(0, wait), MAX_TIMER_MS),
    );
    timer.unref();
  };
  arm(new Date());
  logger.info(
    { job: "backup", schedule: schedule.text, dir, keep, next: schedule.next(new Date()).toISOString() },
    `scheduled backups: ${schedule.text} into ${dir}, keeping ${keep}`,
  );

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * /metrics: the last verified backup's time and size, the failures, from backup_runs (so
 * every instance reports the same, whichever ran the backup). Read at each scrape.
 */
function registerBackupMetrics(db: Db): void {
  const m = metrics();
  const registers = [m.registry];
  const names = [
    "beacon_backup_last_success_timestamp_seconds",
    "beacon_backup_last_success_bytes",
    "beacon_backup_last_failure_timestamp_seconds",
    "beacon_backup_failures_total",
  ];
  for (const name of names) m.registry.removeSingleMetric(name);
  const lastOk = () =>
    db.backupRun.findFirst({
      where: { status: "ok" },
      orderBy: { finishedAt: "desc" },
      select: { finishedAt: true, bytes: true },
    });
  new Gauge({
    name: names[0]!,
    help: "When the last scheduled backup was verified (Unix time; 0: none yet)",
    registers,
    async collect() {
      this.set(((await lastOk())?.finishedAt?.getTime() ?? 0) / 1000);
    },
  });
  new Gauge({
    name: names[1]!,
    help: "Size in bytes of the last verified scheduled backup",
    registers,
    async collect() {
      this.set(Number((await lastOk())?.bytes ?? 0));
    },
  });
  new Gauge({
    name: names[2]!,
    help: "When a scheduled backup last failed (Unix time; 0: never)",
    registers,
    async collect() {
      const last = await db.backupRun.findFirst({
        where: { status: "failed" },
        orderBy: { finishedAt: "desc" },
        select: { finishedAt: true },
      });
      this.set((last?.finishedAt?.getTime() ?? 0) / 1000);
    },
  });
  new Counter({
    name: names[3]!,
    help: "Scheduled backups that failed (recorded in backup_runs, by any instance)",
    registers,
    async collect() {
      this.reset();
      this.inc(await db.backupRun.count({ where: { status: "failed" } }));
    },
  });
}
