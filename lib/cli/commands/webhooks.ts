/**
 * `beacon-hub webhooks add|ls|rm|test|deliveries|redeliver|verify`: the caller's webhooks
 * through /v1/webhook.php (docs/WEBHOOKS.md), and a signature check for people writing
 * receivers (no server needed).
 */
import { readFileSync } from "node:fs";
import { EXIT_FAILURE, EXIT_OK, jsonOption, stringValue, UsageError, type Command } from "@/lib/cli/command";
import { table } from "@/lib/cli/output";
import type { DeliveryJson, WebhookJson } from "@/lib/webhooks/webhook-json";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { TOLERANCE_SECONDS, verifySignature } from "@/lib/webhooks/signature";

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const webhookId = (value: string | undefined) => {
  if (!value || !/^wh_[\w-]{22}$/.test(value)) throw new UsageError(`"${value ?? ""}" is not a webhook id (wh_...)`);
  return value;
};

function deliveryLines(deliveries: DeliveryJson[]): string {
  if (deliveries.length === 0) return "no deliveries yet";
  return table(
    ["DELIVERY", "EVENT", "STATUS", "ATTEMPTS", "LAST", "WHEN"],
    deliveries.map((d) => {
      const last = d.log.at(-1);
      return [
        d.delivery_id,
        d.event_type,
        d.status,
        String(d.attempts),
        last ? (last.status === null ? (last.error ?? "-") : `HTTP ${last.status} in ${last.duration_ms} ms`) : "-",
        d.created_at,
      ];
    }),
  );
}

const add: Command = {
  path: ["webhooks", "add"],
  summary: "make a webhook (prints its secret once)",
  usage:
    "<url> --events e1,e2 [--format standard|discord] [--mod ID,...] [--document ID,...] [--author ID,...] [--description TEXT] [--json]",
  help: `POSTs to /v1/webhook.php. The secret (whsec_...) is printed this once: keep it to
verify signatures. Events: ${EVENT_TYPES.join(", ")}.

  --events LIST       comma-separated event types (required)
  --format FORMAT     standard (Standard Webhooks, signed; the default) or discord (a Discord webhook URL)
  --mod LIST          only events of these mods (workshop ids)
  --document LIST     only events of these documents
  --author LIST       only events of these authors or mod owners (user ids)
  --description TEXT  a note for yourself
  --json              print the API's reply`,
  options: {
    events: { type: "string" },
    format: { type: "string" },
    mod: { type: "string" },
    document: { type: "string" },
    author: { type: "string" },
    description: { type: "string" },
    ...jsonOption,
  },
  positionals: [1, 1],
  async run(ctx) {
    const events = list(stringValue(ctx, "events"));
    if (events.length === 0) throw new UsageError("name the events with --events (comma-separated)");
    const made = await ctx.api().webhooks.add({
      url: ctx.positionals[0]!,
      events,
      format: stringValue(ctx, "format") ?? "standard",
      mod_ids: list(stringValue(ctx, "mod")),
      document_ids: list(stringValue(ctx, "document")),
      author_ids: list(stringValue(ctx, "author")),
      description: stringValue(ctx, "description") ?? "",
    });
    if (ctx.values.json) ctx.json(made);
    else ctx.out(`made webhook ${made.webhook_id} -> ${made.url}\nsecret (shown once, keep it): ${made.secret}`);
    return EXIT_OK;
  },
};

const ls: Command = {
  path: ["webhooks", "ls"],
  summary: "list your webhooks",
  usage: "[--json]",
  help: `GETs /v1/webhook.php: your webhooks, whether they are enabled and why not.

  --json   print the API's array`,
  options: { ...jsonOption },
  async run(ctx) {
    const hooks: WebhookJson[] = await ctx.api().webhooks.list();
    if (ctx.values.json) ctx.json(hooks);
    else if (hooks.length === 0) ctx.out("no webhooks; make one with: beacon-hub webhooks add <url> --events ...");
    else
      ctx.out(
        table(
          ["WEBHOOK", "FORMAT", "ENABLED", "EVENTS", "URL"],
          hooks.map((h) => [
            h.webhook_id,
            h.format,
            h.enabled ? "yes" : `no: ${h.disabled_reason ?? ""}`,
            h.events.join(","),
            h.url,
          ]),
        ),
      );
    return EXIT_OK;
  },
};

const rm: Command = {
  path: ["webhooks", "rm"],
  summary: "delete a webhook and its delivery log",
  usage: "<webhook_id>",
  help: "DELETEs /v1/webhook.php/<webhook_id>.",
  positionals: [1, 1],
  async run(ctx) {
    const id = webhookId(ctx.positionals[0]);
    await ctx.api().webhooks.remove(id);
    ctx.out(`deleted webhook ${id}`);
    return EXIT_OK;
  },
};

const test: Command = {
  path: ["webhooks", "test"],
  summary: "send a test event",
  usage: "<webhook_id> [--json]",
  help: `POSTs /v1/webhook.php/<webhook_id>?action=test: a webhook.test event for this webhook
alone. "beacon-hub webhooks deliveries <webhook_id>" shows how it went.

  --json   print the delivery`,
  options: { ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const delivery = await ctx.api().webhooks.test(webhookId(ctx.positionals[0]));
    if (ctx.values.json) ctx.json(delivery);
    else ctx.out(`test event ${delivery.event_id} queued as delivery ${delivery.delivery_id}`);
    return EXIT_OK;
  },
};

const deliveries: Command = {
  path: ["webhooks", "deliveries"],
  summary: "the latest deliveries of a webhook",
  usage: "<webhook_id> [--limit N] [--json]",
  help: `GETs /v1/webhook.php/<webhook_id>?action=deliveries: the latest deliveries, newest
first, with each attempt's status, duration and the first KB of the answer (--json).

  --limit N   how many (1 to 100, 20 by default)
  --json      print the API's array, attempts included`,
  options: { limit: { type: "string" }, ...jsonOption },
  positionals: [1, 1],
  async run(ctx) {
    const limit = Number(stringValue(ctx, "limit") ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new UsageError("--limit is a whole number from 1 to 100");
    const found = await ctx.api().webhooks.deliveries(webhookId(ctx.positionals[0]), limit);
    if (ctx.values.json) ctx.json(found);
    else ctx.out(deliveryLines(found));
    return EXIT_OK;
  },
};

const redeliver: Command = {
  path: ["webhooks", "redeliver"],
  summary: "send a delivery's event again (same webhook-id)",
  usage: "<webhook_id> <delivery_id> [--json]",
  help: `POSTs /v1/webhook.php/<webhook_id>?action=redeliver: the delivery's event again, as a
new delivery with the same webhook-id.

  --json   print the new delivery`,
  options: { ...jsonOption },
  positionals: [2, 2],
  async run(ctx) {
    const delivery = await ctx.api().webhooks.redeliver(webhookId(ctx.positionals[0]), ctx.positionals[1]!);
    if (ctx.values.json) ctx.json(delivery);
    else ctx.out(`event ${delivery.event_id} queued again as delivery ${delivery.delivery_id}`);
    return EXIT_OK;
  },
};

const verify: Command = {
  path: ["webhooks", "verify"],
  summary: "check a webhook signature (for people writing receivers)",
  usage: "--secret whsec_... --id ID --timestamp TS --signature SIG [--tolerance SECONDS] < body",
  help: `Reads the request body from stdin, exactly as received, and checks the Standard
Webhooks signature: HMAC-SHA256 of "<id>.<timestamp>.<body>" under the secret, against
each "v1,..." of the signature header. Needs no server. Exit 0 when valid, 1 when not.

  --secret SECRET      the webhook's secret (whsec_...)
  --id ID              the webhook-id header
  --timestamp TS       the webhook-timestamp header
  --signature SIG      the webhook-signature header (quote it: it may hold several, space-separated)
  --tolerance SECONDS  how far the timestamp may be from now (${TOLERANCE_SECONDS} by default; 0: not checked)`,
  options: {
    secret: { type: "string" },
    id: { type: "string" },
    timestamp: { type: "string" },
    signature: { type: "string" },
    tolerance: { type: "string" },
  },
  async run(ctx) {
    const need = (name: string) => {
      const value = stringValue(ctx, name);
      if (!value) throw new UsageError(`--${name} is required`);
      return value;
    };
    const secret = need("secret");
    const request = { id: need("id"), timestamp: need("timestamp"), signature: need("signature") };
    const tolerance = Number(stringValue(ctx, "tolerance") ?? TOLERANCE_SECONDS);
    if (!Number.isFinite(tolerance) || tolerance < 0) throw new UsageError("--tolerance is a number of seconds");
    const body = readFileSync(0, "utf8");
    const verdict = verifySignature(secret, { ...request, body }, { toleranceSeconds: tolerance });
    if (verdict.valid) {
      ctx.out(`valid: signature ${verdict.matched} of ${verdict.of} matches`);
      return EXIT_OK;
    }
    ctx.err(`not valid: ${verdict.reason}`);
    return EXIT_FAILURE;
  },
};

export const webhooksCommands: Command[] = [add, ls, rm, test, deliveries, redeliver, verify];
