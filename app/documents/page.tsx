/**
 * /documents: everyone's shared documents: searched by words of the name and description
 * (q), filtered by map and author, sorted, paged. One plain GET form and plain links:
 * no JavaScript needed, and the whole query stays in the URL.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { DocumentRow } from "@/components/documents/document-row";
import { Pager } from "@/components/pager";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { documentListHref, listDocumentPage, parseDocumentListQuery, type DocumentSort } from "@/lib/portal/document-listing";
import { itemQueryLabel } from "@/lib/catalogue/resolve-items";
import { formatCount } from "@/lib/portal/format";
import { MAPS } from "@/lib/loot/maps";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Documents" };

const SORTS: { sort: DocumentSort; label: string }[] = [
  { sort: "updated", label: "Recently updated" },
  { sort: "downloads", label: "Most downloaded" },
];
const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export default async function DocumentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = parseDocumentListQuery(await searchParams);
  const { documents, total, pages } = await listDocumentPage(db(), q, config().BASE_URL);
  const filtered = Boolean(q.q || q.map || q.item);
  const itemLabel = q.item ? await itemQueryLabel(db(), q.item) : undefined;
  return (
    <section className="space-y-6" aria-labelledby="documents-title">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="documents-title" className="text-2xl font-bold sm:text-3xl">
            Documents
          </h1>
          <Link href="/documents/new" className={`rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300 ${focus}`}>
            New document
          </Link>
        </div>
        {filtered ? (
          <p className="text-slate-300" data-testid="match-count">
            {formatCount(total)} {total === 1 ? "document matches" : "documents match"}
            {q.q && <> &ldquo;{q.q}&rdquo;</>}
            {q.map && <> on {q.map}</>}
            {itemLabel && (
              <>
                {" "}
                that drop <strong data-testid="item-filter">{itemLabel}</strong> (
                <Link href={documentListHref({ ...q, item: undefined, page: 1 })} className="text-amber-400 underline">
                  any item
                </Link>
                )
              </>
            )}
            {q.author && " by this author"}.
          </p>
        ) : (
          <p className="text-slate-300">
            Configuration documents shared by Beacon users: {formatCount(total)} {q.author ? "by this author" : "in all"}.
          </p>
        )}
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Sort documents" className="flex gap-2">
          {SORTS.map(({ sort, label }) => (
            <Link
              key={sort}
              href={documentListHref({ ...q, sort, page: 1 })}
              aria-current={q.sort === sort ? "page" : undefined}
              className={`rounded px-3 py-1.5 text-sm ${q.sort === sort ? "bg-amber-400 font-semibold text-slate-950" : "bg-slate-800 hover:bg-slate-700"} ${focus}`}
            >
              {label}
            </Link>
          ))}
        </nav>
        <form method="get" action="/documents" role="search" className="flex flex-wrap items-end gap-2">
          {q.sort !== "updated" && <input type="hidden" name="sort" value={q.sort} />}
          {q.item && <input type="hidden" name="item" value={q.item} />}
          <div className="flex flex-col gap-1">
            <label htmlFor="q" className="text-xs font-medium text-slate-300">
              Words in name or description
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q.q ?? ""}
              placeholder='e.g. scorched "boss loot"'
              maxLength={200}
              className={`w-64 max-w-full rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm ${focus}`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="map" className="text-xs font-medium text-slate-300">
              Map
            </label>
            <select id="map" name="map" defaultValue={q.map ?? ""} className={`rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm ${focus}`}>
              <option value="">Any map</option>
              {MAPS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="author" className="text-xs font-medium text-slate-300">
              Author (user id)
            </label>
            <input
              id="author"
              name="author"
              defaultValue={q.author ?? q.badAuthor ?? ""}
              placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
              className={`w-72 max-w-full rounded border border-slate-600 bg-slate-900 px-2 py-1.5 font-mono text-sm ${focus}`}
            />
          </div>
          <button type="submit" className={`rounded bg-slate-800 px-3 py-1.5 text-sm hover:bg-slate-700 ${focus}`}>
            Search
          </button>
          {(q.author || q.badAuthor || filtered || q.badMap || q.badItem) && (
            <Link href={documentListHref({ sort: q.sort, page: 1 })} className={`px-1 py-1.5 text-sm text-amber-400 underline ${focus}`}>
              All documents
            </Link>
          )}
        </form>
      </div>
      {q.badAuthor && (
        <p role="alert" className="text-sm text-rose-300">
          That is not a user id (a UUID); showing every author.
        </p>
      )}
      {q.badItem && (
        <p role="alert" className="text-sm text-rose-300">
          &ldquo;{q.badItem}&rdquo; is not an item: give a blueprint path (/Game/...), an engram uid or a class ending in _C; showing every document.
        </p>
      )}
      {q.badMap && (
        <p role="alert" className="text-sm text-rose-300">
          There is no map called &ldquo;{q.badMap}&rdquo; (maps: {MAPS.join(", ")}); showing every map.
        </p>
      )}

      {documents.length === 0 ? (
        <p className="py-8 text-center text-slate-300">{filtered && total === 0 ? "No document matches this search." : "No documents on this page."}</p>
      ) : (
        <ol className="space-y-3" aria-label="Documents">
          {documents.map((doc) => (
            <DocumentRow key={doc.document_id} doc={doc} />
          ))}
        </ol>
      )}
      <Pager page={q.page} pages={pages} href={(page) => documentListHref({ ...q, page })} />
    </section>
  );
}
