/**
 * /dashboard/moderation/audit: the audit trail, newest first, for operators: who did
 * what to which target, when and why. Read only: nothing on the web edits or deletes an
 * entry (the table refuses it too); `npm run moderation -- audit` exports it whole. 404 to
 * anyone who is not an operator.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { focus, secondaryButton } from "@/components/dashboard/styles";
import { requireOperator } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { auditTrail } from "@/lib/moderation/console";
import { formatUtc, isoTime } from "@/lib/portal/format";
import { consoleHref, KIND_NAMES, whoLabel } from "../labels";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit trail", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const userId = await requireOperator();
  const before = Number((await searchParams).before);
  const page = await auditTrail(
    db(),
    { kind: "user", userId },
    { beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined },
  );
  return (
    <section className="space-y-6" aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-bold sm:text-3xl">
        Audit trail
      </h1>
      <p className="text-sm text-slate-300">
        Every report, appeal, moderator action and role change, newest first. Entries are never changed or deleted;{" "}
        <code className="font-mono">npm run moderation -- audit</code> exports them all as JSON lines.
      </p>
      {page.entries.length === 0 ? (
        <p className="text-slate-300">Nothing yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Audit entries, newest first">
          {page.entries.map((e) => (
            <li
              key={e.id}
              className="space-y-1 rounded border border-slate-800 bg-slate-900/60 p-3 text-sm"
              data-testid="audit-entry"
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <strong className="text-amber-200" data-testid="audit-action">
                  {e.action}
                </strong>
                <span className="break-words">
                  {KIND_NAMES[e.target_kind].toLowerCase()}{" "}
                  <Link href={consoleHref(e.target_kind, e.target_id)} className={`text-amber-300 underline ${focus}`}>
                    {e.target_label}
                  </Link>
                </span>
                <time dateTime={e.at} className="text-xs text-slate-400" data-testid="audit-when">
                  {formatUtc(isoTime(e.at), { seconds: true })}
                </time>
              </p>
              <p className="break-words text-slate-300" data-testid="audit-who">
                <span className="text-slate-400">By </span>
                {whoLabel(e.actor_kind, e.actor_id, e.actor_name)}
              </p>
              <p className="whitespace-pre-line break-words" data-testid="audit-why">
                <span className="text-slate-400">Why: </span>
                {e.reason}
              </p>
            </li>
          ))}
        </ol>
      )}
      {page.older !== null && (
        <Link href={`/dashboard/moderation/audit?before=${page.older}`} className={`inline-block ${secondaryButton}`}>
          Older entries
        </Link>
      )}
    </section>
  );
}
