"use server";
/** Engram actions of the dashboard: lib/engrams behind the session and mod ownership. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { MAX_APPLY_ITEMS, previewEngramUpload, type UploadPreview } from "@/lib/dashboard/engram-upload";
import { formAction } from "@/lib/dashboard/form-action";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { requireUser } from "@/lib/dashboard/session";
import { deleteEngrams } from "@/lib/engrams/delete-engrams";
import { engramInput } from "@/lib/engrams/engram-input";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { modIdInput } from "@/lib/mods/mod-id";

const modPage = (modId: string) => `/dashboard/mods/${modId}`;

/** The form's fields as an engram POST item: ticked boxes are the environments. */
const engramForm = z.preprocess((v) => {
  const f = v as Record<string, string | string[] | undefined>;
  const env = f.environments;
  return { mod_id: f.mod_id, path: f.path, label: f.label, environments: env === undefined ? [] : Array.isArray(env) ? env : [env], can_blueprint: f.can_blueprint === "true" };
}, engramInput);

export const saveEngramAction = formAction(engramForm, (err) => (err.code === "conflict" ? "path" : "form"), async (userId, engram) => {
  await findOwnMod(db(), { userId, workshopId: engram.modId ?? "", confirmed: true });
  await postEngrams(db(), { userId, engrams: [engram] });
  revalidatePath(modPage(engram.modId!));
  return { ok: `Saved ${engram.label}.` };
});

const oneEngram = z.object({ mod_id: modIdInput, uid: z.string().regex(/^[0-9a-f]{32}$/, "is not an engram uid") });

export const deleteEngramAction = formAction(oneEngram, "form", async (userId, { mod_id, uid }) => {
  await findOwnMod(db(), { userId, workshopId: mod_id, confirmed: true });
  await deleteEngrams(db(), { userId, ids: { uids: [uid], classKeys: [] } });
  revalidatePath(modPage(mod_id));
  return { ok: "Deleted." };
});

export async function previewUploadAction(modId: string, fileName: string, text: string): Promise<UploadPreview> {
  const userId = await requireUser();
  try {
    const mod = await findOwnMod(db(), { userId, workshopId: String(modId), confirmed: true });
    return await previewEngramUpload(db(), { modId: mod.workshopId, fileName: String(fileName), text: String(text) });
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message, errors: [], errorCount: 0 };
    throw err;
  }
}

/** One slice of a previewed upload; each item is validated again with engramInput. */
export async function applyUploadAction(modId: string, items: unknown[]): Promise<{ ok: boolean; message: string }> {
  const userId = await requireUser();
  try {
    const mod = await findOwnMod(db(), { userId, workshopId: String(modId), confirmed: true });
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_APPLY_ITEMS) return { ok: false, message: `Send 1 to ${MAX_APPLY_ITEMS} engrams at a time.` };
    const engrams = [];
    for (const [index, item] of items.entries()) {
      const parsed = engramInput.safeParse(item);
      if (!parsed.success || parsed.data.modId !== mod.workshopId) return { ok: false, message: `Item ${index} is not an engram of this mod.` };
      engrams.push(parsed.data);
    }
    await postEngrams(db(), { userId, engrams });
    revalidatePath(modPage(mod.workshopId));
    return { ok: true, message: `Saved ${engrams.length}.` };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message };
    throw err;
  }
}
