/**
 * What the spawn page shows, in two steps so the page can answer 404 (and paint its
 * header) before the heavy read: the confirmed mods asked for, then their engrams as
 * compact rows for the browser.
 *
 * The page renders only the first rows; the browser fetches all of them as JSON
 * (app/spawn/rows.json), so 20,000 engrams never weigh on the page's first paint.
 * Rows are cached per mod set, parsed and as JSON, with an ETag for the browser (one
 * cache for the page and rows.json, bounded in bytes). Reading 20,000 engrams through Prisma takes ~300 ms; the
 * cache is checked against (row count, latest updated_at, mods' order) with one indexed
 * aggregate, so any insert, update or delete made by any instance is seen at once.
 */
import { createHash } from "node:crypto";
import { sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { classOf } from "@/lib/engrams/derive";
import { canonicalModId } from "@/lib/mods/mod-id";
import type { SpawnMod, SpawnRow } from "./spawn-filter";

export type SpawnMods = { found: true; mods: SpawnMod[] } | { found: false; missing: string[] };

export interface SpawnRows {
  rows: SpawnRow[];
  /** JSON of `rows`, what app/spawn/rows.json serves */
  json: string;
  /** changes whenever the rows (or the mods' order) change */
  etag: string;
  lastChanged: Date | null;
  hasBaseGame: boolean;
}

/** Where the browser fetches a page's rows. */
export function spawnRowsUrl(modIds: string[]): string {
  return modIds.length === 0 ? "/spawn/rows.json" : `/spawn/rows.json?mod_id=${modIds.join(",")}`;
}

/** `mod_id` as the page gets it: comma-separated workshop ids, null for "all". */
export function parseModIdParam(value: string | undefined): { ids: string[]; invalid: string[] } | null {
  if (value === undefined || value.trim() === "") return null;
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const p of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    const id = canonicalModId(p);
    if (id === null) invalid.push(p);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, invalid };
}

/** The confirmed mods among `modIds` (null: all confirmed mods), ordered by name. */
export async function findSpawnMods(db: Db, modIds: string[] | null): Promise<SpawnMods> {
  const rows = await db.modRegistration.findMany({
    where: modIds === null ? { confirmedModId: { not: null } } : { confirmedModId: { in: modIds } },
    select: { workshopId: true, name: true },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  const mods = rows.map((m) => ({ id: m.workshopId, name: m.name }));
  if (modIds === null) return { found: true, mods };
  const known = new Set(mods.map((m) => m.id));
  const missing = modIds.filter((id) => !known.has(id));
  return missing.length > 0 ? { found: false, missing } : { found: true, mods };
}

// Rows as arrays weigh about twice their JSON; the compressed forms rows.json serves
// (lib/portal/spawn-rows-reply.ts) go with them, about a tenth more.
const cache = sharedCache<SpawnRows>("spawn.rows", { maxBytes: 24 << 20, sizeOf: (v) => Math.round(v.json.length * 3.1) });

/** The engrams of `mods` (all engrams when `all`), ordered by label like the v1 listing. */
export async function loadSpawnRows(db: Db, options: { mods: SpawnMod[]; all: boolean }): Promise<SpawnRows> {
  const where = options.all ? {} : { modId: { in: options.mods.map((m) => m.id) } };
  const stats = await db.engram.aggregate({ where, _count: { _all: true }, _max: { updatedAt: true } });
  const key = options.all ? "*" : options.mods.map((m) => m.id).sort().join(",");
  const version = `${stats._count._all}|${stats._max.updatedAt?.getTime() ?? 0}|${options.mods.map((m) => m.id).join(",")}`;
  return cache.get(key, version, async () => {
    const engrams = await db.engram.findMany({
      where,
      select: { path: true, label: true, environments: true, canBlueprint: true, modId: true },
      orderBy: [{ label: "asc" }, { uid: "asc" }],
    });
    const modIndex = new Map(options.mods.map((m, i) => [m.id, i]));
    const rows: SpawnRow[] = engrams.map((e) => [e.label, classOf(e.path), e.path, e.environments, e.canBlueprint, e.modId === null ? -1 : (modIndex.get(e.modId) ?? -1)]);
    const etag = createHash("sha256").update(`${key}|${version}`).digest("base64url").slice(0, 22);
    return { rows, json: JSON.stringify(rows), etag, lastChanged: stats._max.updatedAt, hasBaseGame: rows.some((r) => r[5] === -1) };
  });
}
