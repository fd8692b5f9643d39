/**
 * How many documents drop each of some items (document_items, lib/loot/item-keys), for
 * the loot view's "in N documents" links: one grouped count per 500 keys, hidden documents
 * left out (lib/documents/visibility.ts) as they are from the list the link opens; and which of
 * some items each listed document drops, for the search's "drops Metal Pick".
 */
import { Prisma } from "@/lib/generated/sqlite/client";
import type { Db } from "@/lib/db/client";

const CHUNK = 500;

export async function documentsDropping(db: Db, keys: string[]): Promise<(key: string) => number> {
  const counts = new Map<string, number>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = await db.$queryRaw<
      { key: string; n: number | bigint }[]
    >`SELECT di.key AS key, COUNT(*) AS n FROM document_items di JOIN documents d ON d.id = di.document_id
      WHERE di.key IN (${Prisma.join(part)}) AND d.hidden_at IS NULL GROUP BY di.key`;
    for (const r of rows) counts.set(r.key, Number(r.n));
  }
  return (key) => counts.get(key) ?? 0;
}

/** Which of these item keys each of these documents drops (for saying why a document matched). */
export async function keysDroppedBy(db: Db, documentIds: string[], keys: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (documentIds.length === 0 || keys.length === 0) return out;
  const rows = await db.$queryRaw<{ document_id: string; key: string }[]>`
    SELECT document_id, key FROM document_items
    WHERE document_id IN (${Prisma.join(documentIds)}) AND key IN (${Prisma.join(keys)})`;
  for (const r of rows) {
    const set = out.get(r.document_id) ?? new Set<string>();
    set.add(r.key);
    out.set(r.document_id, set);
  }
  return out;
}
