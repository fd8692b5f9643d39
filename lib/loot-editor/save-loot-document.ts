/**
 * Saving the editor's document: published by the signed-in user through the same code
 * as POST /v1/document.php (readDocumentInputs, then publishDocuments: one transaction
 * with its maps and item keys), with the exact text the editor sent as the content, so
 * GET /v1/document.php/<id> returns those bytes. Before that, what the editor checks is
 * checked again (lib/loot/validate-loot: only errors refuse), and the mode must hold: a
 * new document must not exist yet, a revision needs the user's own document.
 */
import { ApiError, badRequest, conflict, forbidden, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { publishDocuments } from "@/lib/documents/publish-documents";
import { readLootDocument } from "@/lib/loot/loot-document";
import { validateLoot } from "@/lib/loot/validate-loot";

export interface SaveLootOptions {
  userId: string;
  mode: "create" | "update";
  /** lowercase UUID: must be the content's Identifier */
  documentId: string;
  /** the document content as the editor wrote it (JSON text) */
  content: string;
  /** the largest content accepted: the API's MAX_BODY_BYTES */
  maxBytes: number;
  /** revisions kept per document: DOCUMENT_REVISIONS_KEEP (0: every one) */
  keepRevisions?: number;
}

export async function saveLootDocument(
  db: Db,
  options: SaveLootOptions,
): Promise<{ documentId: string; revision: number }> {
  const { userId, mode, documentId, content, maxBytes, keepRevisions } = options;
  const bytes = Buffer.from(content, "utf8");
  if (bytes.length > maxBytes)
    throw new ApiError("payload_too_large", `The document is larger than the server accepts (${maxBytes} bytes).`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw badRequest("The document is not valid JSON.");
  }
  const doc = readLootDocument(parsed);
  if (!doc) throw badRequest("This is not a loot document (it has no LootSources).");
  const identifier = (parsed as { Identifier?: unknown }).Identifier;
  if (typeof identifier !== "string" || identifier.toLowerCase() !== documentId)
    throw badRequest("The document's Identifier is not the document being saved.");
  const errors = validateLoot(doc).filter((i) => i.severity === "error");
  if (errors.length > 0)
    throw badRequest(
      `${errors.length === 1 ? "One problem blocks" : `${errors.length} problems block`} saving: ${errors[0]!.message}`,
      errors,
    );

  const existing = await db.document.findUnique({ where: { id: documentId }, select: { userId: true } });
  if (mode === "create" && existing)
    throw conflict("A document with this id exists already: open it from your documents to change it.");
  if (mode === "update" && !existing)
    throw notFound("This document no longer exists: save your draft as a new document.");
  if (mode === "update" && existing!.userId !== userId)
    throw forbidden("Documents published by another user cannot be changed.");

  await publishDocuments(db, { userId, documents: readDocumentInputs(parsed, content, bytes), keepRevisions });
  const saved = await db.document.findUniqueOrThrow({ where: { id: documentId }, select: { revision: true } });
  return { documentId, revision: saved.revision };
}
