"use server";
/** Pull settings of a confirmed mod (docs/CONTRACT.md#pull) through the API's own functions. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { formAction } from "@/lib/dashboard/form-action";
import { findOwnMod } from "@/lib/dashboard/own-mod";
import { modIdInput } from "@/lib/mods/mod-id";
import { modInput } from "@/lib/mods/mod-input";
import { registerMods } from "@/lib/mods/register-mods";
import { reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";
import { workshop } from "@/lib/steam/workshop-client";

// An empty field clears the URL; anything else must pass the API's pull_url rule.
const pullForm = z.preprocess((v) => {
  const f = v as Record<string, string | undefined>;
  const url = (f.pull_url ?? "").trim();
  return { mod_id: f.mod_id, pull_url: url === "" ? null : url };
}, modInput);

export const setPullUrlAction = formAction(pullForm, "pull_url", async (userId, { workshopId, pullUrl }) => {
  await findOwnMod(db(), { userId, workshopId, confirmed: true });
  // The API's POST of an own mod with pull_url: only that field changes.
  await registerMods(db(), { userId, items: [{ workshopId, pullUrl: pullUrl ?? null }], steam: workshop() });
  await reconcileSchedules(db());
  revalidatePath(`/dashboard/mods/${workshopId}`);
  return { ok: pullUrl ? "Pull URL saved; the first pull is due now." : "Pull URL cleared." };
});

export const pullNowAction = formAction(z.object({ mod_id: modIdInput }), "form", async (userId, { mod_id }) => {
  const mod = await findOwnMod(db(), { userId, workshopId: mod_id, confirmed: true });
  if (!mod.pullUrl) return { errors: { form: "Set a pull URL first." } };
  await reconcileSchedules(db());
  const cfg = config();
  const outcome = await runPull(db(), mod.workshopId, {
    instanceId: `dashboard-${process.pid}`,
    intervalSeconds: cfg.PULL_INTERVAL_SECONDS > 0 ? cfg.PULL_INTERVAL_SECONDS : 86_400,
    guard: { allowPrivate: cfg.PULL_ALLOW_PRIVATE_HOSTS },
    force: true,
  });
  revalidatePath(`/dashboard/mods/${mod.workshopId}`);
  if (!outcome) return { errors: { form: "A pull of this mod is running already; try again in a moment." } };
  if (outcome.status === "error") return { errors: { form: outcome.message ?? "The pull failed." } };
  if (outcome.status === "unchanged") return { ok: "Pulled: the file has not changed." };
  return { ok: `Pulled: ${outcome.added} added, ${outcome.updated} updated, ${outcome.removed} removed.` };
});
