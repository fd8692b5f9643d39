/**
 * Claiming deliveries: an instance takes due deliveries for a lease before trying them,
 * so each attempt is made by one instance. On PostgreSQL one UPDATE takes them: the rows
 * are chosen with FOR UPDATE SKIP LOCKED (instances claiming at once take different
 * rows, none waits) and the UPDATE re-checks the lease, so a row another instance took
 * meanwhile is left alone. A lease runs LEASE_MS, far longer than the attempts it covers
 * (at most PER_WEBHOOK attempts of 10 s each); an instance that dies (SIGKILL) holds its
 * rows until their lease runs out, then another instance claims them and tries again
 * with the same webhook-id. SQLite has one writer and one instance: the same choice,
 * then one conditional UPDATE.
 *
 * At most PER_WEBHOOK deliveries per webhook in one claim, sent one after the other:
 * a receiver sees one request at a time from an instance, and its rate limit is read
 * before the next (Discord allows a webhook 5 requests per 2 s, say).
 */
import { providerOf, type Db } from "@/lib/db/client";

export const LEASE_MS = 120_000;
export const PER_WEBHOOK = 8;

export interface Claimed {
  id: string;
  webhookId: string;
  eventId: string;
  attempts: number;
}

/** A time as PostgreSQL's timestamp(3) columns hold it (UTC); the text is ours, never a caller's. */
const ts = (at: Date) => `(TIMESTAMPTZ '${at.toISOString()}' AT TIME ZONE 'UTC')`;

/** What a claim leaves alone: webhooks this instance is sending to, accounts with as many in flight as they may have. */
export interface ClaimSkip {
  webhookIds: string[];
  userIds: string[];
}

export async function claimDeliveries(
  db: Db,
  owner: string,
  now: Date,
  limit: number,
  leaseMs = LEASE_MS,
  skip: ClaimSkip = { webhookIds: [], userIds: [] },
): Promise<Claimed[]> {
  const until = new Date(now.getTime() + leaseMs);
  if (providerOf(db) === "postgresql") {
    const rows = await db.$queryRawUnsafe<{ id: string; webhook_id: string; event_id: string; attempts: number }[]>(
      `UPDATE "webhook_deliveries" SET "lease_owner" = $1, "lease_until" = ${ts(until)}
       WHERE "id" IN (
         SELECT "id" FROM "webhook_deliveries" WHERE "id" IN (
           SELECT c."id" FROM (
             SELECT d."id", d."next_attempt_at",
                    ROW_NUMBER() OVER (PARTITION BY d."webhook_id" ORDER BY d."next_attempt_at", d."id") AS "n"
             FROM "webhook_deliveries" d JOIN "webhooks" w ON w."id" = d."webhook_id"
             WHERE d."status" = 'pending' AND d."next_attempt_at" <= ${ts(now)}
               AND (d."lease_until" IS NULL OR d."lease_until" < ${ts(now)})
               AND w."enabled" AND (w."hold_until" IS NULL OR w."hold_until" <= ${ts(now)})
               AND NOT (w."id" = ANY($2::text[])) AND NOT (w."user_id" = ANY($3::text[]))
           ) c WHERE c."n" <= ${PER_WEBHOOK} ORDER BY c."next_attempt_at" LIMIT ${Math.floor(limit)}
         ) FOR UPDATE SKIP LOCKED
       ) AND ("lease_until" IS NULL OR "lease_until" < ${ts(now)})
       RETURNING "id", "webhook_id", "event_id", "attempts"`,
      owner,
      skip.webhookIds,
      skip.userIds,
    );
    return rows.map((r) => ({ id: r.id, webhookId: r.webhook_id, eventId: r.event_id, attempts: Number(r.attempts) }));
  }
  const candidates = await db.webhookDelivery.findMany({
    where: {
      status: "pending",
      nextAttemptAt: { lte: now },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
      webhook: {
        enabled: true,
        OR: [{ holdUntil: null }, { holdUntil: { lte: now } }],
        id: { notIn: skip.webhookIds },
        userId: { notIn: skip.userIds },
      },
    },
    orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
    take: limit * 4,
    select: { id: true, webhookId: true, eventId: true, attempts: true },
  });
  const perWebhook = new Map<string, number>();
  const chosen = candidates
    .filter((c) => {
      const n = (perWebhook.get(c.webhookId) ?? 0) + 1;
      perWebhook.set(c.webhookId, n);
      return n <= PER_WEBHOOK;
    })
    .slice(0, limit);
  if (chosen.length === 0) return [];
  await db.webhookDelivery.updateMany({
    where: { id: { in: chosen.map((c) => c.id) }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: until },
  });
  const mine = await db.webhookDelivery.findMany({
    where: { id: { in: chosen.map((c) => c.id) }, leaseOwner: owner },
    select: { id: true },
  });
  const taken = new Set(mine.map((m) => m.id));
  return chosen.filter((c) => taken.has(c.id));
}

/** Gives claimed deliveries back untried (the instance stops, or the receiver asked to wait). */
export async function releaseDeliveries(db: Db, owner: string, ids: string[], nextAttemptAt?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.webhookDelivery.updateMany({
    where: { id: { in: ids }, leaseOwner: owner },
    data: { leaseOwner: null, leaseUntil: null, ...(nextAttemptAt ? { nextAttemptAt } : {}) },
  });
}
