"use server";
/**
 * The author's appeal of a moderator's action (lib/moderation/appeals.ts), behind the
 * session: only the author of a hidden document, or the suspended user, may appeal it.
 * Not a formAction: appealing is the one change a suspended account may still make.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fieldOf, roleAction } from "@/lib/dashboard/form-action";
import { zodErrors } from "@/lib/dashboard/form-data";
import { db } from "@/lib/db/client";
import { appealModeration } from "@/lib/moderation/appeals";
import { targetInput } from "@/lib/moderation/targets";

// The target and the text as sent: lib/moderation checks them, in the words the API uses.
const appealFields = z.object({ target_kind: z.unknown(), target_id: z.unknown(), text: z.unknown() });

export const appealAction = roleAction("signed-in", appealFields, fieldOf("text"), async (userId, fields) => {
  const target = targetInput.safeParse({ kind: fields.target_kind, id: fields.target_id });
  if (!target.success) return { errors: zodErrors(target.error) };
  await appealModeration(db(), { userId, target: target.data, text: fields.text });
  revalidatePath("/dashboard", "layout");
  return { ok: "Sent: your appeal is with the moderators." };
});
