/**
 * /v1/webhook.php: the caller's webhooks (docs/WEBHOOKS.md). Beside the interface's four
 * endpoints, signed the same way; every method needs a signature and sees only the
 * caller's own webhooks (anyone else's is 404).
 *
 * GET                         the caller's webhooks
 * GET    /<id>                one; ?action=deliveries[&limit=N] its latest deliveries
 * POST                        make one (JSON body); the reply carries its secret, once
 * POST   /<id>?action=test    send a test event
 * POST   /<id>?action=rotate  a new secret (the reply carries it, once); the old one signs beside it for 24 h
 * POST   /<id>?action=redeliver  {"delivery_id"}: the same event again, same webhook-id
 * PATCH  /<id>                change fields, or {"enabled": true} after it was disabled
 * DELETE /<id>                delete it and its delivery log
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import type { RequestContext } from "@/lib/api/request-context";
import { emptyResponse, jsonResponse } from "@/lib/api/types";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateSecret,
  sendTestEvent,
} from "@/lib/webhooks/subscriptions";
import { webhookChange, webhookInput } from "@/lib/webhooks/webhook-input";
import type { z } from "zod";

const guard = () => ({ allowPrivate: config().WEBHOOK_ALLOW_PRIVATE_HOSTS });

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw badRequest("The body must be one JSON object.");
  const result = schema.safeParse(body);
  if (!result.success)
    throw badRequest(
      "The webhook is not valid.",
      result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  return result.data;
}

function oneId(ctx: RequestContext, method: string): string {
  if (ctx.pathIds.length !== 1) throw badRequest(`${method} names one webhook: /v1/webhook.php/<webhook_id>.`);
  return ctx.pathIds[0]!;
}

export const webhookEndpoint: Endpoint = {
  name: "webhook.php",
  methods: {
    GET: {
      auth: "required",
      token: "webhooks:manage",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length === 0) return jsonResponse(await listWebhooks(db(), userId));
        const id = oneId(ctx, "GET");
        const action = ctx.query.get("action");
        if (action === null) return jsonResponse(await getWebhook(db(), userId, id));
        if (action !== "deliveries") throw badRequest('The only GET action is "deliveries".', { action });
        const limit = Number(ctx.query.get("limit") ?? 20);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          throw badRequest("limit must be a whole number from 1 to 100.");
        return jsonResponse(await listDeliveries(db(), userId, id, { limit }));
      },
    },
    POST: {
      auth: "required",
      refuseReplays: true,
      token: "webhooks:manage",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const caller = { userId, guard: guard() };
        if (ctx.pathIds.length === 0) {
          if (ctx.query.get("action") !== null)
            throw badRequest("Actions name a webhook: /v1/webhook.php/<webhook_id>.");
          return jsonResponse(await createWebhook(db(), caller, parse(webhookInput, ctx.json())), 201);
        }
        const id = oneId(ctx, "POST");
        const action = ctx.query.get("action");
        if (action === "test") return jsonResponse(await sendTestEvent(db(), userId, id));
        if (action === "rotate") return jsonResponse(await rotateSecret(db(), userId, id));
        if (action === "redeliver") {
          const body = ctx.json() as { delivery_id?: unknown };
          if (typeof body?.delivery_id !== "string") throw badRequest('The body must be {"delivery_id": "dlv_..."}.');
          return jsonResponse(await redeliver(db(), userId, id, body.delivery_id));
        }
        throw badRequest("POST /v1/webhook.php/<id> takes ?action=test, rotate or redeliver.", { action });
      },
    },
    PATCH: {
      auth: "required",
      refuseReplays: true,
      token: "webhooks:manage",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const id = oneId(ctx, "PATCH");
        return jsonResponse(
          await changeWebhook(db(), { userId, guard: guard() }, id, parse(webhookChange, ctx.json())),
        );
      },
    },
    DELETE: {
      auth: "required",
      refuseReplays: true,
      token: "webhooks:manage",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        await deleteWebhook(db(), userId, oneId(ctx, "DELETE"));
        return emptyResponse();
      },
    },
  },
};
