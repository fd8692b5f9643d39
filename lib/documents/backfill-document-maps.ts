/**
 * Fills documents.maps and the document's items (document_items) for rows published
 * before they existed (maps NULL = not read yet). Both live in the content, which may be
 * gzip-stored, so SQL cannot compute them in the migration: the server runs this after
 * migrating, in batches, each row read and written in its own transaction. The
 * `maps IS NULL` update comes first and takes the row: if a publish wrote the row since
 * its content was read, it changes nothing and the items are left as publish wrote
 * them. Several instances may run it at once: they write the same values. Content that
 * is not a JSON object counts as no map and no item.
 */
import type { Db } from "@/lib/db/client";
import { lootItemKeys } from "@/lib/loot/item-keys";
import { readLootDocument } from "@/lib/loot/loot-document";
import { readMapMask } from "@/lib/loot/maps";
import { decodeContent } from "./content-storage";

const BATCH = 100;

export function mapsOfContent(bytes: Uint8Array): number {
  return facetsOfContent(bytes).maps;
}

function facetsOfContent(bytes: Uint8Array): { maps: number; items: string[] } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { maps: 0, items: [] };
    const loot = readLootDocument(parsed);
    return { maps: readMapMask((parsed as Record<string, unknown>).Map), items: loot ? lootItemKeys(loot) : [] };
  } catch {
    return { maps: 0, items: [] };
  }
}

/** Returns how many documents it filled. */
export async function backfillDocumentMaps(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await db.document.findMany({
      where: { maps: null },
      select: { id: true },
      take: BATCH,
      orderBy: { id: "asc" },
    });
    if (batch.length === 0) return filled;
    for (const { id } of batch) {
      // One content at a time: each may be megabytes.
      const content = await db.documentContent.findUnique({ where: { documentId: id } });
      const { maps, items } = content ? facetsOfContent(await decodeContent(content)) : { maps: 0, items: [] };
      filled += await db.$transaction(async (tx) => {
        const { count } = await tx.document.updateMany({ where: { id, maps: null }, data: { maps } });
        if (count === 1) {
          await tx.documentItem.deleteMany({ where: { documentId: id } });
          if (items.length > 0)
            await tx.documentItem.createMany({ data: items.map((key) => ({ key, documentId: id })) });
        }
        return count;
      });
    }
  }
}
