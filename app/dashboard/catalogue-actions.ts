"use server";
/**
 * Engram and creature actions of the dashboard: lib/engrams behind the session and mod
 * ownership, one factory per action for both kinds (lib/engrams/item-kind.ts).
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { answerApiError, badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { MAX_APPLY_ITEMS, previewCatalogueUpload, type UploadPreview } from "@/lib/dashboard/catalogue-upload";
import { formAction } from "@/lib/dashboard/form-action";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { requireUser } from "@/lib/dashboard/session";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";
import { deleteEngrams } from "@/lib/engrams/delete-engrams";
import { itemFactsInput, itemInput } from "@/lib/engrams/engram-input";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { modIdInput } from "@/lib/mods/mod-id";

const modPage = (modId: string) => `/dashboard/mods/${modId}`;

/**
 * The form's fields as a catalogue row of the kind: ticked boxes are its maps, every
 * official map (the v1 environments are the v1 maps among them), and for engrams
 * can_blueprint. At least one map: the interface asks at least one environment of a
 * POST, and a map the form offers is the way to say where an item is.
 */
function itemForm(kind: ItemKind) {
  return z.preprocess(
    (v) => {
      const f = v as Record<string, string | string[] | undefined>;
      const item = {
        mod_id: f.mod_id,
        path: f.path,
        label: f.label,
        maps: f.maps === undefined ? [] : Array.isArray(f.maps) ? f.maps : [f.maps],
      };
      return kind === "engrams" ? { ...item, can_blueprint: f.can_blueprint === "true" } : item;
    },
    z
      .unknown()
      .superRefine((v, ctx) => {
        if ((v as { maps: string[] }).maps.length === 0)
          ctx.addIssue({ code: "custom", path: ["maps"], message: "Tick at least one map." });
      })
      .pipe(itemFactsInput(kind)),
  );
}

function saveAction(kind: ItemKind) {
  return formAction(
    itemForm(kind),
    (err) => (err.code === "conflict" ? "path" : "form"),
    async (userId, item) => {
      await findOwnMod(db(), { userId, workshopId: item.modId ?? "", confirmed: true });
      await postEngrams(db(), { userId, engrams: [item], kind });
      revalidatePath(modPage(item.modId!));
      return { ok: `Saved ${item.label}.` };
    },
  );
}

function deleteAction(kind: ItemKind) {
  const one = z.object({
    mod_id: modIdInput,
    uid: z.string().regex(/^[0-9a-f]{32}$/, `is not a ${itemKinds[kind].noun} uid`),
  });
  return formAction(one, "form", async (userId, { mod_id, uid }) => {
    await findOwnMod(db(), { userId, workshopId: mod_id, confirmed: true });
    await deleteEngrams(db(), { userId, ids: { uids: [uid], classKeys: [] }, kind });
    revalidatePath(modPage(mod_id));
    return { ok: "Deleted." };
  });
}

export const saveEngramAction = saveAction("engrams");
export const saveCreatureAction = saveAction("creatures");
export const deleteEngramAction = deleteAction("engrams");
export const deleteCreatureAction = deleteAction("creatures");

const kindOf = (value: unknown): ItemKind => {
  if (value === "engrams" || value === "creatures") return value;
  throw badRequest("kind must be engrams or creatures.");
};

export async function previewUploadAction(
  modId: string,
  kind: ItemKind,
  fileName: string,
  text: string,
): Promise<UploadPreview> {
  const userId = await requireUser();
  return answerApiError(
    async () => {
      const mod = await findOwnMod(db(), { userId, workshopId: String(modId), confirmed: true });
      return previewCatalogueUpload(db(), {
        modId: mod.workshopId,
        kind: kindOf(kind),
        fileName: String(fileName),
        text: String(text),
      });
    },
    (err): UploadPreview => ({ ok: false, message: err.message, errors: [], errorCount: 0 }),
  );
}

/** One slice of a previewed upload; each item is validated again with the kind's input schema. */
export async function applyUploadAction(
  modId: string,
  kind: ItemKind,
  items: unknown[],
): Promise<{ ok: boolean; message: string }> {
  const userId = await requireUser();
  const refused = await suspendedSessionRefusal(db(), userId);
  if (refused) return { ok: false, message: refused };
  return answerApiError(
    async () => {
      const mod = await findOwnMod(db(), { userId, workshopId: String(modId), confirmed: true });
      const k = kindOf(kind);
      const { noun } = itemKinds[k];
      if (!Array.isArray(items) || items.length === 0 || items.length > MAX_APPLY_ITEMS)
        return { ok: false, message: `Send 1 to ${MAX_APPLY_ITEMS} ${noun}s at a time.` };
      const records = [];
      for (const [index, item] of items.entries()) {
        const parsed = itemInput(k).safeParse(item);
        if (!parsed.success || parsed.data.modId !== mod.workshopId)
          return { ok: false, message: `Item ${index} is not a ${noun} of this mod.` };
        records.push(parsed.data);
      }
      await postEngrams(db(), { userId, engrams: records, kind: k });
      revalidatePath(modPage(mod.workshopId));
      return { ok: true, message: `Saved ${records.length}.` };
    },
    (err) => ({ ok: false, message: err.message }),
  );
}
