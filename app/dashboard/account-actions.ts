"use server";
/** My documents and my account: lib/documents, lib/display-names and lib/users behind the session. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { signOut } from "@/lib/dashboard/auth";
import { CONFIRM_PHRASE } from "@/lib/dashboard/confirm-phrase";
import { formAction } from "@/lib/dashboard/form-action";
import { db } from "@/lib/db/client";
import { setDisplayName } from "@/lib/display-names/set-display-name";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { deleteUser } from "@/lib/users/users";
import { isUuid } from "@/lib/uuid";

export const deleteDocumentAction = formAction(
  z.object({
    document_id: z
      .string()
      .refine(isUuid, "is not a document id")
      .transform((s) => s.toLowerCase()),
  }),
  "form",
  async (userId, { document_id }) => {
    await deleteDocuments(db(), { userId, ids: [document_id] });
    revalidatePath("/dashboard/documents");
    return { ok: "Deleted." };
  },
  { destroys: true },
);

export const deleteAccountAction = formAction(
  z.object({
    confirm: z
      .string()
      .refine((s) => s.trim().toLowerCase() === CONFIRM_PHRASE, `Type "${CONFIRM_PHRASE}" to confirm.`),
  }),
  "confirm",
  async (userId) => {
    await deleteUser(db(), userId);
    await signOut({ redirectTo: "/" });
  },
);

/** Empty text removes the name; the rules and the "taken" answer are lib/display-names'. */
export const setDisplayNameAction = formAction(
  z.object({ display_name: z.string().max(1000, "That is far too long for a name.") }),
  "display_name",
  async (userId, { display_name }) => {
    const { name } = await setDisplayName(db(), { userId, name: display_name });
    revalidatePath("/dashboard", "layout");
    return {
      ok: name ? `Saved. Your documents now show “${name}”.` : "Name removed. Your documents show your user id again.",
    };
  },
);
