/**
 * How many documents drop each of some items (document_items), for the loot view's
 * "in N documents" links: one grouped query per 500 keys, by uid for items with a path
 * and by class for the others, each counting documents, not rows.
 */
import { Prisma } from "@/lib/generated/sqlite/client";
import type { Db } from "@/lib/db/client";
import type { ItemKey } from "@/lib/loot/item-keys";

const CHUNK = 500;

async function counts(db: Db, column: "uid" | "class_key", values: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const col = Prisma.raw(column);
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    const rows = await db.$queryRaw<{ k: string; n: number | bigint }[]>`SELECT ${col} AS k, COUNT(DISTINCT document_id) AS n FROM document_items WHERE ${col} IN (${Prisma.join(part)}) GROUP BY ${col}`;
    for (const r of rows) out.set(r.k, Number(r.n));
  }
  return out;
}

/** The number of documents that drop each item: by its path's uid when it has one, else by class. */
export async function documentsDropping(db: Db, keys: ItemKey[]): Promise<(key: ItemKey) => number> {
  const uids = [...new Set(keys.filter((k) => k.uid).map((k) => k.uid))];
  const classes = [...new Set(keys.filter((k) => !k.uid).map((k) => k.classKey))];
  const [byUid, byClass] = await Promise.all([counts(db, "uid", uids), counts(db, "class_key", classes)]);
  return (k) => (k.uid ? byUid.get(k.uid) : byClass.get(k.classKey)) ?? 0;
}
