"use server";
/**
 * Restoring a kept revision from the document page: a plain form (works without
 * JavaScript) behind the portal's session; lib/documents/revisions/restore-revision checks
 * that the signed-in user is the author (403 otherwise) and publishes the old bytes as
 * the newest revision. Only from the page's confirmation step (`confirmed=yes`): a request
 * without it is sent to that step. The page then says what happened (`?restored=<new revision>`, or
 * `?restore_error=<status>`: a code, so no text of the address ends up on the page).
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { answerApiError } from "@/lib/api/errors";
import { requireUser } from "@/lib/dashboard/session";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { restoreRevision } from "@/lib/documents/revisions/restore-revision";
import { isUuid } from "@/lib/uuid";

export async function restoreRevisionAction(form: FormData): Promise<void> {
  const userId = await requireUser();
  const id = String(form.get("document_id") ?? "").toLowerCase();
  const revision = Number(form.get("revision"));
  if (!isUuid(id) || !Number.isSafeInteger(revision) || revision < 1) redirect("/documents");
  if (form.get("confirmed") !== "yes") redirect(`/documents/${id}?confirm_restore=${revision}#restore-confirm`);
  // A suspended author changes nothing: the page says so (as the signed API refuses it).
  if (await suspendedSessionRefusal(db(), userId)) redirect(`/documents/${id}?restore_error=suspended`);
  const keepRevisions = config().DOCUMENT_REVISIONS_KEEP;
  const restored = await answerApiError(
    async () => (await restoreRevision(db(), { userId, documentId: id, revision, keepRevisions })).revision,
    (err) => redirect(`/documents/${id}?restore_error=${err.status}`),
  );
  revalidatePath(`/documents/${id}`);
  redirect(`/documents/${id}?restored=${restored}`);
}
