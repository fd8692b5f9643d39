/** Document metadata by id, without reading content (multi-id GET, ?simple, HEAD). */
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { documentJson, documentMetadataSelect, type DocumentJson } from "./document-json";
import { NO_HIDDEN_ACCESS, type HiddenAccess } from "./visibility";

/** The documents found among `ids` (lowercase UUIDs) that the reader may see, in the order asked. */
export async function findDocuments(
  db: Db,
  options: {
    ids: string[];
    baseUrl: string;
    /** the unique download counts too */ stats?: boolean;
    /** who may see hidden ones (lib/documents/visibility.ts); nobody when absent */
    hiddenAccess?: HiddenAccess;
  },
): Promise<DocumentJson[]> {
  const access = options.hiddenAccess ?? NO_HIDDEN_ACCESS;
  const rows = await findInChunks([...new Set(options.ids)], (part) =>
    db.document.findMany({ where: { id: { in: part } }, select: { ...documentMetadataSelect, hiddenAt: true } }),
  );
  const shown = [];
  for (const row of rows) if (row.hiddenAt === null || (await access(row.userId))) shown.push(row);
  const byId = new Map(shown.map((row) => [row.id, row]));
  return [...new Set(options.ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [documentJson(row, options.baseUrl, options.stats)] : [];
  });
}

/** Whether `id` exists and the reader may see it. */
export async function documentExists(db: Db, id: string, access: HiddenAccess = NO_HIDDEN_ACCESS): Promise<boolean> {
  const doc = await db.document.findUnique({ where: { id }, select: { hiddenAt: true, userId: true } });
  return doc !== null && (doc.hiddenAt === null || (await access(doc.userId)));
}
