/**
 * Downloading a kept revision (`?revision=N`): its bytes under the document's name with
 * the revision's number, counted as a download of the document like any single-document
 * GET of its content (lib/documents/count-downloads.ts). A revision of a hidden document is
 * served, uncounted, only to whom `hiddenAccess` lets see it (its author, moderators), as the
 * document itself is.
 */
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { countDownload } from "../count-downloads";
import { hiddenDocumentFor, NO_HIDDEN_ACCESS, type HiddenAccess } from "../visibility";
import { findRevision, readRevision } from "./revision-store";

export const revisionFileName = (name: string, revision: number) => `${name} (revision ${revision})`;

export async function downloadRevision(
  db: Db,
  documentId: string,
  revision: number,
  /** the downloader's address, for the unique counts */
  client?: string,
  hiddenAccess: HiddenAccess = NO_HIDDEN_ACCESS,
): Promise<{ name: string; bytes: Buffer }> {
  // Only an existing revision counts as a download.
  if (!(await findRevision(db, documentId, revision)))
    throw notFound(`No document has this id, or it has no revision ${revision}.`, {
      document_id: documentId,
      revision,
    });
  const doc = (await countDownload(db, documentId, client)) ?? (await hiddenDocumentFor(db, documentId, hiddenAccess));
  const found = doc && (await readRevision(db, documentId, revision));
  if (!doc || !found) throw notFound("No document has this id.", { document_id: documentId });
  return { name: revisionFileName(doc.name, revision), bytes: found.bytes };
}
