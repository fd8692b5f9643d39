/**
 * The webhook job, inside the server process beside the pull job.
 *
 * Two loops that never wait for each other. Every tick (half a second) one builds events
 * from the outbox (build-events.ts): the Atom feeds read those events, so a feed entry
 * never waits on a receiver. The other keeps up to PARALLEL webhooks being sent to at
 * once: whenever a slot is free (every tick, and at once when a webhook's turn ends) it
 * claims due deliveries for a lease (claim-deliveries.ts), of webhooks not already being
 * sent to and of accounts below PER_ACCOUNT webhooks in flight, and starts a turn per
 * webhook: its deliveries one after the other, then every outcome recorded
 * (record-attempts.ts). A turn ends early, giving the rest of its claim back due as it
 * was, after TURN_BUDGET_MS or after an attempt that got no answer (a receiver that never
 * answers costs one 10 s attempt per turn, not eight in a row). So one account's slow
 * receivers hold at most PER_ACCOUNT of the PARALLEL slots and never delay anyone
 * else's delivery (measured before: 8 webhooks at a never-answering receiver and 64 test
 * sends delayed another user's delivery by 158 s and the feed entry by 79 s, when each
 * tick waited for its whole claim).
 *
 * Guarantees: at-least-once delivery, the same webhook-id (the event's id) on every
 * attempt and redelivery; one request at a time per webhook from an instance; with
 * several instances on one PostgreSQL each attempt is made by the one instance holding
 * the lease, and a killed instance's deliveries are taken over when their lease runs out;
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
/** webhooks an instance sends to at once */
export const PARALLEL = 16;
/** of those, at most this many of one account's webhooks */
export const PER_ACCOUNT = 4;
/** a webhook's turn ends after this long; the rest of its claim goes back */
export const TURN_BUDGET_MS = 15_000;

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
  userId: string;
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
          {
            id: w.id,
            userId: w.userId,
            url: w.url,
            format: w.format as WebhookFormat,
            secrets,
            failingSince: w.failingSince,
          },
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

/** Deliveries claimed, with what sending them needs: each webhook's target and the events' bodies. */
interface ClaimedWork {
  byWebhook: Map<string, Claimed[]>;
  targets: Map<string, Target | Error>;
  events: Map<string, { id: string; payload: string }>;
}

async function claimWork(
  db: Db,
  owner: string,
  options: WorkerOptions,
  limit: number,
  skip: { webhookIds: string[]; userIds: string[] } = { webhookIds: [], userIds: [] },
): Promise<ClaimedWork | null> {
  // Tests shorten the lease with the schedule (WEBHOOK_RETRY_SCALE), never below 2 s.
  const leaseMs = Math.max(2000, LEASE_MS * (options.retryScale ?? 1));
  const claimed = await claimDeliveries(db, owner, new Date(), limit, leaseMs, skip);
  if (claimed.length === 0) return null;
  const targets = await targetsOf(db, [...new Set(claimed.map((c) => c.webhookId))], new Date(), options.logger);
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
  return { byWebhook, targets, events };
}

/**
 * One webhook's turn: its claimed deliveries one after the other, until the turn's
 * budget is spent or an attempt got no answer; then the outcomes recorded and the rest
 * given back. Returns the soonest retry it scheduled.
 */
async function runTurn(
  db: Db,
  owner: string,
  options: WorkerOptions,
  work: ClaimedWork,
  webhookId: string,
  stopping: () => boolean,
): Promise<Date | null> {
  const list = work.byWebhook.get(webhookId)!;
  const target = work.targets.get(webhookId);
  const started = Date.now();
  const attempted: Attempted[] = [];
  let untried: Claimed[] = [];
  for (const [i, c] of list.entries()) {
    if (stopping() || !target || (i > 0 && Date.now() - started > TURN_BUDGET_MS)) {
      untried = list.slice(i);
      break;
    }
    const at = new Date();
    const outcome =
      target instanceof Error
        ? unreadable(target)
        : await sendAttempt(target, work.events.get(c.eventId)!, options.guard);
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
    // No answer at all (a timeout, a refused connection): the next would most likely wait
    // as long; the rest go back for a later turn.
    if (outcome.status === null && !(target instanceof Error)) {
      untried = list.slice(i + 1);
      break;
    }
  }
  let nextRetry: Date | null = null;
  if (target) {
    const state = target instanceof Error ? { id: webhookId, failingSince: null } : target;
    const recorded = await recordAttempts(db, owner, state, attempted, { scale: options.retryScale ?? 1 });
    nextRetry = recorded.nextRetry;
    if (recorded.disabled)
      options.logger?.warn({ job: "webhooks", webhook_id: webhookId, reason: recorded.disabled }, "webhook disabled");
  }
  await releaseDeliveries(
    db,
    owner,
    untried.map((d) => d.id),
  );
  return nextRetry;
}

const accountOf = (work: ClaimedWork, webhookId: string) => {
  const t = work.targets.get(webhookId);
  return t && !(t instanceof Error) ? t.userId : `?${webhookId}`;
};

/**
 * One claim's work, sent and recorded before it returns (scripts/bench-webhooks.ts, and
 * tests that drive delivery by hand): how many deliveries it claimed, and the soonest
 * retry it scheduled. The server's worker does not wait for whole claims (startDeliveryWorker).
 */
export async function deliverOnce(
  db: Db,
  owner: string,
  options: WorkerOptions,
  stopping = () => false,
): Promise<{ claimed: number; nextRetry: Date | null }> {
  const work = await claimWork(db, owner, options, CLAIM);
  if (!work) return { claimed: 0, nextRetry: null };
  let nextRetry: Date | null = null;
  const queue = [...work.byWebhook.keys()];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const at = await runTurn(db, owner, options, work, next, stopping);
        if (at && (nextRetry === null || at < nextRetry)) nextRetry = at;
      }
    }),
  );
  return { claimed: [...work.byWebhook.values()].reduce((n, l) => n + l.length, 0), nextRetry };
}

export function startDeliveryWorker(db: Db, options: WorkerOptions): { stop(): Promise<void> } {
  const owner = options.instanceId ?? randomUUID();
  const logger = options.logger;
  const tickMs = options.tickMs ?? 500;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, run: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  // Events: their own loop, so a feed entry or a delivery never waits for a receiver.
  let building: Promise<void> | null = null;
  const build = () => {
    building = buildEvents(db, { baseUrl: options.baseUrl })
      .then(() => void fill())
      .catch((err: unknown) => logger?.error({ job: "webhooks", err }, "building webhook events failed"))
      .finally(() => {
        building = null;
        after(tickMs, build);
      });
  };

  // Deliveries: webhooks in their turns, each turn on its own; a free slot is filled at once.
  const turns = new Map<string, { account: string; done: Promise<void> }>();
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  let retryAt: number | null = null;
  const fill = (): Promise<void> => {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = fillOnce()
      .catch((err: unknown) => logger?.error({ job: "webhooks", err }, "claiming webhook deliveries failed"))
      .finally(() => {
        filling = null;
        if (fillAgain) {
          fillAgain = false;
          void fill();
        }
      });
    return filling;
  };
  const fillOnce = async () => {
    while (!stopped && turns.size < PARALLEL) {
      const perAccount = new Map<string, number>();
      for (const t of turns.values()) perAccount.set(t.account, (perAccount.get(t.account) ?? 0) + 1);
      const full = [...perAccount].filter(([, n]) => n >= PER_ACCOUNT).map(([a]) => a);
      const work = await claimWork(db, owner, options, CLAIM, { webhookIds: [...turns.keys()], userIds: full });
      if (!work) return;
      const giveBack: string[] = [];
      for (const webhookId of work.byWebhook.keys()) {
        const account = accountOf(work, webhookId);
        const busy = (perAccount.get(account) ?? 0) >= PER_ACCOUNT;
        if (stopped || turns.size >= PARALLEL || busy || turns.has(webhookId)) {
          giveBack.push(...work.byWebhook.get(webhookId)!.map((c) => c.id));
          continue;
        }
        perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
        const done = runTurn(db, owner, options, work, webhookId, () => stopped)
          .then((at) => {
            // A retry due before the next tick: look for it then.
            if (at && at.getTime() - Date.now() < tickMs && (retryAt === null || at.getTime() < retryAt)) {
              retryAt = at.getTime();
              after(Math.max(0, at.getTime() - Date.now() + 10), () => {
                retryAt = null;
                void fill();
              });
            }
          })
          .catch((err: unknown) =>
            logger?.error({ job: "webhooks", err, webhook_id: webhookId }, "webhook turn failed"),
          )
          .finally(() => {
            turns.delete(webhookId);
            void fill();
          });
        turns.set(webhookId, { account, done });
      }
      await releaseDeliveries(db, owner, giveBack);
      // Everything claimed was given back (every account with work is full): wait for a turn to end.
      if (giveBack.length === [...work.byWebhook.values()].reduce((n, l) => n + l.length, 0)) return;
    }
  };

  after(0, build);
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await building;
      await filling;
      await Promise.all([...turns.values()].map((t) => t.done));
    },
  };
}
