/** A published document's check (lib/documents/document-check) from its stored content. */
import type { Db } from "@/lib/db/client";
import { readDocumentJson } from "./document-content";
import { checkContent, type DocumentCheckJson } from "./document-check";

/** null when the document has no stored content. */
export async function checkDocument(db: Db, documentId: string): Promise<DocumentCheckJson | null> {
  const content = await readDocumentJson(db, documentId);
  if (content.state === "missing") return null;
  return checkContent(documentId, content.state === "parsed" ? content.value : null);
}
