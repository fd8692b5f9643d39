/**
 * The /documents listing: sort, author filter and page number from the query string,
 * one page through lib/documents' listing, and the total for the pager. Every control
 * is a plain link or GET form, so it all works without JavaScript.
 */
import type { Db } from "@/lib/db/client";
import type { DocumentJson } from "@/lib/documents/document-json";
import { listDocuments } from "@/lib/documents/list-documents";
import { isUuid } from "@/lib/uuid";

export type DocumentSort = "updated" | "downloads";
export const DOCUMENTS_PER_PAGE = 20;

export interface DocumentListQuery {
  sort: DocumentSort;
  /** lowercase user id; undefined lists everyone's */
  author?: string;
  /** 1-based */
  page: number;
}

export interface DocumentPage {
  documents: DocumentJson[];
  total: number;
  pages: number;
}

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Lenient: bad values fall back to the defaults (a page, not an API: never a 400). */
export function parseDocumentListQuery(query: Query): DocumentListQuery & { badAuthor?: string } {
  const author = first(query.author)?.trim();
  const page = Number(first(query.page));
  return {
    sort: first(query.sort) === "downloads" ? "downloads" : "updated",
    author: author && isUuid(author) ? author.toLowerCase() : undefined,
    badAuthor: author && !isUuid(author) ? author : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function documentListHref(q: DocumentListQuery): string {
  const p = new URLSearchParams();
  if (q.sort !== "updated") p.set("sort", q.sort);
  if (q.author) p.set("author", q.author);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `/documents?${s}` : "/documents";
}

export async function listDocumentPage(db: Db, q: DocumentListQuery, baseUrl: string): Promise<DocumentPage> {
  const where = q.author ? { userId: q.author } : {};
  const [total, documents] = await Promise.all([
    db.document.count({ where }),
    listDocuments(db, {
      userId: q.author,
      sort: q.sort === "downloads" ? "download_count" : "last_updated",
      direction: "desc",
      count: DOCUMENTS_PER_PAGE,
      offset: (q.page - 1) * DOCUMENTS_PER_PAGE,
      baseUrl,
    }),
  ]);
  return { documents, total, pages: Math.max(1, Math.ceil(total / DOCUMENTS_PER_PAGE)) };
}
