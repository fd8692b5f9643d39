"use server";
/**
 * The author's appeal of a moderator's action (lib/moderation/appeals.ts), behind the
 * session: only the author of a hidden document, or the suspended user, may appeal it.
 * Not a formAction: appealing is the one change a suspended account may still make.
 */
import { revalidatePath } from "next/cache";
import { ApiError } from "@/lib/api/errors";
import { formObject, zodErrors, type FormState } from "@/lib/dashboard/form-data";
import { requireUser } from "@/lib/dashboard/session";
import { db } from "@/lib/db/client";
import { appealModeration } from "@/lib/moderation/appeals";
import { targetInput } from "@/lib/moderation/targets";

export async function appealAction(_previous: FormState, form: FormData): Promise<FormState> {
  const userId = await requireUser();
  const fields = formObject(form);
  const target = targetInput.safeParse({ kind: fields.target_kind, id: fields.target_id });
  if (!target.success) return { errors: zodErrors(target.error) };
  try {
    await appealModeration(db(), { userId, target: target.data, text: fields.text });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const field = (err.details as { field?: string } | null)?.field === "text" ? "text" : "form";
    return { errors: { [field]: err.message } };
  }
  revalidatePath("/dashboard", "layout");
  return { ok: "Sent: your appeal is with the moderators." };
}
