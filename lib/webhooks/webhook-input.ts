/**
 * What a webhook is made of, as the API, the dashboard and the CLI give it: an absolute
 * http(s) URL without credentials, the events (at least one), a format, optional filters
 * (mod ids, document ids, author user ids; empty means any) and a description.
 */
import { z } from "zod";
import { canonicalModId } from "@/lib/mods/mod-id";
import { isUuid } from "@/lib/uuid";
import { EVENT_TYPES, FORMATS } from "@/lib/webhooks/event-types";

export const MAX_FILTER_IDS = 100;

const url = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "must be an absolute http or https URL without a user name or password");

const ids = (what: string, valid: (v: string) => string | null) =>
  z
    .array(z.union([z.string(), z.number()]))
    .max(MAX_FILTER_IDS, `at most ${MAX_FILTER_IDS} ${what}`)
    .transform((list, ctx) => {
      const out = list.map((v) => valid(String(v)));
      const bad = list.filter((_, i) => out[i] === null);
      if (bad.length > 0) {
        ctx.addIssue({ code: "custom", message: `not ${what}: ${bad.slice(0, 5).join(", ")}` });
        return z.NEVER;
      }
      return [...new Set(out as string[])];
    });

const fields = {
  url,
  events: z
    .array(z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }))
    .min(1, "name at least one event")
    .transform((e) => [...new Set(e)]),
  format: z.enum(FORMATS, { error: `must be ${FORMATS.join(" or ")}` }),
  mod_ids: ids("workshop ids", canonicalModId),
  document_ids: ids("document ids (UUIDs)", (v) => (isUuid(v) ? v.toLowerCase() : null)),
  author_ids: ids("user ids (UUIDs)", (v) => (isUuid(v) ? v.toLowerCase() : null)),
  description: z.string().trim().max(200, "must be at most 200 characters"),
};

export const webhookInput = z.strictObject({
  ...fields,
  format: fields.format.default("standard"),
  mod_ids: fields.mod_ids.default([]),
  document_ids: fields.document_ids.default([]),
  author_ids: fields.author_ids.default([]),
  description: fields.description.default(""),
});

/** A change: any of the fields, and `enabled` (true re-enables a webhook that was disabled). */
export const webhookChange = z.strictObject({
  url: fields.url.optional(),
  events: fields.events.optional(),
  format: fields.format.optional(),
  mod_ids: fields.mod_ids.optional(),
  document_ids: fields.document_ids.optional(),
  author_ids: fields.author_ids.optional(),
  description: fields.description.optional(),
  enabled: z.boolean().optional(),
});

export type WebhookInput = z.output<typeof webhookInput>;
export type WebhookChange = z.output<typeof webhookChange>;
