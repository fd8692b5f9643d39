/**
 * Changing a document's server settings from the portal (docs/SERVER-CONFIG.md): the
 * author's current content is read, changed by lib/server-config (every other key kept in
 * place), and published as a new revision through the v1 publish code, as the loot
 * editor's saves are. A form rendered from an older revision is refused rather than
 * written over a newer one. A new settings document is made the same way from a title, a
 * game and the ini files pasted.
 */
import { randomUUID } from "node:crypto";
import { badRequest, conflict, forbidden, notFound, ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { readDocumentJson } from "@/lib/documents/document-content";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { publishDocuments } from "@/lib/documents/publish-documents";
import { importIntoDocument } from "@/lib/server-config/config-document";
import type { IniImport } from "@/lib/server-config/import-ini";
import type { Game, IniFile } from "@/lib/server-config/options";

type Json = Record<string, unknown>;

export interface PublishLimits {
  /** the largest content accepted: the API's MAX_BODY_BYTES */
  maxBytes: number;
  /** revisions kept per document: DOCUMENT_REVISIONS_KEEP (0: every one) */
  keepRevisions?: number;
}

async function publishContent(db: Db, userId: string, content: Json, limits: PublishLimits): Promise<number> {
  const text = JSON.stringify(content);
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > limits.maxBytes)
    throw new ApiError(
      "payload_too_large",
      `The document would be larger than the server accepts (${limits.maxBytes} bytes).`,
    );
  const documents = readDocumentInputs(content, text, bytes);
  await publishDocuments(db, { userId, documents, keepRevisions: limits.keepRevisions });
  const saved = await db.document.findUniqueOrThrow({ where: { id: documents[0]!.id }, select: { revision: true } });
  return saved.revision;
}

export interface ChangeOptions extends PublishLimits {
  userId: string;
  documentId: string;
  /** the revision the form was rendered from: a newer one refuses the change */
  revision?: number;
}

/**
 * Applies `change` to the author's current content and publishes it; an unchanged content
 * publishes nothing. Returns the document's revision after it.
 */
export async function changeDocumentContent(
  db: Db,
  options: ChangeOptions,
  change: (content: Json) => Json,
): Promise<{ revision: number; published: boolean }> {
  const { userId, documentId } = options;
  const doc = await db.document.findUnique({ where: { id: documentId }, select: { userId: true, revision: true } });
  if (!doc) throw notFound("No document has this id.", { document_id: documentId });
  if (doc.userId !== userId) throw forbidden("Documents published by another user cannot be changed.");
  if (options.revision !== undefined && options.revision !== doc.revision)
    throw conflict(
      `The document changed since this page was opened (revision ${options.revision}, now ${doc.revision}): reload it and make the change again.`,
    );
  const current = await readDocumentJson(db, documentId);
  if (
    current.state !== "parsed" ||
    typeof current.value !== "object" ||
    current.value === null ||
    Array.isArray(current.value)
  )
    throw badRequest("This document's content is not a JSON object the editor can change.");
  const before = current.value as Json;
  const after = change(before);
  if (JSON.stringify(after) === JSON.stringify(before)) return { revision: doc.revision, published: false };
  return { revision: await publishContent(db, userId, after, options), published: true };
}

export interface NewSettingsDocument extends PublishLimits {
  userId: string;
  title: string;
  game: Game;
  files: Partial<Record<IniFile, string>>;
}

/** A new document holding the settings of the ini files given (none: an empty one to fill in). */
export async function createSettingsDocument(
  db: Db,
  options: NewSettingsDocument,
): Promise<{ documentId: string; report: IniImport }> {
  const documentId = randomUUID();
  const title = options.title.trim();
  if (!title) throw badRequest("Give the document a title.", { field: "title" });
  const base: Json = { Identifier: documentId, Title: title, Description: "", Version: 2 };
  const { content, report } = importIntoDocument(base, options.files, options.game);
  await publishContent(db, options.userId, content, options);
  return { documentId, report };
}
