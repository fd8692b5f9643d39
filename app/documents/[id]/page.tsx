/** /documents/<id>: a document's metadata, a content summary and its v1 download link. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AuthorLink } from "@/components/documents/author-link";
import { ContentSummary } from "@/components/documents/content-summary";
import { LastUpdated } from "@/components/documents/last-updated";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { findDocuments } from "@/lib/documents/find-documents";
import { summarizeDocument } from "@/lib/portal/document-summary";
import { formatCount } from "@/lib/portal/format";
import { isUuid } from "@/lib/uuid";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

const documentFor = cache(async (id: string) => {
  if (!isUuid(id)) return undefined;
  const [doc] = await findDocuments(db(), { ids: [id.toLowerCase()], baseUrl: config().BASE_URL });
  return doc;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const doc = await documentFor((await params).id);
  return { title: doc ? doc.name : "Document not found" };
}

export default async function DocumentPage({ params }: { params: Params }) {
  const doc = await documentFor((await params).id);
  if (!doc) notFound();
  const summary = await summarizeDocument(db(), doc.document_id);
  return (
    <article className="space-y-6" aria-labelledby="document-title">
      <p>
        <Link href="/documents" className="text-sm text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
          All documents
        </Link>
      </p>
      <header className="space-y-2">
        <h1 id="document-title" className="break-words text-2xl font-bold sm:text-3xl">
          {doc.name}
        </h1>
        {doc.description && <p className="whitespace-pre-line break-words text-slate-300">{doc.description}</p>}
      </header>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-400">Author</dt>
        <dd>
          <AuthorLink userId={doc.user_id} />
        </dd>
        <dt className="text-slate-400">Revision</dt>
        <dd>{doc.revision}</dd>
        <dt className="text-slate-400">Updated</dt>
        <dd>
          <LastUpdated value={doc.last_updated} />
        </dd>
        <dt className="text-slate-400">Downloads</dt>
        <dd data-testid="download-count">{formatCount(doc.download_count)}</dd>
      </dl>
      <p>
        <a
          href={doc.resource_url}
          download
          className="inline-block rounded bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-200 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950"
        >
          Download document
        </a>
      </p>
      <ContentSummary summary={summary} />
    </article>
  );
}
