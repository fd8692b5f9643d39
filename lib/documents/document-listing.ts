/**
 * The /documents listing: text search (q), map, sort, author filter (a user id or a
 * display name) and page number from the query string, one page and the total for the
 * pager. Every control is a plain link or GET form, so it all works without JavaScript,
 * and the whole query stays in the URL. Without q, map or item it is lib/documents' index-served listing;
 * with any, lib/documents/search-documents.ts (engine full-text index, map bits, the
 * document_items index for `item`: a blueprint path, an engram uid or a class). The
 * words also match the documents that drop the catalogue items they name.
 */
import type { Db } from "@/lib/db/client";
import type { DocumentJson } from "@/lib/documents/document-json";
import { listDocuments } from "@/lib/documents/list-documents";
import { searchDocuments } from "@/lib/documents/search-documents";
import { parseSearchText } from "@/lib/documents/search-text";
import { userIdByDisplayName } from "@/lib/display-names/find-display-names";
import { itemsNamedBy } from "@/lib/catalogue/search-items";
import { keysDroppedBy } from "@/lib/documents/documents-dropping";
import { uidOf } from "@/lib/engrams/derive";
import { catalogueItemKeys, parseItemQuery } from "@/lib/loot/item-keys";
import { mapBit, MAPS, type MapName } from "@/lib/loot/maps";
import { isUuid } from "@/lib/uuid";
import { visibleDocuments } from "./visibility";

/** "trending": unique downloads in the last 7 days (lib/documents/unique-downloads.ts) */
export type DocumentSort = "updated" | "downloads" | "trending";
const SORTS: readonly DocumentSort[] = ["updated", "downloads", "trending"];
const LIST_SORT = { updated: "last_updated", downloads: "download_count", trending: "trending" } as const;
export const DOCUMENTS_PER_PAGE = 20;

export interface DocumentListQuery {
  sort: DocumentSort;
  /** lowercase user id; undefined lists everyone's */
  author?: string;
  /** the search text as typed (trimmed); undefined or empty for no text filter */
  q?: string;
  /** the canonical map name; undefined for any map */
  map?: MapName;
  /** `?item=` as given (a path, uid or class) when it reads as one */
  item?: string;
  /** 1-based */
  page: number;
}

/** An item the search text names, whose documents match the text too. */
export interface TextItemMatch {
  label: string;
  /** the item's engram uid: `?item=` of its own listing */
  uid: string;
}

export interface DocumentPage {
  documents: DocumentJson[];
  total: number;
  pages: number;
  /** the catalogue items the words name (best first): documents that drop one match too */
  itemMatches: TextItemMatch[];
  /** per listed document that drops any of itemMatches: their labels */
  drops: Map<string, string[]>;
}

/**
 * At most this many items named by the words count (best matches first): "metal" names
 * dozens of items, and a document dropping the fortieth best is not what was meant.
 */
export const MAX_TEXT_ITEMS = 24;

type Query = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function readMap(name: string | undefined): MapName | undefined {
  const bit = name === undefined ? undefined : mapBit(name);
  return bit === undefined ? undefined : MAPS[Math.log2(bit)];
}

/** Lenient: bad values fall back to the defaults (a page, not an API: never a 400). */
export function parseDocumentListQuery(
  query: Query,
): DocumentListQuery & { badAuthor?: string; badMap?: string; badItem?: string } {
  const author = first(query.author)?.trim();
  const page = Number(first(query.page));
  const q = first(query.q)?.trim();
  const mapText = first(query.map)?.trim();
  const map = mapText ? readMap(mapText) : undefined;
  const item = first(query.item)?.trim();
  const itemOk = item ? parseItemQuery(item) !== undefined : false;
  return {
    sort: SORTS.find((s) => s === first(query.sort)) ?? "updated",
    author: author && isUuid(author) ? author.toLowerCase() : undefined,
    badAuthor: author && !isUuid(author) ? author : undefined,
    q: q || undefined,
    map,
    badMap: mapText && !map ? mapText : undefined,
    item: itemOk ? item : undefined,
    badItem: item && !itemOk ? item : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export type ParsedDocumentListQuery = ReturnType<typeof parseDocumentListQuery>;

/**
 * `?author=` may also be an author's display name (compared as names are: any case, any
 * separators): it becomes that author's id. A text that is neither stays badAuthor.
 */
export async function resolveDocumentListAuthor(db: Db, q: ParsedDocumentListQuery): Promise<ParsedDocumentListQuery> {
  if (!q.badAuthor) return q;
  const userId = await userIdByDisplayName(db, q.badAuthor);
  return userId ? { ...q, author: userId, badAuthor: undefined } : q;
}

/**
 * How many of the filters behind the "Filters" button apply (the words are always in
 * view; a value that was not understood applies nothing and has its own note).
 */
export function activeFilterCount(q: DocumentListQuery): number {
  return [q.map, q.author, q.item].filter(Boolean).length;
}

export function documentListHref(q: DocumentListQuery): string {
  const p = new URLSearchParams();
  if (q.q) p.set("q", q.q);
  if (q.map) p.set("map", q.map);
  if (q.item) p.set("item", q.item);
  if (q.sort !== "updated") p.set("sort", q.sort);
  if (q.author) p.set("author", q.author);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `/documents?${s}` : "/documents";
}

export async function listDocumentPage(db: Db, q: DocumentListQuery, baseUrl: string): Promise<DocumentPage> {
  const text = parseSearchText(q.q ?? "");
  const offset = (q.page - 1) * DOCUMENTS_PER_PAGE;
  let result: { documents: DocumentJson[]; total: number };
  const itemKey = q.item ? parseItemQuery(q.item) : undefined;
  // The words also find the documents that drop the items they name, as the spawn
  // page's search reads them (players' words, prefixes; no typo guesses).
  const named = text.terms.length > 0 ? await itemsNamedBy(db, q.q ?? "", MAX_TEXT_ITEMS) : [];
  const keyOwner = new Map<string, number>();
  named.forEach((item, i) => {
    for (const key of catalogueItemKeys(item)) if (!keyOwner.has(key)) keyOwner.set(key, i);
  });
  const textItemKeys = [...keyOwner.keys()];
  if (text.terms.length > 0 || q.map || itemKey) {
    result = await searchDocuments(db, {
      text,
      textItemKeys,
      mapBit: q.map ? mapBit(q.map) : undefined,
      itemKey,
      userId: q.author,
      sort: q.sort,
      count: DOCUMENTS_PER_PAGE,
      offset,
      baseUrl,
    });
  } else {
    const [total, documents] = await Promise.all([
      db.document.count({ where: visibleDocuments(q.author) }),
      listDocuments(db, {
        userId: q.author,
        sort: LIST_SORT[q.sort],
        direction: "desc",
        count: DOCUMENTS_PER_PAGE,
        offset,
        baseUrl,
        stats: true,
      }),
    ]);
    result = { documents, total };
  }
  const dropped = await keysDroppedBy(
    db,
    result.documents.map((d) => d.document_id),
    textItemKeys,
  );
  const drops = new Map<string, string[]>();
  for (const [id, keys] of dropped) {
    const owners = [...new Set([...keys].map((k) => keyOwner.get(k)!))].sort((a, b) => a - b);
    drops.set(
      id,
      owners.map((i) => named[i]!.label),
    );
  }
  return {
    ...result,
    pages: Math.max(1, Math.ceil(result.total / DOCUMENTS_PER_PAGE)),
    itemMatches: named.map((item) => ({ label: item.label, uid: uidOf(item.path) })),
    drops,
  };
}
