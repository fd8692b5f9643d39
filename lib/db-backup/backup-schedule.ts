/**
 * BACKUP_SCHEDULE: an interval (`30s`, `15m`, `6h`, `1d`) or a cron expression (five
 * fields, or six with seconds first; croner's syntax, read in UTC). Ticks are points in
 * time every instance computes alike (intervals count from the Unix epoch), so instances
 * sharing a database agree on which tick is which, and one of them runs each
 * (lib/db-backup/scheduled-backups.ts).
 */
import { Cron } from "croner";

export interface BackupSchedule {
  /** as the operator wrote it */
  text: string;
  /** the first tick strictly after `after` */
  next(after: Date): Date;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export class ScheduleError extends Error {}

export function parseSchedule(text: string): BackupSchedule {
  const trimmed = text.trim();
  const interval = /^(\d+)\s*(s|m|h|d)$/i.exec(trimmed);
  if (interval) {
    const ms = Number(interval[1]) * UNIT_MS[interval[2]!.toLowerCase() as keyof typeof UNIT_MS];
    if (ms < 1000) throw new ScheduleError(`"${text}": an interval must be at least 1s`);
    return { text: trimmed, next: (after) => new Date((Math.floor(after.getTime() / ms) + 1) * ms) };
  }
  let cron: Cron;
  try {
    cron = new Cron(trimmed, { timezone: "UTC", paused: true });
  } catch (err) {
    throw new ScheduleError(
      `"${text}" is neither an interval (30s, 15m, 6h, 1d) nor a cron expression: ${(err as Error).message}`,
    );
  }
  return {
    text: trimmed,
    next(after) {
      const at = cron.nextRun(after);
      if (!at) throw new ScheduleError(`"${text}" has no tick after ${after.toISOString()}`);
      return at;
    },
  };
}
