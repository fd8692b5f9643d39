/** /dashboard/documents: the documents this user published, each with delete, and publishing a Beacon file. */
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
  });
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
                  className={`font-semibold text-amber-300 hover:underline ${focus}`}
                >
                  {d.name}
                </Link>
                <span className="text-xs text-slate-400">
                  revision {d.revision} · {countOf(d.download_count, "download", "downloads")} · updated{" "}
                  <LastUpdated value={d.last_updated} />
                </span>
              </div>
              {d.description && <p className="text-sm text-slate-300">{d.description}</p>}
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
                submitAriaLabel={`Delete document ${d.name}`}
                variant="danger"
              />
            </li>
          ))}
        </ul>
      )}
      <DocumentUpload sendLimit={uploadSendLimit(config().MAX_BODY_BYTES)} />
    </section>
  );
}
