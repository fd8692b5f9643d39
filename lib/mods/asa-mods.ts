/**
 * ARK: Survival Ascended mods (CurseForge projects): registering and confirming them with
 * the Workshop mods' rules (register-mods.ts, confirm-mod.ts) and the CurseForge client
 * in Steam's place. `curseForge` null means the operator set no CURSEFORGE_API_KEY: both
 * then refuse with a 503 that says so, before anything is read or written, so a refusal
 * never leaves a registration half-made.
 */
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { NO_CURSEFORGE_KEY } from "@/lib/curseforge/curseforge-client";
import { asaModJson, type AsaModJson } from "@/lib/mods/asa-mod-json";
import { confirmMod } from "@/lib/mods/confirm-mod";
import type { ModInput } from "@/lib/mods/mod-input";
import { registerMods } from "@/lib/mods/register-mods";
import type { WorkshopClient } from "@/lib/steam/workshop-client";

function requireClient(client: WorkshopClient | null): WorkshopClient {
  if (!client) throw new ApiError("unavailable", NO_CURSEFORGE_KEY, { setting: "CURSEFORGE_API_KEY" });
  return client;
}

export async function registerAsaMods(
  db: Db,
  options: { userId: string; items: ModInput[]; curseForge: WorkshopClient | null },
): Promise<void> {
  const steam = requireClient(options.curseForge);
  await registerMods(db, { userId: options.userId, items: options.items, steam, game: "asa" });
}

/** true when the mod is now confirmed (by this caller); false while the code is not on CurseForge yet. */
export async function confirmAsaMod(
  db: Db,
  options: { userId: string; modId: string; curseForge: WorkshopClient | null },
): Promise<boolean> {
  const steam = requireClient(options.curseForge);
  const mod = await confirmMod(db, { userId: options.userId, workshopId: options.modId, steam, game: "asa" });
  return mod.confirmed;
}

/** The caller's ASA mods (all, or these ids), ordered by name. */
export async function listAsaMods(db: Db, options: { userId: string; modIds?: string[] }): Promise<AsaModJson[]> {
  const rows = await db.modRegistration.findMany({
    where: { userId: options.userId, game: "asa", ...(options.modIds ? { workshopId: { in: options.modIds } } : {}) },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  return rows.map((r) => asaModJson(r));
}
