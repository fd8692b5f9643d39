/**
 * /dashboard/moderation/<kind>/<id>: one reported target in the console: what it is (a
 * document's loot view or the summary of its content; a mod's or an author's summary),
 * its open reports and appeals, and the actions with their required reason. 404 to anyone
 * without a moderation role, and for a target that does not exist.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { moderateAction } from "@/app/dashboard/moderation/actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { card, focus } from "@/components/dashboard/styles";
import { ContentSummary } from "@/components/documents/content-summary";
import { LootViewSection } from "@/components/documents/loot-view";
import { requireModerator } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { documentLoot } from "@/lib/documents/document-loot";
import { documentsDropping } from "@/lib/documents/documents-dropping";
import { summarizeContent } from "@/lib/documents/document-summary";
import { lootView } from "@/lib/documents/loot-view";
import { lootItemKeys } from "@/lib/loot/item-keys";
import type { ModerationAction } from "@/lib/moderation/actions";
import { moderationTarget, type QueueEntry } from "@/lib/moderation/console";
import { canonicalTargetId, TARGET_KINDS, targetText, type TargetKind } from "@/lib/moderation/targets";
import { countOf, formatUtc, isoTime } from "@/lib/portal/format";
import { consoleHref, KIND_NAMES, publicHref, whoLabel } from "../../labels";
import { ReportLine } from "../../report-line";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Moderation", robots: { index: false } };

type Params = Promise<{ kind: string; id: string }>;

const link = `text-amber-300 underline ${focus}`;

/** What a moderator may do to the target as it is now. */
function actionsFor(e: QueueEntry): ModerationAction[] {
  const dismiss: ModerationAction[] = e.reports.length > 0 ? ["dismiss"] : [];
  if (e.target.kind === "document")
    return [...(e.hidden ? ["restore" as const] : ["hide" as const]), "remove", ...dismiss];
  if (e.target.kind === "user") return [e.suspended ? "reinstate" : "suspend", ...dismiss];
  return dismiss;
}

async function Content({ entry }: { entry: QueueEntry }) {
  const { target } = entry;
  if (target.kind === "document") {
    const { content, loot } = await documentLoot(db(), target.id);
    if (!loot) return <ContentSummary summary={summarizeContent(content)} />;
    return (
      <LootViewSection view={lootView(loot.doc, loot.resolve, await documentsDropping(db(), lootItemKeys(loot.doc)))} />
    );
  }
  if (target.kind === "mod") {
    const mod = await db().modRegistration.findUnique({
      where: { confirmedModId: target.id },
      select: { name: true, confirmedAt: true, _count: { select: { engrams: true } } },
    });
    return (
      <p className="text-sm text-slate-300" data-testid="target-summary">
        Workshop mod {target.id}, “{mod?.name}”, confirmed {mod?.confirmedAt ? formatUtc(mod.confirmedAt) : "(no date)"}
        : {countOf(mod?._count.engrams ?? 0, "engram", "engrams")}.{" "}
        <Link href={publicHref("mod", target.id)} className={link}>
          Its spawn page
        </Link>
      </p>
    );
  }
  const [documents, hidden, mods] = await Promise.all([
    db().document.count({ where: { userId: target.id } }),
    db().document.count({ where: { userId: target.id, hiddenAt: { not: null } } }),
    db().modRegistration.count({ where: { userId: target.id } }),
  ]);
  return (
    <p className="text-sm text-slate-300" data-testid="target-summary">
      {countOf(documents, "document", "documents")} ({hidden} hidden), {countOf(mods, "mod", "mods")} registered.{" "}
      <Link href={publicHref("user", target.id)} className={link}>
        Their documents
      </Link>
    </p>
  );
}

export default async function ModerationTargetPage({ params }: { params: Params }) {
  const userId = await requireModerator();
  const { kind, id: rawId } = await params;
  if (!(TARGET_KINDS as readonly string[]).includes(kind)) notFound();
  const id = canonicalTargetId(kind as TargetKind, decodeURIComponent(rawId));
  const entry =
    id === null ? null : await moderationTarget(db(), { kind: "user", userId }, { kind: kind as TargetKind, id });
  if (!entry) notFound();
  const { target } = entry;
  const hidden = { target_kind: target.kind, target_id: target.id };
  return (
    <article className="space-y-6" aria-labelledby="target-title">
      <p>
        <Link href="/dashboard/moderation" className={`inline-block py-2 text-sm ${link}`}>
          All open reports
        </Link>
      </p>
      <header className="space-y-2">
        <h1 id="target-title" className="break-words text-2xl font-bold sm:text-3xl">
          <span className="text-slate-400">{KIND_NAMES[target.kind]}: </span>
          {target.label}
        </h1>
        <p className="break-words text-sm text-slate-300">
          {target.kind === "user" ? "User id" : "By"}{" "}
          {target.kind === "user" ? (
            <code className="font-mono">{target.id}</code>
          ) : (
            <Link href={consoleHref("user", target.ownerId)} className={link}>
              {whoLabel("user", target.ownerId, entry.ownerName)}
            </Link>
          )}
          {target.kind !== "user" && (
            <>
              {" · "}
              <Link href={publicHref(target.kind, target.id)} className={link}>
                Where everyone sees it
              </Link>
            </>
          )}
        </p>
        {entry.hidden && (
          <p className="text-sm text-rose-200" data-testid="target-hidden">
            Hidden since <time dateTime={isoTime(entry.hidden.at)}>{formatUtc(entry.hidden.at)}</time>
            {entry.hidden.by === "suspension" ? " with its author's suspension" : ""}: {entry.hidden.reason}
          </p>
        )}
        {entry.suspended && (
          <p className="text-sm text-rose-200" data-testid="target-suspended">
            {target.kind === "user" ? "Suspended" : "Its author is suspended"} since{" "}
            <time dateTime={isoTime(entry.suspended.at)}>{formatUtc(entry.suspended.at)}</time>:{" "}
            {entry.suspended.reason}
          </p>
        )}
      </header>
      <section aria-labelledby="reports-title" className={card}>
        <h2 id="reports-title" className="text-lg font-semibold">
          Open reports and appeals
        </h2>
        {entry.reports.length === 0 ? (
          <p className="text-sm text-slate-300">None open.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {entry.reports.map((r) => (
              <li key={r.id} className="break-words" data-testid="target-report">
                <ReportLine report={r} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="act-title" className={card}>
        <h2 id="act-title" className="text-lg font-semibold">
          Act on {targetText(target)}
        </h2>
        <ActionForm
          id="act"
          action={moderateAction}
          hidden={hidden}
          fields={[
            { name: "action", label: "Action", type: "radio", options: actionsFor(entry) },
            {
              name: "reason",
              label: "Reason (required: the author reads it, the audit trail keeps it)",
              type: "textarea",
            },
          ]}
          submitLabel="Apply"
        />
        {target.kind !== "user" && (
          <>
            <h3 className="pt-2 font-semibold">Its author</h3>
            <ActionForm
              id="act-author"
              action={moderateAction}
              hidden={{
                target_kind: "user",
                target_id: target.ownerId,
                action: entry.suspended ? "reinstate" : "suspend",
              }}
              fields={[{ name: "reason", label: "Reason", type: "textarea" }]}
              submitLabel={entry.suspended ? "Reinstate the author" : "Suspend the author"}
              variant="danger"
            />
          </>
        )}
      </section>
      <section aria-labelledby="content-title" className="space-y-3">
        <h2 id="content-title" className="text-lg font-semibold">
          The {KIND_NAMES[target.kind].toLowerCase()} itself
        </h2>
        <Content entry={entry} />
      </section>
    </article>
  );
}
