"use server";
/** Mod actions of the dashboard: the API's lib/mods functions behind the session. */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { formAction } from "@/lib/dashboard/form-action";
import { workshopIdFrom } from "@/lib/dashboard/workshop-ref";
import { confirmMod } from "@/lib/mods/confirm-mod";
import { deleteMods } from "@/lib/mods/delete-mods";
import { modIdInput } from "@/lib/mods/mod-id";
import { registerMods } from "@/lib/mods/register-mods";
import { workshop } from "@/lib/steam/workshop-client";

const modRef = z.object({
  mod: z.string({ error: "Enter a workshop id or URL." }).transform((v, ctx) => {
    const id = workshopIdFrom(v);
    if (id === null)
      ctx.addIssue({ code: "custom", message: "Enter a workshop id (digits) or a steamcommunity.com workshop URL." });
    return id ?? "";
  }),
});
const oneMod = z.object({ mod_id: modIdInput });

export const registerModAction = formAction(modRef, "mod", async (userId, { mod }) => {
  await registerMods(db(), { userId, items: [{ workshopId: mod, pullUrl: undefined }], steam: workshop() });
  revalidatePath("/dashboard");
  return { ok: `Registered mod ${mod}.` };
});

export const confirmModAction = formAction(oneMod, "form", async (userId, { mod_id }) => {
  const mod = await confirmMod(db(), { userId, workshopId: mod_id, steam: workshop() });
  if (!mod.confirmed)
    return {
      errors: {
        form: "The confirmation code is not in the mod's workshop description yet. Save the description on Steam, then try again.",
      },
    };
  revalidatePath("/dashboard");
  return { ok: "Confirmed." };
});

export const removeModAction = formAction(oneMod, "form", async (userId, { mod_id }) => {
  await deleteMods(db(), { userId, workshopIds: [mod_id] });
  revalidatePath("/dashboard");
  // Also leaves the mod's own page, which no longer exists.
  redirect("/dashboard");
});
