/**
 * /dashboard/webhooks: this user's webhooks (each links to its settings and delivery
 * log) and the form that makes one; its secret is shown once, in the form's answer.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { createWebhookAction } from "@/app/dashboard/webhook-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card, focus } from "@/components/dashboard/styles";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { EVENT_TYPES, FORMATS } from "@/lib/webhooks/event-types";
import { listWebhooks, MAX_WEBHOOKS_PER_USER } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const userId = await requireUser();
  const webhooks = await listWebhooks(db(), userId);
  return (
    <section className="space-y-6" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title" className="text-2xl font-bold sm:text-3xl">
        Webhooks
      </h1>
      <p className="text-slate-300">
        Beacon Hub POSTs each event you choose to your URL, signed as Standard Webhooks say, or as a Discord message
        when the URL is a Discord webhook&apos;s.{" "}
        <Link href="/docs/webhooks" className={`text-amber-300 underline ${focus}`}>
          How your receiver checks a signature
        </Link>
        . No server? Every mod&apos;s spawn page and the documents pages have an Atom feed.
      </p>
      {webhooks.length === 0 ? (
        <p className="text-slate-300">You have no webhooks yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="My webhooks">
          {webhooks.map((w) => (
            <li key={w.webhook_id} className={card}>
              <Link
                href={`/dashboard/webhooks/${w.webhook_id}`}
                className={`break-all font-semibold text-amber-300 hover:underline ${focus}`}
              >
                {w.description || w.url}
              </Link>
              <p className="break-all font-mono text-xs text-slate-400">{w.url}</p>
              <p className="text-sm text-slate-300">
                {w.format} · {w.events.join(", ")}
              </p>
              <p className={w.enabled ? "text-sm text-emerald-300" : "text-sm text-rose-300"}>
                {w.enabled ? "Enabled" : `Disabled: ${w.disabled_reason ?? "no reason recorded"}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <div className={card}>
        <h2 className="text-lg font-semibold">New webhook</h2>
        <ActionForm
          id="new-webhook"
          action={createWebhookAction}
          fields={[
            {
              name: "url",
              label: "URL",
              placeholder: "https://example.com/beacon-hook",
              hint: "Public http(s) address; a Discord webhook URL with the discord format.",
              mono: true,
            },
            { name: "format", label: "Format", type: "radio", options: [...FORMATS], defaultValue: "standard" },
            { name: "events", label: "Events", type: "checkboxes", options: [...EVENT_TYPES] },
            {
              name: "mod_ids",
              label: "Only these mods (workshop ids)",
              hint: "Separated by commas or spaces; empty: every mod.",
            },
            { name: "document_ids", label: "Only these documents (ids)", hint: "Empty: every document." },
            { name: "author_ids", label: "Only these authors (user ids)", hint: "Empty: every author." },
            { name: "description", label: "Description", hint: "Your own name for it, at most 200 characters." },
          ]}
          submitLabel="Make webhook"
        />
        <p className="text-xs text-slate-400">At most {MAX_WEBHOOKS_PER_USER} webhooks per user.</p>
      </div>
    </section>
  );
}
