/**
 * Reading mods: results depend on the caller (spec ownership rule 1), so every query is
 * scoped to the caller's own registrations.
 */
import type { Db } from "@/lib/db/client";
import { modJson, type ModJson } from "@/lib/mods/mod-json";

/** The caller's mods, ordered by name (CONTRACT §5). */
export async function listMods(db: Db, options: { userId: string }): Promise<ModJson[]> {
  const rows = await db.modRegistration.findMany({ where: { userId: options.userId }, orderBy: [{ name: "asc" }, { workshopId: "asc" }] });
  return rows.map((r) => modJson(r));
}

/** The caller's registrations among these workshop ids, ordered by name. */
export async function findMods(db: Db, options: { userId: string; workshopIds: string[] }): Promise<ModJson[]> {
  const rows = await db.modRegistration.findMany({
    where: { userId: options.userId, workshopId: { in: options.workshopIds } },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  return rows.map((r) => modJson(r));
}
