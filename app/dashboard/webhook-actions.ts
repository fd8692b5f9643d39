"use server";
/**
 * The dashboard's webhooks through lib/webhooks/subscriptions.ts, the functions the
 * signed API uses. Every action starts with the session (formAction: requireUser) and
 * passes its user id down; those functions only ever find that user's webhooks, so a
 * webhook id of someone else's is "not found" here as in the API.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { config } from "@/lib/config";
import { formAction } from "@/lib/dashboard/form-action";
import { webhookWords } from "@/lib/dashboard/form-words";
import { db } from "@/lib/db/client";
import { formatUtc } from "@/lib/portal/format";
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  redeliver,
  rotateSecret,
  sendTestEvent,
} from "@/lib/webhooks/subscriptions";
import { webhookInput } from "@/lib/webhooks/webhook-input";

const guard = () => ({ allowPrivate: config().WEBHOOK_ALLOW_PRIVATE_HOSTS });

/** "1, 2 3" -> ["1", "2", "3"]: the filters are typed as lists. */
const idList = (v: unknown) =>
  String(v ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
const asList = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

// The form's fields as the API's body: the same rules, the same messages.
const webhookForm = z.preprocess((v) => {
  const f = v as Record<string, unknown>;
  return {
    url: f.url ?? "",
    events: asList(f.events),
    format: f.format || "standard",
    mod_ids: idList(f.mod_ids),
    document_ids: idList(f.document_ids),
    author_ids: idList(f.author_ids),
    description: f.description ?? "",
  };
}, webhookInput);

const webhookId = z.string().min(1, "is required").max(100);

// Its errors in the reader's words (lib/dashboard/form-words); the API keeps its own.
export const createWebhookAction = webhookWords(
  formAction(webhookForm, "url", async (userId, input) => {
    const made = await createWebhook(db(), { userId, guard: guard() }, input);
    revalidatePath("/dashboard/webhooks");
    return {
      ok: `Webhook ${made.webhook_id} made.`,
      reveal: { label: "Its secret, shown only now: keep it where your receiver can read it", value: made.secret },
    };
  }),
);

export const testWebhookAction = formAction(z.object({ webhook_id: webhookId }), "form", async (userId, input) => {
  const delivery = await sendTestEvent(db(), userId, input.webhook_id);
  revalidatePath(`/dashboard/webhooks/${input.webhook_id}`);
  return { ok: `Test event ${delivery.event_id} queued: the delivery log below shows how it goes.` };
});

export const rotateSecretAction = formAction(z.object({ webhook_id: webhookId }), "form", async (userId, input) => {
  const rotated = await rotateSecret(db(), userId, input.webhook_id);
  revalidatePath(`/dashboard/webhooks/${input.webhook_id}`);
  return {
    ok: rotated.previous_secret_until
      ? `Secret rotated; the old one signs beside it until ${formatUtc(rotated.previous_secret_until)}.`
      : "Secret rotated.",
    reveal: { label: "The new secret, shown only now", value: rotated.secret },
  };
});

export const enableWebhookAction = formAction(
  z.object({ webhook_id: webhookId, enabled: z.enum(["true", "false"]) }),
  "form",
  async (userId, input) => {
    const enabled = input.enabled === "true";
    await changeWebhook(db(), { userId, guard: guard() }, input.webhook_id, { enabled });
    revalidatePath(`/dashboard/webhooks/${input.webhook_id}`);
    revalidatePath("/dashboard/webhooks");
    return { ok: enabled ? "Enabled: its pending deliveries go out now." : "Disabled." };
  },
);

export const redeliverAction = formAction(
  z.object({ webhook_id: webhookId, delivery_id: z.string().min(1).max(100) }),
  "form",
  async (userId, input) => {
    const again = await redeliver(db(), userId, input.webhook_id, input.delivery_id);
    revalidatePath(`/dashboard/webhooks/${input.webhook_id}`);
    return { ok: `Sent again as ${again.delivery_id}.` };
  },
);

export const deleteWebhookAction = formAction(z.object({ webhook_id: webhookId }), "form", async (userId, input) => {
  await deleteWebhook(db(), userId, input.webhook_id);
  revalidatePath("/dashboard/webhooks");
  redirect("/dashboard/webhooks");
});
