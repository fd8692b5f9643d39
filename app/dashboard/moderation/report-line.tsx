/** One open report or appeal as the queue and a target's page list it: reason, text, who and when. */
import type { QueueEntry } from "@/lib/moderation/console";
import { formatUtc, isoTime } from "@/lib/portal/format";
import { whoLabel } from "./labels";

export function ReportLine({ report: r }: { report: QueueEntry["reports"][number] }) {
  return (
    <>
      <strong className={r.reason === "appeal" ? "text-sky-300" : "text-rose-200"}>{r.reasonLabel}</strong>
      {r.text && <span className="whitespace-pre-line">: {r.text}</span>}{" "}
      <span className="text-xs text-slate-400">
        — {whoLabel("user", r.reporterId, null)}, <time dateTime={isoTime(r.createdAt)}>{formatUtc(r.createdAt)}</time>
      </span>
    </>
  );
}
