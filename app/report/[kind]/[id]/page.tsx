/**
 * /report/<kind>/<id>: the report form of a document, a mod (confirmed, by workshop id)
 * or an author, reached from their "Report" links. Anyone may report: signed in, the
 * report is recorded as theirs; otherwise it is anonymous. 404 for a target that does not
 * exist or is not shown to this visitor.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { submitReportAction } from "@/app/report/actions";
import { ReportForm } from "@/components/moderation/report-form";
import { currentUserId } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { REPORT_REASONS, REPORT_TEXT_MAX } from "@/lib/moderation/reports";
import { isModerator } from "@/lib/moderation/roles";
import {
  canonicalTargetId,
  findTargetShownTo,
  TARGET_KINDS,
  targetText,
  type TargetKind,
} from "@/lib/moderation/targets";

export const dynamic = "force-dynamic";

type Params = Promise<{ kind: string; id: string }>;

const targetFor = cache(async (kind: string, rawId: string) => {
  if (!(TARGET_KINDS as readonly string[]).includes(kind)) return null;
  const id = canonicalTargetId(kind as TargetKind, decodeURIComponent(rawId));
  if (id === null) return null;
  const userId = await currentUserId();
  return findTargetShownTo(
    db(),
    { kind: kind as TargetKind, id },
    userId ? { kind: "user", userId } : { kind: "anonymous" },
    (reader) => isModerator(db(), { kind: "user", userId: reader }),
  );
});

/** Where the reported thing is shown. */
function targetHref(kind: TargetKind, id: string): string {
  if (kind === "document") return `/documents/${id}`;
  if (kind === "mod") return `/spawn/?mod_id=${id}`;
  return `/documents?author=${id}`;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { kind, id } = await params;
  const target = await targetFor(kind, id);
  return { title: target ? `Report ${targetText(target)}` : "Nothing to report", robots: { index: false } };
}

export default async function ReportPage({ params }: { params: Params }) {
  const { kind, id } = await params;
  const target = await targetFor(kind, id);
  if (!target) notFound();
  const signedIn = (await currentUserId()) !== null;
  return (
    <section className="mx-auto max-w-2xl space-y-6" aria-labelledby="report-title">
      <header className="space-y-2">
        <h1 id="report-title" className="break-words text-2xl font-bold sm:text-3xl">
          Report {targetText(target)}
        </h1>
        <p className="text-slate-300">
          Tell this site&rsquo;s moderators what is wrong with{" "}
          <Link
            href={targetHref(target.kind, target.id)}
            className="text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {targetText(target)}
          </Link>
          . They may hide or remove it, and its author is told why.
        </p>
        <p className="text-sm text-slate-400">
          {signedIn
            ? "You are signed in: the report is recorded with your user id."
            : "You are not signed in: the report is anonymous."}
        </p>
      </header>
      <ReportForm
        action={submitReportAction}
        target={{ kind: target.kind, id: target.id }}
        reasons={REPORT_REASONS}
        maxLength={REPORT_TEXT_MAX}
      />
    </section>
  );
}
