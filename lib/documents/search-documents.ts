/**
 * Document search: a page of documents and the number that match, filtered by text
 * (lib/documents/search-text.ts), map bit and author, in the listing's order (sort key
 * descending, ties by id descending). Raw SQL per engine, because Prisma cannot express
 * either full-text index; the page's metadata then comes through Prisma as everywhere.
 *
 * The index is the engine's own and the database keeps it in step in the same
 * transaction as every write (prisma/<engine>/migrations/20261123000000_document_search):
 * - SQLite: FTS5 table documents_fts (unicode61, remove_diacritics 2: case and accents
 *   folded) maintained by triggers; the query is a MATCH of quoted strings;
 * - PostgreSQL: generated column search_vector = to_tsvector('simple',
 *   unaccent(name || ' ' || description)) with a GIN index; the query is built from
 *   plainto_tsquery / phraseto_tsquery over the same folding function, with the user's
 *   words as bind parameters, never as tsquery syntax.
 * Folding differs at the edges: unaccent also spells out ligatures (æ -> ae, ß -> ss),
 * unicode61 only removes diacritics.
 *
 * The map filter is `(maps & bit) <> 0` on the integer column publish writes: most
 * documents name some map, so it rides on the ordered scan rather than an index.
 * The item filter (which documents drop an item) is a membership in document_items,
 * indexed by uid and by class; alone, it is counted from that index. The text also
 * matches the documents that drop an item it names (textItemKeys): the same membership,
 * OR-ed with the words.
 */
import { Prisma } from "@/lib/generated/sqlite/client";
import { providerOf, type Db } from "@/lib/db/client";
import { documentJson, documentMetadataSelect, type DocumentJson } from "./document-json";
import { fts5Query, type SearchText, type SearchTerm } from "./search-text";

export type SearchSort = "updated" | "downloads" | "trending";

const ORDER_BY: Record<SearchSort, string> = {
  updated: "d.last_updated DESC, d.id DESC",
  downloads: "d.download_count DESC, d.id DESC",
  trending: "d.unique_downloads_7d DESC, d.id DESC",
};

export interface SearchOptions {
  text: SearchText;
  /** one map's bit (lib/loot/maps.ts mapBit); undefined for any map */
  mapBit?: number;
  /** lowercase user id; undefined for every author */
  userId?: string;
  /** only documents whose loot drops this item: its key (lib/loot/item-keys parseItemQuery) */
  itemKey?: string;
  /**
   * Item keys the text names (the catalogue items whose names match it): a document that
   * drops any of them matches the text too, whatever its name and description say.
   */
  textItemKeys?: string[];
  sort: SearchSort;
  count: number;
  offset: number;
  baseUrl: string;
  /** the plan threshold (below); tests set it to 0 to check both plans agree */
  sortMatchesUpTo?: number;
}

export interface SearchResult {
  documents: DocumentJson[];
  total: number;
}

const MAX_OFFSET = 2 ** 31 - 1;

/** One PostgreSQL tsquery term, folded by the same function as the indexed text. */
function tsqueryTerm(term: SearchTerm): Prisma.Sql {
  if (term.kind === "phrase")
    return Prisma.sql`phraseto_tsquery('simple', beacon_search_fold(${term.words.join(" ")}))`;
  if (term.kind === "word") return Prisma.sql`plainto_tsquery('simple', beacon_search_fold(${term.text}))`;
  // plainto_tsquery's own text is well-formed tsquery syntax; `:*` makes its last lexeme a prefix.
  return Prisma.sql`(SELECT CASE WHEN q::text = '' THEN q ELSE (q::text || ':*')::tsquery END FROM plainto_tsquery('simple', beacon_search_fold(${term.text})) q)`;
}

/**
 * The plan is chosen here from the exact count, which is needed anyway: neither engine
 * can estimate a full-text match well (SQLite has no statistics on FTS5; PostgreSQL
 * guessed 500 rows for a word in 11 documents and scanned the whole sort index, 90 ms
 * at 100,000 documents). Up to this many matches, they are collected and sorted (a
 * MATERIALIZED CTE: well under a millisecond for a selective word); more, and the sort
 * key's index is scanned in order, keeping matching rows until the page is full (a word
 * in every document would otherwise sort 100,000 rows). On SQLite `+d.rowid` forces
 * that; PostgreSQL picks it itself for common words.
 */
const SORT_MATCHES_UP_TO = 2_000;

function ftsMatch(text: SearchText, scanSortIndex: boolean): Prisma.Sql {
  // `+d.rowid` stops SQLite from driving the query from the match set.
  const rowid = Prisma.raw(scanSortIndex ? "+d.rowid" : "d.rowid");
  return Prisma.sql`${rowid} IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ${fts5Query(text)})`;
}

function conditions(db: Db, o: SearchOptions, scanSortIndex = false): Prisma.Sql {
  // Hidden documents (lib/moderation/actions.ts) are found by nobody's search.
  const where: Prisma.Sql[] = [Prisma.sql`d.hidden_at IS NULL`];
  if (o.text.terms.length > 0) {
    const words =
      providerOf(db) === "sqlite"
        ? ftsMatch(o.text, scanSortIndex)
        : Prisma.sql`d.search_vector @@ (${Prisma.join(o.text.terms.map(tsqueryTerm), " && ")})`;
    const keys = o.textItemKeys ?? [];
    where.push(
      keys.length === 0
        ? words
        : Prisma.sql`(${words} OR d.id IN (SELECT di.document_id FROM document_items di WHERE di.key IN (${Prisma.join(keys)})))`,
    );
  }
  if (o.userId !== undefined) where.push(Prisma.sql`d.user_id = ${o.userId}`);
  if (o.mapBit !== undefined) where.push(Prisma.sql`(d.maps & ${o.mapBit}) <> 0`);
  if (o.itemKey !== undefined) {
    // Few matches: drive from the item's index. Many: scan the sort index and probe the
    // item's (key, document) index per row, rather than first collecting every match.
    where.push(
      scanSortIndex
        ? Prisma.sql`EXISTS (SELECT 1 FROM document_items di WHERE di.key = ${o.itemKey} AND di.document_id = d.id)`
        : Prisma.sql`d.id IN (SELECT di.document_id FROM document_items di WHERE di.key = ${o.itemKey})`,
    );
  }
  return Prisma.sql`WHERE ${Prisma.join(where, " AND ")}`;
}

async function countMatches(db: Db, o: SearchOptions): Promise<number> {
  const only = o.userId === undefined && o.mapBit === undefined;
  // Text alone on SQLite: the FTS5 index counts by itself, no join with documents; an
  // item alone: its index counts the documents. The few hidden documents among those
  // matches are then counted apart (a primary key look-up per match) and taken off. No
  // index on hidden_at: the planner would pick it for "hidden_at IS NULL", every row, over
  // the sort indexes the listings scan.
  const query =
    providerOf(db) === "sqlite" && only && o.itemKey === undefined && o.text.terms.length > 0 && !o.textItemKeys?.length
      ? Prisma.sql`SELECT (SELECT COUNT(*) FROM documents_fts WHERE documents_fts MATCH ${fts5Query(o.text)})
          - (SELECT COUNT(*) FROM documents d WHERE d.hidden_at IS NOT NULL AND d.rowid IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH ${fts5Query(o.text)})) AS n`
      : only && o.itemKey !== undefined && o.text.terms.length === 0
        ? Prisma.sql`SELECT (SELECT COUNT(*) FROM document_items WHERE key = ${o.itemKey})
            - (SELECT COUNT(*) FROM documents d WHERE d.hidden_at IS NOT NULL AND d.id IN (SELECT di.document_id FROM document_items di WHERE di.key = ${o.itemKey})) AS n`
        : Prisma.sql`SELECT COUNT(*) AS n FROM documents d ${conditions(db, o)}`;
  const rows = await db.$queryRaw<{ n: number | bigint }[]>(query);
  return Number(rows[0]?.n ?? 0);
}

export async function searchDocuments(db: Db, o: SearchOptions): Promise<SearchResult> {
  const total = await countMatches(db, o);
  if (total === 0 || o.count === 0 || o.offset >= total || o.offset > MAX_OFFSET) return { documents: [], total };
  const order = Prisma.raw(ORDER_BY[o.sort]);
  const page =
    total <= (o.sortMatchesUpTo ?? SORT_MATCHES_UP_TO)
      ? await db.$queryRaw<
          { id: string }[]
        >`WITH m AS MATERIALIZED (SELECT d.id, d.last_updated, d.download_count, d.unique_downloads_7d FROM documents d ${conditions(db, o)})
          SELECT d.id FROM m d ORDER BY ${order} LIMIT ${o.count} OFFSET ${o.offset}`
      : await db.$queryRaw<
          { id: string }[]
        >`SELECT d.id FROM documents d ${conditions(db, o, true)} ORDER BY ${order} LIMIT ${o.count} OFFSET ${o.offset}`;
  const ids = page.map((r) => r.id);
  const rows =
    ids.length === 0 ? [] : await db.document.findMany({ where: { id: { in: ids } }, select: documentMetadataSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A row deleted between the two reads is simply left out of this page.
  const documents = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [documentJson(row, o.baseUrl, true)] : [];
  });
  return { documents, total };
}
