/**
 * Reading mods: results depend on the caller (spec ownership rule 1), so every query is
 * scoped to the caller's own registrations, and to one game: the v1 interface's lists
 * and lookups are of Workshop (ASE) mods only.
 */
import { findInChunks, ROWS_PER_STATEMENT } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { modJson, type ModJson } from "@/lib/mods/mod-json";
import { bodyBytes, prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { cachedAtVersion, sharedCache, stringBytes } from "@/lib/cache/versioned-cache";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

/** The caller's mods, ordered by name (docs/CONTRACT.md#mods). */
export async function listMods(db: Db, options: { userId: string; game?: Game }): Promise<ModJson[]> {
  const rows = await db.modRegistration.findMany({
    where: { userId: options.userId, game: options.game ?? V1_GAME },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  return rows.map((r) => modJson(r));
}

const listBodies = sharedCache<CachedBody>("mod_lists", { maxBytes: 4 << 20, sizeOf: bodyBytes });

/** listMods, serialised, kept per user until the "mods" data version moves. */
export function modListBody(db: Db, options: { userId: string }): Promise<CachedBody> {
  return cachedAtVersion(db, "mods", listBodies, options.userId, async () =>
    prepareBody(JSON.stringify(await listMods(db, options))),
  );
}

/** The caller's registrations among these workshop ids, ordered by name. */
export async function findMods(
  db: Db,
  options: { userId: string; workshopIds: string[]; game?: Game },
): Promise<ModJson[]> {
  const orderBy = [{ name: "asc" as const }, { workshopId: "asc" as const }];
  const rows = await findInChunks(options.workshopIds, (part) =>
    db.modRegistration.findMany({
      where: { userId: options.userId, game: options.game ?? V1_GAME, workshopId: { in: part } },
      orderBy,
    }),
  );
  // Over one chunk (more ids than a URL holds, so rare) the chunks are merged in code order.
  if (options.workshopIds.length > ROWS_PER_STATEMENT) {
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    rows.sort((a, b) => cmp(a.name, b.name) || cmp(a.workshopId, b.workshopId));
  }
  return rows.map((r) => modJson(r));
}

const confirmedSets = sharedCache<Map<string, Game>>("confirmed_mods", {
  maxBytes: 2 << 20,
  sizeOf: (ids) => 100 + [...ids.keys()].reduce((n, id) => n + stringBytes(id) + 32, 0),
});

/** The ids of the user's confirmed mods (of both games) and each one's game, kept until the "mods" data version moves. */
export function confirmedModIds(db: Db, userId: string): Promise<Map<string, Game>> {
  return cachedAtVersion(db, "mods", confirmedSets, userId, async () => {
    const rows = await db.modRegistration.findMany({
      where: { userId, confirmed: true },
      select: { workshopId: true, game: true },
    });
    return new Map(rows.map((r) => [r.workshopId, r.game as Game]));
  });
}
