/**
 * /dashboard/webhooks/<id>: one of this user's webhooks: what it sends where, "send a
 * test event", rotating its secret, enabling or disabling it, deleting it, and its
 * delivery log (the latest deliveries, newest first, each attempt's status, duration and
 * the first KB of the answer, with "send again"), kept fresh while a delivery is pending
 * (components/dashboard/refresh-while). Someone else's id is a 404.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import {
  deleteWebhookAction,
  enableWebhookAction,
  redeliverAction,
  rotateSecretAction,
  testWebhookAction,
} from "@/app/dashboard/webhook-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { RefreshWhile } from "@/components/dashboard/refresh-while";
import { card, focus } from "@/components/dashboard/styles";
import { answerApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { countOf, formatUtc } from "@/lib/portal/format";
import type { DeliveryJson } from "@/lib/webhooks/webhook-json";
import { getWebhook, listDeliveries } from "@/lib/webhooks/subscriptions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook" };

const LOGGED = 50;

const STATUS_CLASS: Record<DeliveryJson["status"], string> = {
  delivered: "text-emerald-300",
  pending: "text-amber-200",
  failed: "text-rose-300",
};

function Delivery({ d, webhookId }: { d: DeliveryJson; webhookId: string }) {
  const last = d.log.at(-1);
  return (
    <li className={card} data-testid="delivery">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-mono text-sm">{d.event_type}</span>
        <span className={`text-sm font-semibold ${STATUS_CLASS[d.status]}`}>{d.status}</span>
      </div>
      <p className="text-xs text-slate-400">
        {formatUtc(d.created_at, { seconds: true })} · {countOf(d.attempts, "attempt", "attempts")}
        {last && ` · last: ${last.status ?? last.error ?? "no answer"}, ${last.duration_ms} ms`}
        {d.status === "pending" &&
          d.next_attempt_at &&
          ` · next try ${formatUtc(d.next_attempt_at, { seconds: true })}`}
      </p>
      <p className="break-all font-mono text-xs text-slate-400">webhook-id {d.event_id}</p>
      {d.log.length > 0 && (
        <details>
          <summary className={`cursor-pointer text-sm text-amber-300 ${focus}`}>Attempts and answers</summary>
          <ol className="mt-2 space-y-2">
            {d.log.map((a, i) => (
              <li key={i} className="space-y-1 text-xs">
                <p>
                  {formatUtc(a.attempted_at, { seconds: true })}:{" "}
                  {a.status === null ? "no HTTP answer" : `HTTP ${a.status}`}, {a.duration_ms} ms
                  {a.error && ` (${a.error})`}
                </p>
                {a.response && (
                  <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-950 p-2 font-mono">
                    {a.response}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      <ActionForm
        id={`redeliver-${d.delivery_id}`}
        action={redeliverAction}
        hidden={{ webhook_id: webhookId, delivery_id: d.delivery_id }}
        submitLabel="Send again"
        submitAriaLabel={`Send again: ${d.event_type} of ${formatUtc(d.created_at, { seconds: true })}`}
        variant="secondary"
      />
    </li>
  );
}

export default async function WebhookPage({ params }: { params: Promise<{ webhookId: string }> }) {
  const userId = await requireUser();
  const { webhookId } = await params;
  const found = await answerApiError(
    () =>
      Promise.all([getWebhook(db(), userId, webhookId), listDeliveries(db(), userId, webhookId, { limit: LOGGED })]),
    (err) => {
      if (err.status === 404) return null;
      throw err;
    },
  );
  if (!found) notFound();
  const [w, deliveries] = found;
  const hidden = { webhook_id: w.webhook_id };
  return (
    <section className="space-y-6" aria-labelledby="webhook-title">
      <Link href="/dashboard/webhooks" className={`text-sm text-amber-300 hover:underline ${focus}`}>
        All webhooks
      </Link>
      <h1 id="webhook-title" className="break-all text-2xl font-bold sm:text-3xl">
        {w.description || "Webhook"}
      </h1>
      <div className={card}>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-400">URL</dt>
          <dd className="break-all font-mono">{w.url}</dd>
          <dt className="text-slate-400">Format</dt>
          <dd>{w.format}</dd>
          <dt className="text-slate-400">Events</dt>
          <dd>{w.events.join(", ")}</dd>
          <dt className="text-slate-400">Filters</dt>
          <dd className="break-all">
            {[
              w.mod_ids.length > 0 && `mods ${w.mod_ids.join(", ")}`,
              w.document_ids.length > 0 && `documents ${w.document_ids.join(", ")}`,
              w.author_ids.length > 0 && `authors ${w.author_ids.join(", ")}`,
            ]
              .filter(Boolean)
              .join("; ") || "none: every event of these types"}
          </dd>
          <dt className="text-slate-400">State</dt>
          <dd className={w.enabled ? "text-emerald-300" : "text-rose-300"} data-testid="webhook-state">
            {w.enabled ? "Enabled" : `Disabled: ${w.disabled_reason ?? "no reason recorded"}`}
            {w.enabled && w.failing_since && ` (failing since ${formatUtc(w.failing_since)})`}
          </dd>
          <dt className="text-slate-400">Id</dt>
          <dd className="break-all font-mono">{w.webhook_id}</dd>
        </dl>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={card}>
          <h2 className="text-lg font-semibold">Send a test event</h2>
          <p className="text-sm text-slate-300">A webhook.test event to this webhook alone; it shows in the log.</p>
          <ActionForm id="test" action={testWebhookAction} hidden={hidden} submitLabel="Send test event" />
        </div>
        <div className={card}>
          <h2 className="text-lg font-semibold">Rotate the secret</h2>
          <p className="text-sm text-slate-300">
            A new secret, shown once; the old one keeps signing beside it for 24 hours while you update your receiver (
            <Link href="/docs/webhooks" className={`text-amber-300 underline ${focus}`}>
              how a receiver checks signatures
            </Link>
            ).
            {w.previous_secret_until && ` The previous one signs until ${formatUtc(w.previous_secret_until)}.`}
          </p>
          <ActionForm id="rotate" action={rotateSecretAction} hidden={hidden} submitLabel="Rotate secret" />
        </div>
        <div className={card}>
          <h2 className="text-lg font-semibold">{w.enabled ? "Disable" : "Enable"}</h2>
          <ActionForm
            id="enable"
            action={enableWebhookAction}
            hidden={{ ...hidden, enabled: String(!w.enabled) }}
            submitLabel={w.enabled ? "Disable webhook" : "Enable webhook"}
            variant="secondary"
          />
        </div>
        <div className={card}>
          <h2 className="text-lg font-semibold">Delete</h2>
          <ActionForm
            id="delete"
            action={deleteWebhookAction}
            hidden={hidden}
            submitLabel="Delete webhook"
            variant="danger"
          />
        </div>
      </div>
      <h2 className="text-xl font-semibold">Delivery log</h2>
      <RefreshWhile active={deliveries.some((d) => d.status === "pending")} />
      {deliveries.length === 0 ? (
        <p className="text-slate-300">Nothing sent yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Delivery log">
          {deliveries.map((d) => (
            <Delivery key={d.delivery_id} d={d} webhookId={w.webhook_id} />
          ))}
        </ol>
      )}
    </section>
  );
}
