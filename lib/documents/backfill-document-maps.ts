/**
 * Fills documents.maps for rows published before the column existed (NULL = not read
 * yet). The maps live in the content's `Map` key and the content may be gzip-stored, so
 * SQL cannot compute them in the migration: the server runs this after migrating, in
 * batches, each row read and written on its own (a concurrent publish writes maps
 * itself; the `maps IS NULL` guard never overwrites it). Several instances may run it at
 * once: they write the same values. Content that is not a JSON object counts as no map.
 */
import type { Db } from "@/lib/db/client";
import { readMapMask } from "@/lib/loot/maps";
import { decodeContent } from "./content-storage";

const BATCH = 100;

export function mapsOfContent(bytes: Uint8Array): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? readMapMask((parsed as Record<string, unknown>).Map) : 0;
  } catch {
    return 0;
  }
}

/** Returns how many documents it filled. */
export async function backfillDocumentMaps(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await db.document.findMany({ where: { maps: null }, select: { id: true }, take: BATCH, orderBy: { id: "asc" } });
    if (batch.length === 0) return filled;
    for (const { id } of batch) {
      // One content at a time: each may be megabytes.
      const content = await db.documentContent.findUnique({ where: { documentId: id } });
      const maps = content ? mapsOfContent(await decodeContent(content)) : 0;
      const { count } = await db.document.updateMany({ where: { id, maps: null }, data: { maps } });
      filled += count;
    }
  }
}
