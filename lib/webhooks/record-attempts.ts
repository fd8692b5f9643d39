/**
 * What an attempt leaves behind, written in one transaction per webhook and claim: a
 * row in the delivery log (status, duration, the first KB of the answer), the delivery
 * delivered, rescheduled (lib/webhooks/retry-schedule.ts) or given up, and the webhook's
 * state: failing since when, disabled after a day of failures or at a 410, held while
 * the receiver's rate limit is spent. Deliveries are only changed while this instance
 * still holds their lease; the log row is written either way (the attempt happened).
 */
import type { Db } from "@/lib/db/client";
import { DISABLE_AFTER_MS, retryDelayMs } from "@/lib/webhooks/retry-schedule";
import type { AttemptOutcome } from "@/lib/webhooks/send-attempt";

export interface Attempted {
  deliveryId: string;
  /** attempts made before this one */
  attempts: number;
  at: Date;
  outcome: AttemptOutcome;
}

export interface WebhookState {
  id: string;
  failingSince: Date | null;
}

/** In the owner's words, what the last failure was (the dashboard shows it when the webhook is disabled). */
export function failureWords(o: AttemptOutcome): string {
  if (o.error) return o.error;
  return `HTTP ${o.status}${o.response ? `: ${o.response.slice(0, 200)}` : ""}`;
}

export async function recordAttempts(
  db: Db,
  owner: string,
  webhook: WebhookState,
  attempted: Attempted[],
  options: { scale: number; now?: Date },
): Promise<{ disabled: string | null; nextRetry: Date | null }> {
  if (attempted.length === 0) return { disabled: null, nextRetry: null };
  let nextRetry: Date | null = null;
  const now = options.now ?? new Date();
  const delivered = attempted.filter((a) => a.outcome.ok);
  const failed = attempted.filter((a) => !a.outcome.ok);
  const last = attempted.at(-1)!;
  let failingSince = webhook.failingSince;
  if (last.outcome.ok) failingSince = null;
  else if (failed.length > 0) failingSince ??= failed[0]!.at;
  const gone = attempted.find((a) => a.outcome.gone);
  const disabled = gone
    ? `the receiver answered 410 Gone at ${gone.at.toISOString()}: it wants no more deliveries`
    : failingSince && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS * options.scale
      ? `every delivery failed since ${failingSince.toISOString()}; the last: ${failureWords(last.outcome)}`
      : null;
  const hold = attempted.reduce<number | null>((longest, a) => {
    const ms = a.outcome.holdMs ?? (a.outcome.status === 429 ? a.outcome.retryAfterMs : null);
    return ms === null ? longest : Math.max(longest ?? 0, ms);
  }, null);

  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.createMany({
      data: attempted.map((a) => ({
        deliveryId: a.deliveryId,
        attemptedAt: a.at,
        durationMs: a.outcome.durationMs,
        status: a.outcome.status,
        error: a.outcome.error,
        response: a.outcome.response,
      })),
    });
    if (delivered.length > 0)
      await tx.webhookDelivery.updateMany({
        where: { id: { in: delivered.map((a) => a.deliveryId) }, leaseOwner: owner },
        data: { status: "delivered", finishedAt: now, leaseOwner: null, leaseUntil: null, attempts: { increment: 1 } },
      });
    for (const a of failed) {
      // A rate-limited attempt (429) does not spend one of the schedule's attempts.
      const counted = a.outcome.status === 429 ? a.attempts : a.attempts + 1;
      const backoff = retryDelayMs(counted, options.scale);
      const wait = Math.max(backoff ?? 0, a.outcome.retryAfterMs ?? 0);
      const givenUp = backoff === null && a.outcome.status !== 429;
      const at = new Date(now.getTime() + wait);
      if (!givenUp && (nextRetry === null || at < nextRetry)) nextRetry = at;
      await tx.webhookDelivery.updateMany({
        where: { id: a.deliveryId, leaseOwner: owner },
        data: givenUp
          ? { status: "failed", finishedAt: now, attempts: counted, leaseOwner: null, leaseUntil: null }
          : { attempts: counted, nextAttemptAt: at, leaseOwner: null, leaseUntil: null },
      });
    }
    // updateMany: the webhook may have been deleted meanwhile (its deliveries with it).
    await tx.webhook.updateMany({
      where: { id: webhook.id },
      data: {
        failingSince,
        ...(hold !== null ? { holdUntil: new Date(now.getTime() + hold) } : {}),
        ...(disabled ? { enabled: false, disabledReason: disabled } : {}),
      },
    });
  });
  return { disabled, nextRetry };
}
