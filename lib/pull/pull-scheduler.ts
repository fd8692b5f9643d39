/**
 * The engram pull job, inside the server process (no extra service to run).
 *
 * Schedule: every tick (a tenth of PULL_INTERVAL_SECONDS, between 1 and 10 s) the
 * schedules are reconciled with the mods' pull URLs, then the due mods are pulled one
 * after another. A mod is due one interval (±10%) after its last pull, and at once when
 * its pull_url is set or changed. Guarantees: the schedule lives in the database and
 * survives restarts; with several instances on one PostgreSQL each mod is pulled by one
 * instance at a time (a lease row, see pull-state.ts); ticks never overlap; stop() waits
 * for the pull in progress.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { Logger } from "@/lib/logging/logger";
import { countPullOutcome } from "@/lib/metrics/events";
import type { GuardOptions } from "@/lib/net/guarded-fetch";
import { duePulls, reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";

export interface SchedulerOptions {
  intervalSeconds: number;
  guard?: GuardOptions;
  /** one line per pull run and per failed tick */
  logger?: Logger;
}

export function tickMs(intervalSeconds: number): number {
  return Math.min(10_000, Math.max(1_000, (intervalSeconds * 1000) / 10));
}

export function startPullScheduler(db: Db, options: SchedulerOptions): { stop(): Promise<void> } {
  const instanceId = randomUUID();
  const logger = options.logger;
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = async () => {
    await reconcileSchedules(db);
    for (const modId of await duePulls(db)) {
      if (stopped) return;
      const outcome = await runPull(db, modId, {
        instanceId,
        intervalSeconds: options.intervalSeconds,
        guard: options.guard,
      });
      if (!outcome) continue;
      countPullOutcome(outcome.status);
      const line = {
        job: "pull",
        mod_id: modId,
        status: outcome.status,
        added: outcome.added,
        updated: outcome.updated,
        removed: outcome.removed,
        ...(outcome.message ? { message: outcome.message } : {}),
      };
      if (outcome.status === "error") logger?.warn(line, `pulled mod ${modId}: error`);
      else logger?.info(line, `pulled mod ${modId}: ${outcome.status}`);
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .catch((err: unknown) => logger?.error({ job: "pull", error: (err as Error).message }, "pull tick failed"))
      .finally(() => (running = null));
  }, tickMs(options.intervalSeconds));
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
