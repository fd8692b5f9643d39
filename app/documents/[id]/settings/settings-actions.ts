"use server";
/**
 * The settings editor's server actions, behind the portal's session (a writer: suspended
 * accounts change nothing): a group's form saved, ini files imported into the document,
 * the document's game changed, and a new settings document made from pasted files. The
 * model is lib/server-config/settings-editor; storing is lib/documents/document-settings.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { config } from "@/lib/config";
import { formAction, type FormState } from "@/lib/dashboard/form-action";
import { db } from "@/lib/db/client";
import { changeDocumentContent, createSettingsDocument } from "@/lib/documents/document-settings";
import { importIntoDocument, readDocumentConfig, withDocumentConfig } from "@/lib/server-config/config-document";
import { importReport, iniFilesOf } from "@/lib/server-config/import-report";
import { applyGroupForm, editorGroups } from "@/lib/server-config/settings-editor";
import { isUuid } from "@/lib/uuid";

const documentId = z
  .string()
  .refine(isUuid, "is not a document id")
  .transform((s) => s.toLowerCase());
const revision = z.coerce.number().int().positive();
const game = z.enum(["ase", "asa"], { message: "Choose ASE or ASA." });
/** The document's page and its settings page show the new revision (the action's answer re-renders the latter). */
function revalidated(id: string): void {
  revalidatePath(`/documents/${id}`);
  revalidatePath(`/documents/${id}/settings`);
}
const limits = () => ({ maxBytes: config().MAX_BODY_BYTES, keepRevisions: config().DOCUMENT_REVISIONS_KEEP });

export const saveSettingsGroupAction = formAction(
  z.looseObject({ document_id: documentId, revision, group: z.string().max(100) }),
  "form",
  async (userId, input): Promise<FormState> => {
    let errors: Record<string, string> | null = null;
    let changed = 0;
    const saved = await changeDocumentContent(
      db(),
      { userId, documentId: input.document_id, revision: input.revision, ...limits() },
      (content) => {
        const current = readDocumentConfig(content);
        const group = editorGroups(current.game).find((g) => g.id === input.group);
        if (!group) {
          errors = { form: "This group of settings does not exist for the document's game." };
          return content;
        }
        const applied = applyGroupForm(current.settings, group, input as Record<string, string | string[]>);
        if (!applied.ok) {
          errors = applied.errors;
          return content;
        }
        changed = applied.changed;
        return withDocumentConfig(content, current.game, applied.settings);
      },
    );
    if (errors)
      return {
        errors: { form: "Nothing was saved: correct the fields marked.", ...(errors as Record<string, string>) },
      };
    revalidated(input.document_id);
    return { ok: saved.published ? `Saved revision ${saved.revision} (${changed} changed).` : "Nothing changed." };
  },
);

export const importSettingsAction = formAction(
  z.looseObject({ document_id: documentId, revision }),
  "form",
  async (userId, input): Promise<FormState> => {
    const files = iniFilesOf(input as Record<string, unknown>);
    if ("error" in files) return { errors: { form: files.error } };
    let message = "";
    const saved = await changeDocumentContent(
      db(),
      { userId, documentId: input.document_id, revision: input.revision, ...limits() },
      (content) => {
        const imported = importIntoDocument(content, files.files);
        message = importReport(imported.report);
        return imported.content;
      },
    );
    revalidated(input.document_id);
    return {
      ok: saved.published ? `Imported into revision ${saved.revision}. ${message}` : `Nothing changed. ${message}`,
    };
  },
);

export const setGameAction = formAction(
  z.object({ document_id: documentId, revision, game }),
  "form",
  async (userId, input): Promise<FormState> => {
    const saved = await changeDocumentContent(
      db(),
      { userId, documentId: input.document_id, revision: input.revision, ...limits() },
      (content) => {
        const current = readDocumentConfig(content);
        return withDocumentConfig(content, input.game, current.settings);
      },
    );
    revalidated(input.document_id);
    return { ok: saved.published ? `The document is for ${input.game.toUpperCase()} now.` : "Nothing changed." };
  },
);

export const newSettingsDocumentAction = formAction(
  z.looseObject({ title: z.string().trim().min(1, "Give the document a title.").max(200), game }),
  "form",
  async (userId, input): Promise<FormState> => {
    const files = iniFilesOf(input as Record<string, unknown>, true);
    if ("error" in files) return { errors: { form: files.error } };
    const made = await createSettingsDocument(db(), {
      userId,
      title: input.title,
      game: input.game,
      files: files.files,
      ...limits(),
    });
    // Counts only in the address (never text of the files), for the page to say.
    const counts = new URLSearchParams({
      created: String(made.report.settings.length),
      secrets: String(made.report.secretsLeftOut.length),
      custom: String(made.report.unknown.length),
    });
    redirect(`/documents/${made.documentId}/settings?${counts}`);
  },
);
