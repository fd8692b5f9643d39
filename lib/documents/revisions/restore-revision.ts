/**
 * Restoring a revision: its bytes published again by the document's author, through the
 * same code as any update (lib/documents/publish-documents.ts), so it becomes the newest
 * revision with everything an update brings (name, description, maps and items read from
 * those bytes, revision +1) and every revision in between stays.
 */
import { forbidden, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { readDocumentInputs } from "../document-input";
import { publishDocuments } from "../publish-documents";
import { readRevision } from "./revision-store";

export async function restoreRevision(
  db: Db,
  options: { userId: string; documentId: string; revision: number; keepRevisions?: number },
): Promise<{ revision: number }> {
  const { userId, documentId, revision, keepRevisions } = options;
  const doc = await db.document.findUnique({ where: { id: documentId }, select: { userId: true } });
  if (!doc) throw notFound("No document has this id.", { document_id: documentId });
  if (doc.userId !== userId) throw forbidden("Documents published by another user cannot be changed.");
  const found = await readRevision(db, documentId, revision);
  if (!found)
    throw notFound(`This document has no revision ${revision} (kept revisions: see ?revisions).`, {
      document_id: documentId,
      revision,
    });
  // Accepted by publish once already: one content object whose Identifier is this document.
  const text = found.bytes.toString("utf8");
  const documents = readDocumentInputs(JSON.parse(text), text, found.bytes);
  await publishDocuments(db, { userId, documents, restoredFrom: revision, keepRevisions });
  const now = await db.document.findUniqueOrThrow({ where: { id: documentId }, select: { revision: true } });
  return { revision: now.revision };
}
