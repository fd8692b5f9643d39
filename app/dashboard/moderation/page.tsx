/**
 * /dashboard/moderation: the moderators' queue. Open reports and appeals grouped by
 * target, oldest first; each target links to its page in the console, where its content
 * is shown and acted on. 404 to anyone without a moderation role.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { card, focus } from "@/components/dashboard/styles";
import { requireModerator } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { moderationQueue, QUEUE_TARGETS } from "@/lib/moderation/console";
import { countOf } from "@/lib/portal/format";
import { consoleHref, KIND_NAMES } from "./labels";
import { ReportLine } from "./report-line";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Moderation", robots: { index: false } };

export default async function ModerationQueuePage() {
  const userId = await requireModerator();
  const queue = await moderationQueue(db(), { kind: "user", userId });
  return (
    <section className="space-y-6" aria-labelledby="moderation-title">
      <h1 id="moderation-title" className="text-2xl font-bold sm:text-3xl">
        Moderation
      </h1>
      <p className="text-sm text-slate-300">
        Open reports and appeals, by what they are about, the oldest first
        {queue.length === QUEUE_TARGETS ? ` (the first ${QUEUE_TARGETS})` : ""}. Every action asks for a reason: the
        author reads it, and the audit trail keeps it.
      </p>
      {queue.length === 0 ? (
        <p className="text-slate-300">Nothing waits: there are no open reports.</p>
      ) : (
        <ul className="space-y-4" aria-label="Open reports by target">
          {queue.map((e) => {
            const key = `${e.target.kind}-${e.target.id}`;
            const appeals = e.reports.filter((r) => r.reason === "appeal").length;
            return (
              <li key={key} className={card} data-testid="queue-entry">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="break-words text-lg font-semibold">
                    <span className="text-slate-400">{KIND_NAMES[e.target.kind]}: </span>
                    <Link
                      href={consoleHref(e.target.kind, e.target.id)}
                      className={`text-amber-300 hover:underline ${focus}`}
                    >
                      {e.target.label}
                    </Link>
                  </h2>
                  <span className="text-xs text-slate-400">
                    {countOf(e.reports.length - appeals, "report", "reports")}
                    {appeals > 0 ? `, ${countOf(appeals, "appeal", "appeals")}` : ""}
                    {e.hidden ? " · hidden" : ""}
                    {e.suspended ? " · author suspended" : ""}
                  </span>
                </div>
                <ul className="space-y-1 text-sm" aria-label={`Reports of ${e.target.label}`}>
                  {e.reports.map((r) => (
                    <li key={r.id} className="break-words">
                      <ReportLine report={r} />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
