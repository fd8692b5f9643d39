/**
 * How many documents drop each of some items (document_items, lib/loot/item-keys), for
 * the loot view's "in N documents" links: one grouped count per 500 keys.
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
    >`SELECT key, COUNT(*) AS n FROM document_items WHERE key IN (${Prisma.join(part)}) GROUP BY key`;
    for (const r of rows) counts.set(r.key, Number(r.n));
  }
  return (key) => counts.get(key) ?? 0;
}
