/**
 * The webhook job, inside the server process beside the pull job.
 *
 * Every tick (half a second, at once again after a full claim): build events from the
 * outbox (build-events.ts), claim up to CLAIM due deliveries for a lease
 * (claim-deliveries.ts), send each webhook's deliveries one after the other and
 * different webhooks side by side (at most PARALLEL at once), then record every
 * outcome (record-attempts.ts). Guarantees: at-least-once delivery, the same webhook-id
 * (the event's id) on every attempt and redelivery; with several instances on one
 * PostgreSQL each attempt is made by the one instance holding the lease, and a killed
 * instance's deliveries are taken over when their lease runs out; ticks never overlap;
 * stop() lets the attempts in flight finish and gives back the claimed rows not yet tried.
 *
 * What it cannot promise: exactly-once. A receiver that got a request but whose answer
 * never came back (or an instance killed after sending and before recording) gets it
 * again: receivers deduplicate by webhook-id, as the Standard Webhooks spec says.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { Logger } from "@/lib/logging/logger";
import type { GuardOptions } from "@/lib/net/guarded-fetch";
import { buildEvents } from "@/lib/webhooks/build-events";
import { claimDeliveries, LEASE_MS, releaseDeliveries, type Claimed } from "@/lib/webhooks/claim-deliveries";
import type { WebhookFormat } from "@/lib/webhooks/event-types";
import { recordAttempts, type Attempted } from "@/lib/webhooks/record-attempts";
import { openSecret, SecretUnreadable } from "@/lib/webhooks/secret-box";
import { sendAttempt, type AttemptOutcome } from "@/lib/webhooks/send-attempt";

const CLAIM = 64;
const PARALLEL = 16;

export interface WorkerOptions {
  baseUrl: string;
  guard?: GuardOptions;
  /** WEBHOOK_RETRY_SCALE */
  retryScale?: number;
  tickMs?: number;
  logger?: Logger;
  instanceId?: string;
}

interface Target {
  id: string;
  url: string;
  format: WebhookFormat;
  secrets: string[];
  failingSince: Date | null;
}

async function targetsOf(db: Db, ids: string[], now: Date, logger?: Logger): Promise<Map<string, Target | Error>> {
  const rows = await db.webhook.findMany({ where: { id: { in: ids } } });
  return new Map<string, Target | Error>(
    rows.map((w): [string, Target | Error] => {
      try {
        const secrets = [openSecret(w.secret)];
        if (w.previousSecret && w.previousSecretUntil && w.previousSecretUntil > now)
          secrets.push(openSecret(w.previousSecret));
        return [
          w.id,
          { id: w.id, url: w.url, format: w.format as WebhookFormat, secrets, failingSince: w.failingSince },
        ];
      } catch (err) {
        if (!(err instanceof SecretUnreadable)) throw err;
        logger?.error({ job: "webhooks", webhook_id: w.id }, err.message);
        return [w.id, err];
      }
    }),
  );
}

const unreadable = (err: Error): AttemptOutcome => ({
  ok: false,
  status: null,
  error: err.message,
  response: "",
  durationMs: 0,
  retryAfterMs: null,
  holdMs: null,
  gone: false,
});

/** One claim's work: how many deliveries it claimed, and the soonest retry it scheduled. */
export async function deliverOnce(
  db: Db,
  owner: string,
  options: WorkerOptions,
  stopping = () => false,
): Promise<{ claimed: number; nextRetry: Date | null }> {
  // Tests shorten the lease with the schedule (WEBHOOK_RETRY_SCALE), never below 2 s.
  const leaseMs = Math.max(2000, LEASE_MS * (options.retryScale ?? 1));
  const claimed = await claimDeliveries(db, owner, new Date(), CLAIM, leaseMs);
  let nextRetry: Date | null = null;
  const soonest = (at: Date | null) => {
    if (at && (nextRetry === null || at < nextRetry)) nextRetry = at;
  };
  if (claimed.length === 0) return { claimed: 0, nextRetry };
  const now = new Date();
  const targets = await targetsOf(db, [...new Set(claimed.map((c) => c.webhookId))], now, options.logger);
  const events = new Map(
    (
      await db.webhookEvent.findMany({
        where: { id: { in: [...new Set(claimed.map((c) => c.eventId))] } },
        select: { id: true, payload: true },
      })
    ).map((e) => [e.id, e]),
  );
  const byWebhook = new Map<string, Claimed[]>();
  for (const c of claimed) byWebhook.set(c.webhookId, [...(byWebhook.get(c.webhookId) ?? []), c]);

  const runWebhook = async (webhookId: string, list: Claimed[]) => {
    const target = targets.get(webhookId);
    const attempted: Attempted[] = [];
    let untried: Claimed[] = [];
    for (const [i, c] of list.entries()) {
      if (stopping() || !target) {
        untried = list.slice(i);
        break;
      }
      const at = new Date();
      const outcome =
        target instanceof Error ? unreadable(target) : await sendAttempt(target, events.get(c.eventId)!, options.guard);
      if (outcome.detail)
        options.logger?.warn(
          { job: "webhooks", webhook_id: webhookId, detail: outcome.detail },
          "webhook address refused",
        );
      attempted.push({ deliveryId: c.id, attempts: c.attempts, at, outcome });
      // The receiver asked to wait: the rest of this claim goes back, due when it may be sent.
      const wait = outcome.holdMs ?? (outcome.status === 429 ? outcome.retryAfterMs : null);
      if (wait !== null && i + 1 < list.length) {
        await releaseDeliveries(
          db,
          owner,
          list.slice(i + 1).map((d) => d.id),
          new Date(Date.now() + wait),
        );
        break;
      }
    }
    if (target) {
      const state = target instanceof Error ? { id: webhookId, failingSince: null } : target;
      const recorded = await recordAttempts(db, owner, state, attempted, { scale: options.retryScale ?? 1 });
      soonest(recorded.nextRetry);
      if (recorded.disabled)
        options.logger?.warn({ job: "webhooks", webhook_id: webhookId, reason: recorded.disabled }, "webhook disabled");
    }
    await releaseDeliveries(
      db,
      owner,
      untried.map((d) => d.id),
    );
  };

  const queue = [...byWebhook.entries()];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runWebhook(next[0], next[1]);
    }),
  );
  return { claimed: claimed.length, nextRetry };
}

export function startDeliveryWorker(db: Db, options: WorkerOptions): { stop(): Promise<void> } {
  const owner = options.instanceId ?? randomUUID();
  const logger = options.logger;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const tickMs = options.tickMs ?? 500;
  /** How long to sleep: a tick, or less when a retry this instance scheduled is due sooner. */
  const tick = async (): Promise<number> => {
    await buildEvents(db, { baseUrl: options.baseUrl });
    let round = { claimed: CLAIM, nextRetry: null as Date | null };
    let soonest: Date | null = null;
    while (!stopped && round.claimed === CLAIM) {
      round = await deliverOnce(db, owner, options, () => stopped);
      if (round.nextRetry && (soonest === null || round.nextRetry < soonest)) soonest = round.nextRetry;
    }
    // A few ms late, so that the retry is due when the claim looks (timers may fire early).
    return soonest ? Math.max(0, Math.min(tickMs, soonest.getTime() - Date.now() + 10)) : tickMs;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      let next = tickMs;
      running = tick()
        .then((ms) => void (next = ms))
        .catch((err: unknown) => logger?.error({ job: "webhooks", err }, "webhook tick failed"))
        .finally(() => {
          running = null;
          schedule(next);
        });
    }, ms);
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
