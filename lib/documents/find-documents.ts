/** Document metadata by id, without reading content (multi-id GET, ?simple, HEAD). */
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { documentJson, documentMetadataSelect, type DocumentJson } from "./document-json";

/** The documents found among `ids` (lowercase UUIDs), in the order asked. */
export async function findDocuments(
  db: Db,
  options: { ids: string[]; baseUrl: string; /** the unique download counts too */ stats?: boolean },
): Promise<DocumentJson[]> {
  const rows = await findInChunks([...new Set(options.ids)], (part) =>
    db.document.findMany({ where: { id: { in: part } }, select: documentMetadataSelect }),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(options.ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [documentJson(row, options.baseUrl, options.stats)] : [];
  });
}

export async function documentExists(db: Db, id: string): Promise<boolean> {
  return (await db.document.count({ where: { id } })) > 0;
}
