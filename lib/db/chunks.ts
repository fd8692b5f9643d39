/**
 * Rows per INSERT and ids per IN list. A batch of any size is written in statements of
 * this many rows inside its one transaction, and long id lists are read in queries of
 * this many ids: Prisma refuses a query over the engine's bound-parameter limit
 * ("query parameter limit ... exceeded") whenever it cannot split it itself, e.g. an IN
 * list inside OR, with orderBy, or in a count. 500 rows of up to 20 columns stay far
 * below SQLite's 32,766 and PostgreSQL's 65,535 parameters.
 */
export const ROWS_PER_STATEMENT = 500;

export function chunks<T>(items: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `query` run on each chunk of `ids` in turn (inside the caller's transaction, if any); the rows of all. */
export async function findInChunks<T, R>(ids: T[], query: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const part of chunks(ids)) rows.push(...(await query(part)));
  return rows;
}

/**
 * Interactive-transaction limits for a batch of `rows`: `baseMs` (30 s), plus 5 ms a row past
 * 1,000 (an update is one statement per row: 10,000 engram updates took 14 s on
 * PostgreSQL on a loaded 2-core machine), so a large batch is not cut off by a timeout
 * sized for small ones.
 */
export function batchTransactionOptions(rows: number, baseMs = 30_000): { maxWait: number; timeout: number } {
  return { maxWait: 10_000, timeout: baseMs + Math.max(0, rows - 1000) * 5 };
}
