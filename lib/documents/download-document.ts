/**
 * A single-document download: the content as stored plus its name, and the download
 * counted with one atomic UPDATE ... SET download_count = download_count + 1, so
 * concurrent downloads never lose a count.
 */
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { ContentEncoding, StoredContent } from "./content-storage";

export interface Download {
  name: string;
  content: StoredContent;
}

export async function downloadDocument(db: Db, id: string): Promise<Download> {
  const doc = await db.document.findUnique({
    where: { id },
    select: { name: true, content: { select: { encoding: true, body: true, sha256: true } } },
  });
  if (!doc?.content) throw notFound("No document has this id.", { document_id: id });
  // updateMany: a document deleted since the read counts 0 rows instead of throwing.
  const { count } = await db.document.updateMany({ where: { id }, data: { downloadCount: { increment: 1 } } });
  if (count === 0) throw notFound("No document has this id.", { document_id: id });
  return { name: doc.name, content: { ...doc.content, encoding: doc.content.encoding as ContentEncoding } };
}
