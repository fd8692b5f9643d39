/**
 * The author's notices at the top of every dashboard page: their suspension and each
 * hidden document, with the moderator's reason, and a form to appeal each (once: while
 * an appeal waits, the notice says so instead).
 */
import Link from "@/components/intent-link";
import { appealAction } from "@/app/dashboard/appeal-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { focus } from "@/components/dashboard/styles";
import type { Notices } from "@/lib/moderation/appeals";
import { formatUtc, isoTime } from "@/lib/portal/format";

const box = "space-y-2 rounded-lg border border-rose-800 bg-rose-950/40 p-4 text-sm";

function Appeal({ kind, id, appealed, what }: { kind: string; id: string; appealed: boolean; what: string }) {
  if (appealed)
    return <p className="text-slate-300">Your appeal is with the moderators: they will look at {what} again.</p>;
  return (
    <ActionForm
      id={`appeal-${kind}-${id}`}
      action={appealAction}
      hidden={{ target_kind: kind, target_id: id }}
      fields={[{ name: "text", label: "Your answer to the moderators", type: "textarea" }]}
      submitLabel="Appeal"
      submitAriaLabel={`Appeal: ${what}`}
      variant="secondary"
    />
  );
}

export function ModerationNotices({ notices }: { notices: Notices }) {
  const { suspension, hidden } = notices;
  if (!suspension && hidden.length === 0) return null;
  return (
    <section aria-labelledby="moderation-notices-title" className="space-y-3" data-testid="moderation-notices">
      <h2 id="moderation-notices-title" className="text-lg font-semibold text-rose-200">
        From the moderators
      </h2>
      {suspension && (
        <div className={box} data-testid="suspension-notice">
          <p>
            <strong>Your account is suspended</strong> since{" "}
            <time dateTime={isoTime(suspension.at)}>{formatUtc(suspension.at)}</time>: your documents are hidden from
            others and your changes are refused, here and through the API. Nothing was deleted.
          </p>
          <p className="whitespace-pre-line break-words">
            <span className="text-slate-400">Reason: </span>
            {suspension.reason}
          </p>
          <Appeal kind="user" id={suspension.id} appealed={suspension.appealed} what="your suspension" />
        </div>
      )}
      {hidden.map((d) => (
        <div key={d.id} className={box} data-testid="hidden-notice">
          <p>
            Your document{" "}
            <Link href={`/documents/${d.id}`} className={`break-words text-amber-400 underline ${focus}`}>
              {d.label}
            </Link>{" "}
            is hidden from others since <time dateTime={isoTime(d.at)}>{formatUtc(d.at)}</time>
            {d.by === "suspension" ? ", with your account's suspension" : " by a moderator"}. You still see it.
          </p>
          <p className="whitespace-pre-line break-words">
            <span className="text-slate-400">Reason: </span>
            {d.reason}
          </p>
          {d.by !== "suspension" && (
            <Appeal kind="document" id={d.id} appealed={d.appealed} what={`document ${d.label}`} />
          )}
        </div>
      ))}
    </section>
  );
}
