/**
 * What the spawn page shows: the engrams of some confirmed mods (or of everything), as
 * compact rows for the browser, with the mods' names and the latest change. Unknown or
 * unconfirmed mods are reported, not guessed at: the page answers 404 for them.
 */
import type { Db } from "@/lib/db/client";
import { classOf } from "@/lib/engrams/derive";
import { canonicalModId } from "@/lib/mods/mod-id";
import type { SpawnMod, SpawnRow } from "./spawn-filter";

export type SpawnCatalogue =
  | { found: true; mods: SpawnMod[]; rows: SpawnRow[]; lastChanged: Date | null; hasBaseGame: boolean }
  | { found: false; missing: string[] };

/** `mod_id` as the page gets it: comma-separated workshop ids, null for "all". */
export function parseModIdParam(value: string | undefined): { ids: string[]; invalid: string[] } | null {
  if (value === undefined || value.trim() === "") return null;
  const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    const id = canonicalModId(p);
    if (id === null) invalid.push(p);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, invalid };
}

export async function loadSpawnCatalogue(db: Db, options: { modIds: string[] | null }): Promise<SpawnCatalogue> {
  const { modIds } = options;
  const mods = await db.modRegistration.findMany({
    where: modIds === null ? { confirmedModId: { not: null } } : { confirmedModId: { in: modIds } },
    select: { workshopId: true, name: true },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  if (modIds !== null) {
    const known = new Set(mods.map((m) => m.workshopId));
    const missing = modIds.filter((id) => !known.has(id));
    if (missing.length > 0) return { found: false, missing };
  }
  const where = modIds === null ? {} : { modId: { in: modIds } };
  const [engrams, latest] = await Promise.all([
    db.engram.findMany({
      where,
      select: { path: true, label: true, environments: true, canBlueprint: true, modId: true },
      orderBy: [{ label: "asc" }, { uid: "asc" }],
    }),
    db.engram.aggregate({ where, _max: { updatedAt: true } }),
  ]);
  const modIndex = new Map(mods.map((m, i) => [m.workshopId, i]));
  const rows: SpawnRow[] = engrams.map((e) => [e.label, classOf(e.path), e.path, e.environments, e.canBlueprint, e.modId === null ? -1 : (modIndex.get(e.modId) ?? -1)]);
  return {
    found: true,
    mods: mods.map((m) => ({ id: m.workshopId, name: m.name })),
    rows,
    lastChanged: latest._max.updatedAt,
    hasBaseGame: rows.some((r) => r[5] === -1),
  };
}
