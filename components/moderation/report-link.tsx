/**
 * The "Report" control of a document, a mod or an author: a plain link to its report
 * page (/report/<kind>/<id>), so the pages that show it stay the same for every visitor
 * (they are kept in memory, lib/server/page-cache.ts) and it works without JavaScript.
 */
import Link from "@/components/intent-link";
import type { TargetKind } from "@/lib/moderation/targets";

export function reportHref(kind: TargetKind, id: string): string {
  return `/report/${kind}/${encodeURIComponent(id)}`;
}

/** `label` names the target for screen readers ("document Loot"); `text` is what shows (default "Report"). */
export function ReportLink({
  kind,
  id,
  label,
  text = "Report",
}: {
  kind: TargetKind;
  id: string;
  label: string;
  text?: string;
}) {
  return (
    <Link
      href={reportHref(kind, id)}
      // A bare "Report" needs its target for screen readers; a longer text names it already.
      aria-label={text === "Report" ? `Report ${label}` : undefined}
      rel="nofollow"
      className="inline-flex min-h-11 items-center text-sm text-slate-400 underline hover:text-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 sm:min-h-0"
    >
      {text}
    </Link>
  );
}
