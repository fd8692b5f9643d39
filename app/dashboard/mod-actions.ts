"use server";
/** Mod actions of the dashboard: the API's lib/mods functions behind the session. */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { formAction } from "@/lib/dashboard/form-action";
import { workshopIdFrom } from "@/lib/dashboard/workshop-ref";
import { curseForge } from "@/lib/curseforge/curseforge-client";
import { confirmAsaMod, registerAsaMods } from "@/lib/mods/asa-mods";
import { confirmMod } from "@/lib/mods/confirm-mod";
import { deleteMods } from "@/lib/mods/delete-mods";
import { canonicalModId, modIdInput } from "@/lib/mods/mod-id";
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
// A CurseForge project page's address carries only its slug, so the project id is typed.
const projectRef = z.object({
  project: z.string({ error: "Enter the CurseForge project id." }).transform((v, ctx) => {
    const id = canonicalModId(v);
    if (id === null)
      ctx.addIssue({
        code: "custom",
        message: "Enter the CurseForge project id (digits, shown on the project's page).",
      });
    return id ?? "";
  }),
});
// Removal names the game: the same id is never registered in both, but each game's rows are removed by its own rules.
const removal = z.object({ mod_id: modIdInput, game: z.enum(["ase", "asa"]).default("ase") });

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

export const registerAsaModAction = formAction(projectRef, "project", async (userId, { project }) => {
  await registerAsaMods(db(), {
    userId,
    items: [{ workshopId: project, pullUrl: undefined }],
    curseForge: curseForge(),
  });
  revalidatePath("/dashboard");
  return { ok: `Registered ASA mod ${project}.` };
});

export const confirmAsaModAction = formAction(oneMod, "form", async (userId, { mod_id }) => {
  if (!(await confirmAsaMod(db(), { userId, modId: mod_id, curseForge: curseForge() })))
    return {
      errors: {
        form: "The confirmation code is not in the project's summary or description on CurseForge yet. Save it there, then try again.",
      },
    };
  revalidatePath("/dashboard");
  return { ok: "Confirmed." };
});

export const removeModAction = formAction(
  removal,
  "form",
  async (userId, { mod_id, game }) => {
    await deleteMods(db(), { userId, workshopIds: [mod_id], game });
    revalidatePath("/dashboard");
    // Also leaves the mod's own page, which no longer exists.
    redirect("/dashboard");
  },
  { destroys: true },
);
