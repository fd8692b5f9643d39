/** /v1/webhook.php: the caller's webhooks (docs/WEBHOOKS.md). Every method is signed; someone else's webhook is 404. */
import type { JsonSchema, PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { EMPTY_OK, SIGNED, json, jsonOk, pathIds, query } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";
import { EVENT_TYPES, FORMATS } from "@/lib/webhooks/event-types";

export const EXAMPLE_WEBHOOK_ID = "wh_3q2f9Xk1bQe7L0aZrT5mNw";
export const EXAMPLE_DELIVERY_ID = "dlv_Zp0v3N7bqkC1wQy8LmT2sA";
const webhookId = EXAMPLE_WEBHOOK_ID;
const example = {
  webhook_id: webhookId,
  url: "https://hooks.example.com/beacon",
  format: "standard",
  events: ["catalogue.changed", "mod.confirmed"],
  mod_ids: [EXAMPLE.modId],
  document_ids: [],
  author_ids: [],
  description: "Structures Plus updates",
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_until: null,
  created_at: "2026-11-25T10:00:00.000Z",
};
const withSecret = { ...example, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7pAaRZK+0bk=" };
const delivery = {
  delivery_id: EXAMPLE_DELIVERY_ID,
  event_id: "evt_Hq8nT2kLwP5vB0cR7mX1zA",
  event_type: "catalogue.changed",
  status: "delivered",
  attempts: 2,
  next_attempt_at: null,
  created_at: "2026-11-25T10:01:00.000Z",
  finished_at: "2026-11-25T10:01:05.310Z",
  log: [
    { attempted_at: "2026-11-25T10:01:00.120Z", status: 500, duration_ms: 31, error: null, response: "oops" },
    { attempted_at: "2026-11-25T10:01:05.290Z", status: 200, duration_ms: 20, error: null, response: "ok" },
  ],
};

const ids = (description: string): JsonSchema => ({ type: "array", items: { type: "string" }, description });
const input: JsonSchema = {
  type: "object",
  properties: {
    url: { type: "string", format: "uri", description: "http(s), a public address (private ones are 400)" },
    events: { type: "array", items: { type: "string", enum: [...EVENT_TYPES] }, minItems: 1 },
    format: { type: "string", enum: [...FORMATS], default: "standard" },
    mod_ids: ids("only events of these mods (empty: any)"),
    document_ids: ids("only events of these documents (empty: any)"),
    author_ids: ids("only events of these authors or mod owners (empty: any)"),
    description: { type: "string", maxLength: 200 },
    enabled: { type: "boolean", description: "PATCH only: true re-enables a disabled webhook" },
  },
};
const webhook: JsonSchema = { type: "object", description: "A webhook (never its secret)." };
const webhookWithSecret: JsonSchema = {
  type: "object",
  description: "A webhook and its secret: shown this once.",
  required: ["secret"],
};
const deliveries: JsonSchema = {
  type: "array",
  items: { type: "object" },
  description: "Newest first, with their attempts.",
};
const one = pathIds("webhook_id", "The webhook's id (wh_...).", { one: webhookId });
const acted = pathIds("webhook_id", "The webhook's id (wh_...).", {
  test: webhookId,
  rotate: webhookId,
  redeliver: webhookId,
});

export const webhookPaths: Record<string, PathItem> = {
  "/v1/webhook.php": {
    get: {
      operationId: "listWebhooks",
      summary: "List your webhooks",
      tags: ["Webhooks"],
      security: SIGNED,
      responses: {
        "200": jsonOk("Your webhooks.", { type: "array", items: webhook }, { webhooks: [example] }),
        ...errors("401"),
      },
    },
    post: {
      operationId: "createWebhook",
      summary: "Make a webhook",
      description:
        "The reply is 201 with the webhook and its secret (whsec_...), shown this once. A URL whose host is or resolves to a loopback, private, link-local or reserved address is 400 unless the server runs with WEBHOOK_ALLOW_PRIVATE_HOSTS=true.",
      tags: ["Webhooks"],
      security: SIGNED,
      requestBody: {
        required: true,
        content: json(input, { make: { url: example.url, events: example.events, mod_ids: example.mod_ids } }),
      },
      responses: { "201": jsonOk("Made.", webhookWithSecret, { made: withSecret }), ...errors("401") },
    },
  },
  "/v1/webhook.php/{webhook_id}": {
    get: {
      operationId: "getWebhook",
      summary: "One webhook, or its latest deliveries",
      description: "With ?action=deliveries: the latest deliveries (limit, 1 to 100, 20 by default), newest first.",
      tags: ["Webhooks"],
      security: SIGNED,
      parameters: [
        one,
        query("action", "deliveries: the delivery log instead of the webhook.", {
          type: "string",
          enum: ["deliveries"],
        }),
        query("limit", "Deliveries listed.", { type: "integer", minimum: 1, maximum: 100, default: 20 }),
      ],
      responses: {
        "200": jsonOk(
          "The webhook, or its deliveries.",
          { oneOf: [webhook, deliveries] },
          { webhook: example, deliveries: [delivery] },
        ),
        ...errors("401", "404"),
      },
    },
    post: {
      operationId: "webhookAction",
      summary: "Send a test event, rotate the secret, or redeliver",
      description:
        'action=test: a webhook.test event, 200 with its delivery. action=rotate: a new secret, 200 with the webhook and the secret (shown once); the previous secret signs beside it for 24 hours. action=redeliver with {"delivery_id"}: the same event again with the same webhook-id, 200 with the new delivery.',
      tags: ["Webhooks"],
      security: SIGNED,
      parameters: [
        acted,
        query(
          "action",
          "What to do.",
          { type: "string", enum: ["test", "rotate", "redeliver"] },
          { test: "test", rotate: "rotate", redeliver: "redeliver" },
        ),
      ],
      requestBody: {
        required: false,
        content: json(
          { type: "object", properties: { delivery_id: { type: "string" } } },
          { redeliver: { delivery_id: delivery.delivery_id } },
        ),
      },
      responses: {
        "200": jsonOk(
          "rotate: the webhook and its new secret; test and redeliver: the delivery queued.",
          { type: "object" },
          { rotated: withSecret, queued: { ...delivery, status: "pending", attempts: 0, log: [] } },
        ),
        ...errors("401", "404"),
      },
    },
    patch: {
      operationId: "changeWebhook",
      summary: "Change a webhook, or enable it again",
      tags: ["Webhooks"],
      security: SIGNED,
      parameters: [one],
      requestBody: { required: true, content: json(input, { one: { enabled: true } }) },
      responses: { "200": jsonOk("The webhook as it is now.", webhook, { changed: example }), ...errors("401", "404") },
    },
    delete: {
      operationId: "deleteWebhook",
      summary: "Delete a webhook and its delivery log",
      tags: ["Webhooks"],
      security: SIGNED,
      parameters: [one],
      responses: { "200": EMPTY_OK, ...errors("401", "404") },
    },
  },
};
