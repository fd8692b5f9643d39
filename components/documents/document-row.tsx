/** One document in the /documents list: its title and description cut to what a listing shows (lib/documents/text-limits). */
import Link from "@/components/intent-link";
import type { DocumentJson } from "@/lib/documents/document-json";
import { shownDescription, shownTitle } from "@/lib/documents/text-limits";
import { AuthorLink } from "./author-link";
import { DownloadCounts } from "./download-counts";
import { LastUpdated } from "./last-updated";

export function DocumentRow({
  doc,
  authorName,
  drops,
  week = false,
}: {
  doc: DocumentJson;
  /** show the last 7 days' unique downloads too (the trending sort) */
  week?: boolean;
  authorName?: string | null;
  /** the searched-for items it drops (why it matched when its words do not say) */
  drops?: string[];
}) {
  return (
    <li className="rounded-lg border border-slate-800 p-4" data-document={doc.document_id}>
      <h2 className="text-lg font-semibold">
        <Link
          href={`/documents/${doc.document_id}`}
          className="wrap-anywhere text-amber-400 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          {shownTitle(doc.name)}
        </Link>
      </h2>
      {doc.description && (
        <p className="mt-1 line-clamp-2 wrap-anywhere text-sm text-slate-300">{shownDescription(doc.description)}</p>
      )}
      {drops && drops.length > 0 && (
        <p className="mt-1 text-sm text-slate-300" data-testid="document-drops">
          Drops {drops.join(", ")}
        </p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
        <span>
          by <AuthorLink userId={doc.user_id} name={authorName} />
        </span>
        <span>
          updated <LastUpdated value={doc.last_updated} />
        </span>
        <span
          data-downloads={doc.download_count}
          data-unique-downloads={doc.unique_downloads}
          data-trending={doc.unique_downloads_7d}
        >
          <DownloadCounts doc={doc} week={week} />
        </span>
      </p>
    </li>
  );
}
