/**
 * The pull schedule in the database (mod_pulls), so it survives restarts and is shared
 * by every instance on one PostgreSQL:
 * - reconcile: a row per confirmed mod with a pull_url; a new or changed URL is due now
 *   (forgetting the old file's hash and validators); a removed URL drops the row;
 * - claim: a lease taken with one conditional UPDATE, so of several instances exactly one
 *   pulls a mod at a time; an instance that dies loses its lease when it expires;
 * - finish: the outcome, the next run time, and the lease released.
 */
import type { Db } from "@/lib/db/client";

export const LEASE_MS = 2 * 60_000;

export interface PullClaim {
  modId: string;
  pullUrl: string;
  contentHash: string | null;
  etag: string | null;
  lastModified: string | null;
}

export interface PullOutcome {
  status: "ok" | "unchanged" | "error";
  message: string | null;
  added: number;
  updated: number;
  removed: number;
  /** set when a new file was applied */
  applied?: { contentHash: string; etag: string | null; lastModified: string | null };
}

export async function reconcileSchedules(db: Db, now = new Date()): Promise<void> {
  const wanted = await db.modRegistration.findMany({
    where: { confirmedModId: { not: null }, pullUrl: { not: null } },
    select: { confirmedModId: true, pullUrl: true, pull: { select: { pullUrl: true } } },
  });
  for (const mod of wanted) {
    if (mod.pull?.pullUrl === mod.pullUrl) continue;
    const fresh = {
      pullUrl: mod.pullUrl!,
      nextRunAt: now,
      contentHash: null,
      etag: null,
      lastModified: null,
      status: "pending",
      message: null,
    };
    await db.modPull.upsert({
      where: { modId: mod.confirmedModId! },
      create: { modId: mod.confirmedModId!, ...fresh },
      update: fresh,
    });
  }
  await db.modPull.deleteMany({ where: { mod: { pullUrl: null } } });
}

export async function claimPull(
  db: Db,
  modId: string,
  instanceId: string,
  options: { now?: Date; force?: boolean } = {},
): Promise<PullClaim | null> {
  const now = options.now ?? new Date();
  const { count } = await db.modPull.updateMany({
    where: {
      modId,
      ...(options.force ? {} : { nextRunAt: { lte: now } }),
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
    },
    data: { leaseOwner: instanceId, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (count === 0) return null;
  return db.modPull.findUnique({
    where: { modId },
    select: { modId: true, pullUrl: true, contentHash: true, etag: true, lastModified: true },
  });
}

/** Mods whose next run is due and whose lease is free, soonest first. */
export async function duePulls(db: Db, now = new Date(), limit = 20): Promise<string[]> {
  const rows = await db.modPull.findMany({
    where: { nextRunAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { nextRunAt: "asc" },
    take: limit,
    select: { modId: true },
  });
  return rows.map((r) => r.modId);
}

export async function finishPull(
  db: Db,
  modId: string,
  instanceId: string,
  outcome: PullOutcome,
  nextRunAt: Date,
  now = new Date(),
): Promise<void> {
  await db.modPull.updateMany({
    where: { modId, leaseOwner: instanceId },
    data: {
      status: outcome.status,
      message: outcome.message,
      added: outcome.added,
      updated: outcome.updated,
      removed: outcome.removed,
      lastAttemptAt: now,
      ...(outcome.status === "error" ? {} : { lastSuccessAt: now }),
      ...(outcome.applied ?? {}),
      nextRunAt,
      leaseOwner: null,
      leaseUntil: null,
    },
  });
}

/** The next run: one interval on, give or take 10%, so instances and mods spread out. */
export function nextRunAfter(now: Date, intervalSeconds: number, random = Math.random): Date {
  const jitter = 1 + (random() * 0.2 - 0.1);
  return new Date(now.getTime() + Math.max(1, intervalSeconds) * 1000 * jitter);
}
