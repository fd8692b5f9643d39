/**
 * /documents: everyone's shared documents: searched by words of the name and description
 * (q), filtered by map and author (a display name or a user id), sorted, paged. One plain
 * GET form and plain links: no JavaScript needed, and the whole query stays in the URL.
 * Phone first: the words box in view, the other filters behind one button
 * (components/documents/document-filters.tsx).
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { DocumentFilters } from "@/components/documents/document-filters";
import { DocumentRow } from "@/components/documents/document-row";
import { ReportLink } from "@/components/moderation/report-link";
import { Pager } from "@/components/pager";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { feedAlternate, feedPaths } from "@/lib/feeds/feeds";
import { FeedLink } from "@/components/feed-link";
import { authorLabel } from "@/lib/display-names/display-name-rules";
import { displayNamesOf } from "@/lib/display-names/find-display-names";
import {
  activeFilterCount,
  documentListHref,
  listDocumentPage,
  parseDocumentListQuery,
  MAX_TEXT_ITEMS,
  resolveDocumentListAuthor,
  type DocumentSort,
} from "@/lib/documents/document-listing";
import { itemQueryLabel } from "@/lib/catalogue/resolve-items";
import { countOf, formatCount, plural } from "@/lib/portal/format";
import { DOCUMENT_MAPS } from "@/lib/loot/maps";

export const dynamic = "force-dynamic";
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The listing names the site-wide feed, or with an author filter that author's feed. */
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = await resolveDocumentListAuthor(readDb(), parseDocumentListQuery(await searchParams));
  const base = config().BASE_URL;
  return {
    title: "Documents",
    alternates: q.author
      ? feedAlternate(base, feedPaths.author(q.author), "This author's documents")
      : feedAlternate(base, feedPaths.documents, "New and updated documents"),
  };
}

const SORTS: { sort: DocumentSort; label: string }[] = [
  { sort: "updated", label: "Recently updated" },
  { sort: "downloads", label: "Most downloaded" },
  { sort: "trending", label: "Trending" },
];
const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export default async function DocumentsPage({ searchParams }: { searchParams: SearchParams }) {
  const q = await resolveDocumentListAuthor(readDb(), parseDocumentListQuery(await searchParams));
  const { documents, total, pages, itemMatches, drops } = await listDocumentPage(readDb(), q, config().BASE_URL);
  const names = await displayNamesOf(readDb(), [...documents.map((d) => d.user_id), ...(q.author ? [q.author] : [])]);
  const authorName = q.author ? authorLabel(q.author, names.get(q.author)) : undefined;
  // The form shows the author as a name when they have one.
  const authorText = (q.author && names.get(q.author)) ?? q.author ?? q.badAuthor ?? "";
  const filtered = Boolean(q.q || q.map || q.item);
  const itemLabel = q.item ? await itemQueryLabel(readDb(), q.item) : undefined;
  return (
    <section className="space-y-6" aria-labelledby="documents-title">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="documents-title" className="text-2xl font-bold sm:text-3xl">
            Documents
          </h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {/* The feed of what this listing follows: an author's documents, or all of them. */}
            <FeedLink
              href={q.author ? feedPaths.author(q.author) : feedPaths.documents}
              what={q.author ? `documents by ${authorName ?? q.author}` : "new and updated documents"}
            />
            <Link
              href="/documents/new"
              className={`rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300 ${focus}`}
            >
              New document
            </Link>
          </div>
        </div>
        {filtered ? (
          <p className="text-slate-300" data-testid="match-count">
            {countOf(total, "document", "documents")}
            {q.q && (
              <>
                {" "}
                {plural(total, "matches", "match")} &ldquo;{q.q}&rdquo;
              </>
            )}
            {itemLabel && (
              <>
                {q.q ? " and " : " "}
                {plural(total, "drops", "drop")} <strong data-testid="item-filter">{itemLabel}</strong>
              </>
            )}
            {q.map && (q.q || itemLabel ? ` on ${q.map}` : ` ${plural(total, "is", "are")} on ${q.map}`)}
            {authorName && ` by ${authorName}`}.
            {itemLabel && (
              <>
                {" "}
                <Link href={documentListHref({ ...q, item: undefined, page: 1 })} className="text-amber-400 underline">
                  Any item
                </Link>
              </>
            )}
          </p>
        ) : (
          <p className="text-slate-300">
            Configuration documents shared by Beacon users: {formatCount(total)}{" "}
            {authorName ? `by ${authorName}` : "in all"}.
          </p>
        )}
        {itemMatches.length > 0 && (
          <p className="text-sm text-slate-400" data-testid="item-matches">
            With the documents that drop {itemMatches.length === 1 ? "the item" : "items"} these words name
            {itemMatches.length === MAX_TEXT_ITEMS && ` (the ${MAX_TEXT_ITEMS} closest)`}:{" "}
            {itemMatches.map((item, i) => (
              <span key={item.uid}>
                {i > 0 && ", "}
                <Link
                  href={documentListHref({ sort: q.sort, item: item.uid, page: 1 })}
                  className="text-amber-400 underline"
                >
                  {item.label}
                </Link>
              </span>
            ))}
            .
          </p>
        )}
        {q.author && authorName && (
          <ReportLink kind="user" id={q.author} label={`author ${authorName}`} text="Report this author" />
        )}
      </header>

      <DocumentFilters q={q} activeFilters={activeFilterCount(q)} authorText={authorText} />
      <nav aria-label="Sort documents" className="flex flex-wrap items-center gap-2">
        {SORTS.map(({ sort, label }) => (
          <Link
            key={sort}
            href={documentListHref({ ...q, sort, page: 1 })}
            aria-current={q.sort === sort ? "page" : undefined}
            className={`flex min-h-11 items-center whitespace-nowrap rounded px-3 text-sm sm:min-h-0 sm:py-1.5 ${q.sort === sort ? "bg-amber-400 font-semibold text-slate-950" : "bg-slate-800 hover:bg-slate-700"} ${focus}`}
          >
            {label}
          </Link>
        ))}
        {(q.author || q.badAuthor || filtered || q.badMap || q.badItem) && (
          <Link
            href={documentListHref({ sort: q.sort, page: 1 })}
            className={`ml-auto flex min-h-11 items-center px-1 text-sm text-amber-400 underline sm:min-h-0 ${focus}`}
          >
            All documents
          </Link>
        )}
      </nav>
      {q.badAuthor && (
        <p role="alert" className="text-sm text-rose-300">
          No author is called &ldquo;{q.badAuthor}&rdquo;, and it is not a user id; showing every author.
        </p>
      )}
      {q.badItem && (
        <p role="alert" className="text-sm text-rose-300">
          &ldquo;{q.badItem}&rdquo; is not an item: give a blueprint path (/Game/...), an engram uid or a class ending
          in _C; showing every document.
        </p>
      )}
      {q.badMap && (
        <p role="alert" className="text-sm text-rose-300">
          There is no map called &ldquo;{q.badMap}&rdquo; (maps: {DOCUMENT_MAPS.map((m) => m.name).join(", ")}); showing
          every map.
        </p>
      )}

      {q.page > pages ? (
        <p role="status" className="py-8 text-center text-slate-300" data-testid="past-last-page">
          There is no page {formatCount(q.page)}:{" "}
          {total === 0 ? "nothing matches" : `these documents fill ${countOf(pages, "page", "pages")}`}.{" "}
          <Link href={documentListHref({ ...q, page: pages })} className="text-amber-400 underline">
            {pages === 1 ? "Go to the first page" : `Go to the last page (${formatCount(pages)})`}
          </Link>
        </p>
      ) : documents.length === 0 ? (
        <p className="py-8 text-center text-slate-300">
          {filtered && total === 0 ? "No document matches this search." : "No documents on this page."}
        </p>
      ) : (
        <ol className="space-y-3" aria-label="Documents">
          {documents.map((doc) => (
            <DocumentRow
              key={doc.document_id}
              doc={doc}
              authorName={names.get(doc.user_id)}
              drops={drops.get(doc.document_id)}
              week={q.sort === "trending"}
            />
          ))}
        </ol>
      )}
      {q.page <= pages && <Pager page={q.page} pages={pages} href={(page) => documentListHref({ ...q, page })} />}
    </section>
  );
}
