/**
 * /dashboard/documents: the documents this user published, hidden ones too (marked: only
 * their author and moderators see them), each with delete (which asks first, naming the
 * document and its revisions), and publishing a Beacon file.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { deleteDocumentAction } from "@/app/dashboard/account-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { DocumentUpload } from "@/components/dashboard/document-upload";
import { card, focus, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { LastUpdated } from "@/components/documents/last-updated";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { requireUser } from "@/lib/dashboard/session";
import { uploadSendLimit } from "@/lib/documents/document-upload";
import { listDocuments } from "@/lib/documents/list-documents";
import { MAX_LIST_COUNT } from "@/lib/documents/list-query";
import { countOf } from "@/lib/portal/format";
import { deleteDocumentQuestion } from "@/lib/dashboard/confirm-questions";
import { shownDescription, shownTitle } from "@/lib/documents/text-limits";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My documents" };

export default async function MyDocumentsPage() {
  const userId = await requireUser();
  const documents = await listDocuments(db(), {
    userId,
    sort: "last_updated",
    direction: "desc",
    count: MAX_LIST_COUNT,
    offset: 0,
    baseUrl: config().BASE_URL,
    withHidden: true,
  });
  const ids = documents.map((d) => d.document_id);
  const [hidden, revisions] = await Promise.all([
    db().document.findMany({ where: { id: { in: ids }, hiddenAt: { not: null } }, select: { id: true } }),
    db().documentRevision.groupBy({ by: ["documentId"], where: { documentId: { in: ids } }, _count: { _all: true } }),
  ]);
  const hiddenIds = new Set(hidden.map((h) => h.id));
  const revisionCount = new Map(revisions.map((r) => [r.documentId, r._count._all]));
  return (
    <section className="space-y-6" aria-labelledby="docs-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="docs-title" className="text-2xl font-bold sm:text-3xl">
          My documents
        </h1>
        <Link href="/documents/new" className={primaryButton}>
          New document
        </Link>
      </div>
      {documents.length === 0 ? (
        <p className="text-slate-300">
          You have not published any documents. Make one with the loot editor (New document), publish a file from the
          desktop app below, or publish from Beacon through the API.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="My documents">
          {documents.map((d) => (
            <li key={d.document_id} className={card}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  id={`doc-name-${d.document_id}`}
                  href={`/documents/${d.document_id}`}
                  className={`wrap-anywhere font-semibold text-amber-300 hover:underline ${focus}`}
                >
                  {shownTitle(d.name)}
                </Link>
                {hiddenIds.has(d.document_id) && (
                  <span className="rounded bg-rose-800 px-1.5 text-xs text-white" data-testid="hidden-mark">
                    hidden: only you and moderators see it
                  </span>
                )}
                <span className="text-xs text-slate-400">
                  revision {d.revision} · {countOf(d.download_count, "download", "downloads")} · updated{" "}
                  <LastUpdated value={d.last_updated} />
                </span>
              </div>
              {d.description && (
                <p className="wrap-anywhere text-sm text-slate-300">{shownDescription(d.description)}</p>
              )}
              <Link
                href={`/documents/${d.document_id}/edit`}
                className={`inline-block ${secondaryButton}`}
                aria-describedby={`doc-name-${d.document_id}`}
              >
                Edit
              </Link>
              <ActionForm
                id={`doc-${d.document_id}`}
                action={deleteDocumentAction}
                hidden={{ document_id: d.document_id }}
                submitLabel="Delete document"
                // The name spoken starts with the words shown (WCAG 2.5.3), then says which document.
                submitAriaLabel={`Delete document: ${shownTitle(d.name)}`}
                variant="danger"
                confirm={deleteDocumentQuestion({
                  name: d.name,
                  // Every document has its current revision kept at least (older ones by DOCUMENT_REVISIONS_KEEP).
                  revisions: Math.max(1, revisionCount.get(d.document_id) ?? 0),
                  downloads: d.download_count,
                })}
              />
            </li>
          ))}
        </ul>
      )}
      <DocumentUpload sendLimit={uploadSendLimit(config().MAX_BODY_BYTES)} />
    </section>
  );
}
