/**
 * A user's webhooks: make, list, change, delete, rotate the secret, send a test event,
 * read the delivery log, redeliver. Every function takes the caller's user id and only
 * ever finds that user's webhooks: someone else's is "not found", as if it did not exist.
 * The secret leaves here twice only: when the webhook is made and when it is rotated.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { refusedAddress, type GuardOptions } from "@/lib/net/guarded-fetch";
import { eventBody } from "@/lib/webhooks/event-payloads";
import { TEST_EVENT } from "@/lib/webhooks/event-types";
import { newId } from "@/lib/webhooks/ids";
import { newSecret, sealSecret } from "@/lib/webhooks/secret-box";
import { webhookJson, deliveryJson, type DeliveryJson, type WebhookJson } from "@/lib/webhooks/webhook-json";
import type { WebhookChange, WebhookInput } from "@/lib/webhooks/webhook-input";

export const MAX_WEBHOOKS_PER_USER = 25;
/** How long the previous secret keeps signing beside the new one after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
export const DELIVERIES_LISTED = 100;

export interface Caller {
  userId: string;
  /** the address rule (allowPrivate from WEBHOOK_ALLOW_PRIVATE_HOSTS) */
  guard?: GuardOptions;
}

async function requireAllowedUrl(url: string, guard: GuardOptions | undefined): Promise<void> {
  const refused = await refusedAddress(url, guard);
  if (refused) throw badRequest(`The webhook URL cannot be used: ${refused.message}.`, { url });
}

const join = (list: string[]) => list.join(",");

async function own(db: Db, userId: string, webhookId: string) {
  const webhook = await db.webhook.findFirst({ where: { id: webhookId, userId } });
  if (!webhook) throw notFound("You have no webhook with this id.", { webhook_id: webhookId });
  return webhook;
}

export async function createWebhook(
  db: Db,
  caller: Caller,
  input: WebhookInput,
): Promise<WebhookJson & { secret: string }> {
  await requireAllowedUrl(input.url, caller.guard);
  const secret = newSecret();
  const id = newId("wh");
  await groupCommit(db, async ({ tx }) => {
    const count = await tx.webhook.count({ where: { userId: caller.userId } });
    if (count >= MAX_WEBHOOKS_PER_USER)
      throw badRequest(`A user may have at most ${MAX_WEBHOOKS_PER_USER} webhooks; delete one first.`);
    await tx.webhook.create({
      data: {
        id,
        userId: caller.userId,
        url: input.url,
        format: input.format,
        events: join(input.events),
        modIds: join(input.mod_ids),
        documentIds: join(input.document_ids),
        authorIds: join(input.author_ids),
        description: input.description,
        secret: sealSecret(secret),
      },
    });
  });
  return { ...webhookJson(await own(db, caller.userId, id)), secret };
}

export async function listWebhooks(db: Db, userId: string): Promise<WebhookJson[]> {
  const rows = await db.webhook.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(webhookJson);
}

export async function getWebhook(db: Db, userId: string, webhookId: string): Promise<WebhookJson> {
  return webhookJson(await own(db, userId, webhookId));
}

export async function changeWebhook(
  db: Db,
  caller: Caller,
  webhookId: string,
  change: WebhookChange,
): Promise<WebhookJson> {
  await own(db, caller.userId, webhookId);
  if (change.url !== undefined) await requireAllowedUrl(change.url, caller.guard);
  await groupCommit(db, async ({ tx }) => {
    await tx.webhook.updateMany({
      where: { id: webhookId, userId: caller.userId },
      data: {
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.events !== undefined ? { events: join(change.events) } : {}),
        ...(change.format !== undefined ? { format: change.format } : {}),
        ...(change.mod_ids !== undefined ? { modIds: join(change.mod_ids) } : {}),
        ...(change.document_ids !== undefined ? { documentIds: join(change.document_ids) } : {}),
        ...(change.author_ids !== undefined ? { authorIds: join(change.author_ids) } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        ...(change.enabled === false ? { enabled: false, disabledReason: "disabled by its owner" } : {}),
      },
    });
  });
  return getWebhook(db, caller.userId, webhookId);
}

export async function deleteWebhook(db: Db, userId: string, webhookId: string): Promise<void> {
  await own(db, userId, webhookId);
  await groupCommit(db, async ({ tx }) => {
    await tx.webhook.deleteMany({ where: { id: webhookId, userId } });
  });
}

/** A new secret; the previous one keeps signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  db: Db,
  userId: string,
  webhookId: string,
  now = new Date(),
): Promise<WebhookJson & { secret: string }> {
  const webhook = await own(db, userId, webhookId);
  const secret = newSecret();
  await groupCommit(db, async ({ tx }) => {
    await tx.webhook.updateMany({
      where: { id: webhookId, userId },
      data: {
        secret: sealSecret(secret),
        previousSecret: webhook.secret,
        previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      },
    });
  });
  return { ...(await getWebhook(db, userId, webhookId)), secret };
}

/** A `webhook.test` event for this webhook alone, delivered like any other. */
export async function sendTestEvent(db: Db, userId: string, webhookId: string): Promise<DeliveryJson> {
  await own(db, userId, webhookId);
  const now = new Date();
  const eventId = newId("evt");
  const deliveryId = newId("dlv");
  await groupCommit(db, async ({ tx }) => {
    await tx.webhookEvent.create({
      data: {
        id: eventId,
        type: TEST_EVENT,
        userId,
        payload: eventBody(TEST_EVENT, now, { webhook_id: webhookId, message: "A test event from Beacon Hub." }),
        createdAt: now,
      },
    });
    await tx.webhookDelivery.create({
      data: { id: deliveryId, webhookId, eventId, nextAttemptAt: now, createdAt: now },
    });
  });
  return (await listDeliveries(db, userId, webhookId, { deliveryId }))[0]!;
}

/** The latest deliveries (newest first) with their attempts. */
export async function listDeliveries(
  db: Db,
  userId: string,
  webhookId: string,
  options: { limit?: number; deliveryId?: string } = {},
): Promise<DeliveryJson[]> {
  await own(db, userId, webhookId);
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId, ...(options.deliveryId ? { id: options.deliveryId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(options.limit ?? 20, DELIVERIES_LISTED),
    include: { event: { select: { type: true } }, log: { orderBy: { id: "asc" } } },
  });
  return rows.map(deliveryJson);
}

/** The same event again, as a new delivery with the same webhook-id (the event's id). */
export async function redeliver(db: Db, userId: string, webhookId: string, deliveryId: string): Promise<DeliveryJson> {
  await own(db, userId, webhookId);
  const old = await db.webhookDelivery.findFirst({ where: { id: deliveryId, webhookId } });
  if (!old) throw notFound("This webhook has no delivery with this id.", { delivery_id: deliveryId });
  const id = newId("dlv");
  const now = new Date();
  await groupCommit(db, async ({ tx }) => {
    await tx.webhookDelivery.create({
      data: { id, webhookId, eventId: old.eventId, nextAttemptAt: now, createdAt: now },
    });
  });
  return (await listDeliveries(db, userId, webhookId, { deliveryId: id }))[0]!;
}
