/**
 * The document listing. Every (user_id?, sort) combination has an index on
 * (user_id?, column, id), scanned forwards or backwards, so ties are broken by
 * document_id in the sort's own direction and pages are stable. Never reads content.
 */
import type { Db } from "@/lib/db/client";
import { documentJson, documentMetadataSelect, type DocumentJson } from "./document-json";
import type { ListOptions } from "./list-query";
import { visibleDocuments } from "./visibility";
import { bodyBytes, prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { cachedAtVersion, sharedCache } from "@/lib/cache/versioned-cache";

const SORT_COLUMNS = {
  last_updated: "lastUpdated",
  download_count: "downloadCount",
  trending: "uniqueDownloads7d",
} as const satisfies Record<ListOptions["sort"], keyof typeof documentMetadataSelect>;

/** OFFSET beyond a 32-bit integer cannot match any row; answer without asking. */
const MAX_OFFSET = 2 ** 31 - 1;

/**
 * `withHidden`: the author's own listing (My documents), where their hidden documents
 * stay in view (marked by the page); every other reader, the API included, never gets them.
 */
export async function listDocuments(
  db: Db,
  options: ListOptions & { baseUrl: string; withHidden?: boolean },
): Promise<DocumentJson[]> {
  if (options.count === 0 || options.offset > MAX_OFFSET) return [];
  const column = SORT_COLUMNS[options.sort];
  const rows = await db.document.findMany({
    where:
      options.withHidden && options.userId !== undefined
        ? { userId: options.userId }
        : visibleDocuments(options.userId),
    orderBy: [{ [column]: options.direction }, { id: options.direction }],
    take: options.count,
    skip: options.offset,
    select: documentMetadataSelect,
  });
  return rows.map((row) => documentJson(row, options.baseUrl, options.stats));
}

const listBodies = sharedCache<CachedBody>("document_lists", { maxBytes: 8 << 20, sizeOf: bodyBytes });

/** listDocuments, serialised, kept per query until the "documents" data version moves. */
export function documentListBody(db: Db, options: ListOptions & { baseUrl: string }): Promise<CachedBody> {
  const key = JSON.stringify([
    options.userId ?? null,
    options.sort,
    options.direction,
    options.count,
    options.offset,
    options.baseUrl,
    options.stats ?? false,
  ]);
  return cachedAtVersion(db, "documents", listBodies, key, async () =>
    prepareBody(JSON.stringify(await listDocuments(db, options))),
  );
}
