"use server";
/**
 * Publishing a Beacon file from "My documents" (lib/documents/document-upload): the
 * preview and the publish, each behind the session, each reading the file's own bytes
 * and checking them as POST /v1/document.php does.
 */
import { revalidatePath } from "next/cache";
import { config } from "@/lib/config";
import { requireUser } from "@/lib/dashboard/session";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";
import { db } from "@/lib/db/client";
import {
  previewDocumentUpload,
  publishUploadOutcome,
  type PublishOutcome,
  type UploadPreview,
} from "@/lib/documents/document-upload";

const NO_FILE = "Choose a .beacon file first.";

async function fileBytes(form: FormData): Promise<Uint8Array | null> {
  const file = form instanceof FormData ? form.get("file") : null;
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return null;
  return new Uint8Array(await file.arrayBuffer());
}

export async function previewDocumentUploadAction(form: FormData): Promise<UploadPreview> {
  const userId = await requireUser();
  const bytes = await fileBytes(form);
  if (!bytes) return { ok: false, message: NO_FILE };
  return previewDocumentUpload(db(), { userId, bytes, maxBytes: config().MAX_BODY_BYTES });
}

export async function publishDocumentUploadAction(form: FormData): Promise<PublishOutcome> {
  const userId = await requireUser();
  // A suspended author publishes nothing, as their signed writes do not.
  const refused = await suspendedSessionRefusal(db(), userId);
  if (refused) return { ok: false, message: refused };
  const bytes = await fileBytes(form);
  if (!bytes) return { ok: false, message: NO_FILE };
  const outcome = await publishUploadOutcome(db(), {
    userId,
    bytes,
    maxBytes: config().MAX_BODY_BYTES,
    keepRevisions: config().DOCUMENT_REVISIONS_KEEP,
  });
  if (outcome.ok) {
    revalidatePath("/dashboard/documents");
    for (const d of outcome.documents) revalidatePath(`/documents/${d.documentId}`);
  }
  return outcome;
}
