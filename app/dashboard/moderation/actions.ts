"use server";
/**
 * The moderation console's one server action: a moderator's action on a target
 * (lib/moderation/actions.ts writes it with its audit entry). The role is checked here
 * first, on the server, with a 404 for anyone else (lib/moderation/actions.ts checks it
 * again in its transaction); test/api/moderation-console.test.ts calls every action of
 * this folder as a stranger.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { fieldOf, roleAction } from "@/lib/dashboard/form-action";
import { zodErrors } from "@/lib/dashboard/form-data";
import { db } from "@/lib/db/client";
import { MODERATION_ACTIONS, moderate, type ModerationAction } from "@/lib/moderation/actions";
import { targetInput, targetText } from "@/lib/moderation/targets";

const DONE: Record<ModerationAction, string> = {
  dismiss: "Reports dismissed",
  hide: "Hidden",
  restore: "Restored",
  remove: "Removed",
  suspend: "Author suspended",
  reinstate: "Author reinstated",
};

// As sent: the action is checked here, the target and the reason by lib/moderation.
const moderationFields = z.object({
  action: z.unknown(),
  target_kind: z.unknown(),
  target_id: z.unknown(),
  reason: z.unknown(),
});

export const moderateAction = roleAction("moderator", moderationFields, fieldOf("reason"), async (userId, fields) => {
  const action = fields.action;
  if (typeof action !== "string" || !(MODERATION_ACTIONS as readonly string[]).includes(action))
    return { errors: { action: "Choose what to do." } };
  const target = targetInput.safeParse({ kind: fields.target_kind, id: fields.target_id });
  if (!target.success) return { errors: zodErrors(target.error) };
  const done = await moderate(db(), action as ModerationAction, {
    actor: { kind: "user", userId },
    target: target.data,
    reason: typeof fields.reason === "string" ? fields.reason : "",
  });
  revalidatePath("/dashboard/moderation", "layout");
  // A removed target's page is gone: back to the queue.
  if (done.action === "remove") redirect("/dashboard/moderation");
  return { ok: `${DONE[done.action]}: ${targetText(done.target)}.` };
});
