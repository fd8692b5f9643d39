/**
 * What the spawn page shows, in two steps so the page can answer 404 (and paint its
 * header) before the heavy read: the confirmed mods asked for, then their engrams (or
 * creatures: the Creatures tab) as compact rows for the browser, sorted by label in the
 * reader's locale. For views that show GFI codes, engram rows carry their code
 * (lib/catalogue/gfi-code-table.ts, over the base game and the page's mods, computed
 * once per engram data version); other views never wait for the codes, which take
 * about a second to compute for 20,000 engrams after any engram changes anywhere.
 *
 * The page renders only the first rows; the browser fetches all of them as JSON
 * (/spawn/rows.json, lib/spawn/spawn-rows-reply.ts), so 20,000 engrams never weigh on the page's first paint.
 * Rows are cached per kind and scope (read once, in the database's order) and per locale
 * (sorted, as JSON, with an ETag for the browser). Reading 20,000 engrams through Prisma
 * takes ~300 ms and sorting them ~100 ms; the cache is checked against (row count, latest
 * updated_at, mods' order), one indexed aggregate per scope made again only once the
 * kind's data version has moved, so any insert, update or delete made by any instance is
 * seen at once while a change elsewhere re-reads no other scope's rows. The mods a scope
 * names are kept per version of the mods. One cache for the page and rows.json, bounded
 * in bytes (an entry is counted again each time it gains a locale's order or GFI codes).
 */
import { etagOf } from "@/lib/cache/cached-body";
import { sortByLabel } from "@/lib/catalogue/item-order";
import { cachedAtVersion, sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { gfiCodeTable, type GfiCodeTable } from "@/lib/catalogue/gfi-code-table";
import { classOf } from "@/lib/engrams/derive";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { canonicalModId } from "@/lib/mods/mod-id";
import { creatureFacet, variantRank } from "@/lib/catalogue/creature-variants";
import { placedMapsMask } from "@/lib/catalogue/map-folders";
import { categoryNumber } from "@/lib/catalogue/item-categories";
import { categoryCounts, mapCounts, tameableCount, type SpawnMod, type SpawnRow } from "./spawn-filter";
import { ALL_ENGRAMS, scopeKey, scopeParam, type SpawnScope } from "./spawn-scope";
import type { RowSource } from "./spawn-view";
import { parseGame, V1_GAME, type Game } from "@/lib/catalogue/game";

export type SpawnMods = { found: true; mods: SpawnMod[] } | { found: false; missing: string[] };

export interface SpawnRows {
  rows: SpawnRow[];
  /** JSON of `rows`, what /spawn/rows.json serves */
  json: string;
  /** quoted (lib/cache/cached-body etagOf); changes whenever the rows (or the mods' order, or the locale) change */
  etag: string;
  lastChanged: Date | null;
  hasBaseGame: boolean;
  /** rows marked for each map, in GAME_MAPS order */
  mapCounts: number[];
  /** engrams: rows per category number (spawn-filter categoryCounts); creatures: [tameable rows] */
  facetCounts: number[];
}

/** Where the browser fetches a page's rows; the locale is in the URL so each order has its own cache entry. */
export function spawnRowsUrl(scope: SpawnScope, locale: string, source: RowSource = "items"): string {
  const p = new URLSearchParams();
  const modId = scopeParam(scope);
  if (modId !== null) p.set("mod_id", modId);
  if (scope.game === "asa") p.set("game", "asa");
  p.set("locale", locale);
  if (source === "creatures") p.set("kind", "creatures");
  if (source === "gfi") p.set("gfi", "1");
  return `/spawn/rows.json?${p.toString().replace(/%2C/gi, ",")}`;
}

/** The scope of a `mod_id` value (lib/spawn/spawn-scope), and the ids in it that are not workshop ids. */
export function parseSpawnScope(
  value: string | undefined,
  gameValue?: string,
): { scope: SpawnScope; invalid: string[] } {
  const parsed = parseScope(value);
  return parseGame(gameValue) === "asa" ? { ...parsed, scope: { ...parsed.scope, game: "asa" } } : parsed;
}

function parseScope(value: string | undefined): { scope: SpawnScope; invalid: string[] } {
  if (value === undefined) return { scope: ALL_ENGRAMS, invalid: [] };
  const ids: string[] = [];
  const invalid: string[] = [];
  for (const p of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const id = canonicalModId(p);
    if (id === null) invalid.push(p);
    else if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0 && invalid.length === 0) return { scope: { kind: "base" }, invalid };
  return { scope: { kind: "mods", ids }, invalid };
}

/** The confirmed mods of a scope (all confirmed mods for every engram, none for the base game), ordered by name. */
const spawnMods = sharedCache<SpawnMods>("spawn_mods", {
  maxBytes: 4 << 20,
  sizeOf: (m) =>
    64 +
    (m.found
      ? m.mods.reduce((n, mod) => n + 64 + mod.id.length + mod.name.length, 0)
      : m.missing.reduce((n, id) => n + 40 + id.length, 0)),
});

export async function findSpawnMods(db: Db, scope: SpawnScope): Promise<SpawnMods> {
  if (scope.kind === "base") return { found: true, mods: [] };
  const game = scope.game ?? V1_GAME;
  return cachedAtVersion(db, "mods", spawnMods, scopeKey(scope), () => readSpawnMods(db, scope, game));
}

async function readSpawnMods(db: Db, scope: Exclude<SpawnScope, { kind: "base" }>, game: Game): Promise<SpawnMods> {
  const rows = await db.modRegistration.findMany({
    where: scope.kind === "all" ? { confirmedModId: { not: null }, game } : { confirmedModId: { in: scope.ids }, game },
    select: { workshopId: true, name: true },
    orderBy: [{ name: "asc" }, { workshopId: "asc" }],
  });
  const mods = rows.map((m) => ({ id: m.workshopId, name: m.name }));
  if (scope.kind === "all") return { found: true, mods };
  const known = new Set(mods.map((m) => m.id));
  const missing = scope.ids.filter((id) => !known.has(id));
  return missing.length > 0 ? { found: false, missing } : { found: true, mods };
}

/** Rows in the database's order and their sorted copies per locale. */
interface RowSet {
  rows: SpawnRow[];
  byLocale: Map<string, SpawnRows>;
}

interface ScopeEntry {
  lastChanged: Date | null;
  /** the rows as read, and each one's uid (what GFI codes are keyed by) */
  plain: RowSet & { bytes: number };
  uids: string[];
  /** the same rows with the GFI codes they were given (engrams, once a view asked for them) */
  coded: (RowSet & { codes: GfiCodeTable; bytes: number }) | null;
}

const MAX_LOCALES = 4;

/**
 * What rows hold as arrays of strings (V8: ~24 bytes a string header, 8 a slot), roughly:
 * 7.8 MB estimated for 20,000 rows and their uids, 7.9 MB measured on the heap.
 */
function rowsBytes(rows: readonly SpawnRow[]): number {
  let n = 32;
  for (const r of rows) n += 160 + r[0].length + r[1].length + r[2].length;
  return n;
}

/**
 * A locale's sorted copy: its array, its JSON, and what rows.json keeps beside it
 * (lib/spawn/spawn-rows-reply.ts): the JSON's bytes again and their compressed forms,
 * about a fifth more. Measured for 20,000 rows (4.1 MB of JSON): 4.6 MB for the copy and
 * its JSON, 5.1 MB for the prepared body.
 */
const sortedBytes = (sorted: SpawnRows) => 32 + sorted.rows.length * 8 + Math.round(sorted.json.length * 2.2);

function entryBytes(entry: ScopeEntry): number {
  const sets = [entry.plain, ...(entry.coded ? [entry.coded] : [])];
  const copies = new Set(sets.flatMap((set) => [...set.byLocale.values()]));
  return (
    sets.reduce((n, set) => n + set.bytes, 0) +
    entry.uids.length * 64 +
    [...copies].reduce((n, sorted) => n + sortedBytes(sorted), 0)
  );
}

// A scope larger than the bound is served but not kept, so read again on every visit: 64 MiB
// keeps a 20,000-engram mod with GFI codes in two locales (~37 MB by these estimates) and
// every engram of a 50,000-engram catalogue in one locale (~45 MB).
const cache = sharedCache<ScopeEntry>("spawn_rows", { maxBytes: 64 << 20, sizeOf: entryBytes });

type Where = { game: Game; modId?: null | { in: string[] } };

const whereOf = (scope: SpawnScope, mods: readonly SpawnMod[], game: Game = scope.game ?? V1_GAME): Where =>
  scope.kind === "all"
    ? { game }
    : scope.kind === "base"
      ? { game, modId: null }
      : { game, modId: { in: mods.map((m) => m.id) } };

/** The mods whose engrams the GFI codes are unique among, with the base game's (null: every mod). */
const gfiMods = (scope: SpawnScope): string[] | null =>
  scope.kind === "all" ? null : scope.kind === "base" ? [] : scope.ids;

interface ScopeStats {
  count: number;
  lastChanged: Date | null;
}

const scopeStats = sharedCache<ScopeStats>("spawn_stats", { maxBytes: 1 << 20, sizeOf: () => 160 });

/** A scope's row count and latest change, read again once its kind's data version moved. */
function statsOf(db: Db, kind: ItemKind, scope: SpawnScope, where: Where): Promise<ScopeStats> {
  return cachedAtVersion(db, kind, scopeStats, `${kind}:${scopeKey(scope)}`, async () => {
    const args = { where, _count: { _all: true }, _max: { updatedAt: true } } as const;
    const s = kind === "engrams" ? await db.engram.aggregate(args) : await db.creature.aggregate(args);
    return { count: s._count._all, lastChanged: s._max.updatedAt };
  });
}

/** How many engrams or creatures a page's scope has (the other tab's count), from the index. */
export async function countSpawnRows(
  db: Db,
  options: { scope: SpawnScope; mods: SpawnMod[]; kind: ItemKind; game?: Game },
): Promise<number> {
  const where = whereOf(options.scope, options.mods, options.game);
  return (await statsOf(db, options.kind, options.scope, where)).count;
}

/** A scope's rows with what the page shows of them: every known map, and the facet (spawn-filter.ts). */
async function readRows(db: Db, kind: ItemKind, where: Where) {
  const select = { uid: true, path: true, label: true, environments: true, maps: true, modId: true } as const;
  if (kind === "engrams")
    return (await db.engram.findMany({ where, select: { ...select, canBlueprint: true, category: true } })).map(
      ({ category, ...e }) => ({ ...e, facet: categoryNumber(category) }),
    );
  return (await db.creature.findMany({ where, select: { ...select, tameable: true, listedAs: true } })).map(
    ({ tameable, listedAs, ...c }) => ({
      ...c,
      canBlueprint: false,
      facet: creatureFacet({ path: c.path, className: classOf(c.path), label: c.label, tameable, listedAs }),
    }),
  );
}

/**
 * The engrams (or creatures) of a scope, sorted by label in `locale`'s order (ties by
 * path); with `gfi`, engram rows carry their GFI codes.
 */
export async function loadSpawnRows(
  db: Db,
  options: { scope: SpawnScope; mods: SpawnMod[]; locale: string; kind?: ItemKind; gfi?: boolean; game?: Game },
): Promise<SpawnRows> {
  const { scope, mods, locale, kind = "engrams" } = options;
  const game = options.game ?? scope.game ?? V1_GAME;
  const where = whereOf(scope, mods, game);
  const stats = await statsOf(db, kind, scope, where);
  const key = `${kind}:${scopeKey(scope)}`;
  const version = `${stats.count}|${stats.lastChanged?.getTime() ?? 0}|${mods.map((m) => m.id).join(",")}`;
  const entry = await cache.get(key, version, async () => {
    const items = await readRows(db, kind, where);
    const modIndex = new Map(mods.map((m, i) => [m.id, i]));
    const rows: SpawnRow[] = items.map((e) => [
      e.label,
      classOf(e.path),
      e.path,
      placedMapsMask({ ...e, game }),
      e.canBlueprint,
      e.modId === null ? -1 : (modIndex.get(e.modId) ?? -1),
      e.facet,
    ]);
    return {
      lastChanged: stats.lastChanged,
      plain: { rows, byLocale: new Map(), bytes: rowsBytes(rows) },
      uids: items.map((e) => e.uid),
      coded: null,
    };
  });

  let set: RowSet = entry.plain;
  let grew = false;
  // GFI codes are ASE's (docs/CATALOGUE.md, "Two games"): an ASA view never asks for them.
  if (options.gfi && kind === "engrams" && game === V1_GAME) {
    const codes = await gfiCodeTable(db, gfiMods(scope));
    // New codes (an engram anywhere in the scope's GFI set changed): new rows, new orders.
    if (entry.coded?.codes !== codes) {
      const { uids } = entry;
      const rows = entry.plain.rows.map(([label, className, path, maps, canBlueprint, mod, facet], i): SpawnRow => [
        label,
        className,
        path,
        maps,
        canBlueprint,
        mod,
        facet,
        codes.get(uids[i]!) ?? null,
      ]);
      // New arrays over the same strings, plus the codes.
      entry.coded = {
        codes,
        rows,
        byLocale: new Map(),
        bytes: rows.reduce((n, r) => n + 96 + (r[7]?.length ?? 0), 32),
      };
      grew = true;
    }
    set = entry.coded;
  }
  grew ||= !set.byLocale.has(locale);
  const sorted = sortedFor(set, locale, entry.lastChanged, kind);
  if (grew) cache.remeasure(key, entry);
  return sorted;
}

/** A row set in a locale's order, as JSON with an ETag; kept per locale (at most MAX_LOCALES). */
function sortedFor(set: RowSet, locale: string, lastChanged: Date | null, kind: ItemKind): SpawnRows {
  let sorted = set.byLocale.get(locale);
  if (!sorted) {
    // Creatures of one name: the creature itself (tameable first) before its variants, so
    // a search for "rex" gives the Rex before the mission copies also labelled "Rex".
    const rows = sortByLabel(
      [...set.rows],
      locale,
      (r) => r[0],
      kind === "creatures" ? (r) => `${String(variantRank(r[6])).padStart(2, "0")}${r[2]}` : (r) => r[2],
    );
    // Most locales order most catalogues alike (en, en-US, de, fr for ASCII labels): share one copy.
    sorted = [...set.byLocale.values()].find((other) => sameOrder(other.rows, rows));
    if (!sorted) {
      const json = JSON.stringify(rows);
      // Of the content itself: instances that built the same rows agree, and rows with other GFI codes never share a tag.
      const etag = etagOf(json);
      sorted = {
        rows,
        json,
        etag,
        lastChanged,
        hasBaseGame: rows.some((r) => r[5] === -1),
        mapCounts: mapCounts(rows),
        facetCounts: kind === "creatures" ? [tameableCount(rows)] : categoryCounts(rows),
      };
    }
    set.byLocale.set(locale, sorted);
    if (set.byLocale.size > MAX_LOCALES) set.byLocale.delete(set.byLocale.keys().next().value!);
  }
  return sorted;
}

/** The same row objects in the same order. */
function sameOrder(a: readonly SpawnRow[], b: readonly SpawnRow[]): boolean {
  return a.length === b.length && a.every((row, i) => row === b[i]);
}
