/**
 * The public engram and creature catalogues, served from memory (docs/CONTRACT.md#caching). A kind's
 * catalogue is rebuilt from the database when its data version ("engrams",
 * "creatures") moves, which triggers in the database guarantee on every write by any
 * instance; between writes a read costs one version lookup.
 *
 * Kept compact, to hold the server's memory down: a kind's whole catalogue as one serialised JSON array (the
 * body of GET /v1/engram.php or /v1/creature.php, with its gzip and brotli forms) and,
 * per item, where its object starts in it, plus indexes by uid, class and mod that hold
 * positions. Listing bodies of some mods are cut from it; lookups by uid or class return
 * its bytes or, for callers that need objects, parse just the items found. At 50,000
 * engrams this is the 25 MB body and ~8 MB of indexes, where keeping every engram as an
 * object beside its JSON took 213 MB (docs/BENCHMARKS.md). The order is the database's:
 * label, then uid. One catalogue per kind and game (ASA's only for the extensions that ask).
 */
import { bodyBytes, prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { dataVersion } from "@/lib/cache/data-version";
import { sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import type { EngramIds } from "@/lib/engrams/engram-id";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { listItemsInPages, type ItemJson } from "@/lib/engrams/find-engrams";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

interface Catalogue {
  /** every item: the body, ETag and compressed forms of the kind's GET listing */
  all: CachedBody;
  /** byte offset of item i's object in all.body; starts[n] = all.body.length */
  starts: Uint32Array;
  position: Map<string, number>;
  /** class key -> position, or positions when several items share a class */
  byClass: Map<string, number | number[]>;
  /** mod id ("" for no mod) -> positions, in catalogue order */
  byMod: Map<string, Uint32Array>;
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

async function build(db: Db, kind: ItemKind, game: Game): Promise<Catalogue> {
  const parts: Buffer[] = [];
  const position = new Map<string, number>();
  const byClass = new Map<string, number | number[]>();
  const mods = new Map<string, number[]>();
  const lengths: number[] = [];
  // Page by page, so the rows and objects of 50,000 items never exist all at once.
  for await (const page of listItemsInPages(db, kind, undefined, game)) {
    for (const e of page) {
      const i = lengths.length;
      const json = Buffer.from(JSON.stringify(e));
      if (i > 0) parts.push(COMMA);
      parts.push(json);
      lengths.push(json.length);
      position.set(e.uid, i);
      const key = e.class.toLowerCase();
      const seen = byClass.get(key);
      byClass.set(key, seen === undefined ? i : Array.isArray(seen) ? [...seen, i] : [seen, i]);
      const mod = e.mod_id === null ? "" : String(e.mod_id);
      const list = mods.get(mod);
      if (list) list.push(i);
      else mods.set(mod, [i]);
    }
  }
  const body = Buffer.concat([OPEN, ...parts, CLOSE]);
  const starts = new Uint32Array(lengths.length + 1);
  let at = 1;
  lengths.forEach((length, i) => {
    starts[i] = at;
    at += length + 1;
  });
  starts[lengths.length] = body.length;
  const byMod = new Map([...mods].map(([mod, list]) => [mod, Uint32Array.from(list)]));
  return { all: await prepareBody(body), starts, position, byClass, byMod };
}

/** The bytes of item i's JSON object. */
function slice(c: Catalogue, i: number): Buffer {
  return c.all.body.subarray(c.starts[i]!, c.starts[i + 1]! - 1);
}

/** A JSON array of these items, cut from the catalogue's body. */
function arrayOf(c: Catalogue, positions: ArrayLike<number>): Buffer {
  const chunks: Buffer[] = [OPEN];
  for (let k = 0; k < positions.length; k++) chunks.push(...(k > 0 ? [COMMA] : []), slice(c, positions[k]!));
  chunks.push(CLOSE);
  return Buffer.concat(chunks);
}

function catalogueBytes(c: Catalogue): number {
  // Map entries of a 32-character key ~100 bytes, the rest by their arrays.
  return (
    bodyBytes(c.all) +
    c.starts.byteLength +
    c.position.size * 100 +
    c.byClass.size * 90 +
    [...c.byMod.values()].reduce((n, a) => n + a.byteLength + 100, 0)
  );
}

// One catalogue per kind and game: the entry bound only keeps a fifth one from piling up while a rebuild runs.
const catalogues = sharedCache<Catalogue>("engram_catalogue", {
  maxBytes: 1 << 30,
  maxEntries: 4,
  sizeOf: catalogueBytes,
});
// Bodies of mod sets other than all: what a burst of distinct ?mod_id= lists may hold.
const bodies = sharedCache<CachedBody>("engram_lists", { maxBytes: 16 << 20, sizeOf: bodyBytes });

/**
 * The pages are separate reads, so a write that commits during a build could show in
 * some of them only (an item whose label changed, twice). A build during which the
 * data version moved is made again (at most 3 times; by then writes are arriving faster
 * than the catalogue can be read, and the last build is used).
 */
async function consistentBuild(db: Db, kind: ItemKind, game: Game, version: number): Promise<Catalogue> {
  let before = version;
  for (let attempt = 1; ; attempt++) {
    const built = await build(db, kind, game);
    const after = await dataVersion(db, kind);
    if (after === before || attempt === 3) return built;
    before = after;
  }
}

/** The cache key of a kind's catalogue in a game: ASE's is the kind alone. */
const keyOf = (kind: ItemKind, game: Game) => (game === V1_GAME ? kind : `${kind}:${game}`);

async function catalogue(
  db: Db,
  kind: ItemKind,
  game: Game = V1_GAME,
): Promise<{ version: number; catalogue: Catalogue }> {
  const version = await dataVersion(db, kind);
  return {
    version,
    catalogue: await catalogues.get(keyOf(kind, game), version, () => consistentBuild(db, kind, game, version)),
  };
}

/** undefined: every item; null: those of no mod; a list: those of these mods. */
export async function itemListBody(
  db: Db,
  kind: ItemKind,
  mods?: string[] | null,
  game: Game = V1_GAME,
): Promise<CachedBody> {
  const { version, catalogue: c } = await catalogue(db, kind, game);
  if (mods === undefined) return c.all;
  const key = mods === null ? "" : [...new Set(mods)].sort().join(",");
  return bodies.get(`${keyOf(kind, game)}:${key}`, version, async () => {
    const lists = (mods === null ? [""] : [...new Set(mods)]).map((m) => c.byMod.get(m) ?? new Uint32Array());
    const positions = lists.length === 1 ? lists[0]! : Uint32Array.from(lists.flatMap((l) => [...l])).sort();
    return prepareBody(arrayOf(c, positions));
  });
}

function positionsOf(c: Catalogue, ids: EngramIds): number[] {
  const found = new Set<number>();
  for (const uid of ids.uids) {
    const i = c.position.get(uid);
    if (i !== undefined) found.add(i);
  }
  for (const key of ids.classKeys) {
    const i = c.byClass.get(key);
    if (i !== undefined) for (const p of Array.isArray(i) ? i : [i]) found.add(p);
  }
  return [...found].sort((a, b) => a - b);
}

/** The items matching these uids or classes, in catalogue order. */
export async function findCatalogueItems(
  db: Db,
  kind: ItemKind,
  ids: EngramIds,
  game: Game = V1_GAME,
): Promise<ItemJson[]> {
  const { catalogue: c } = await catalogue(db, kind, game);
  return positionsOf(c, ids).map((i) => JSON.parse(slice(c, i).toString()) as ItemJson);
}

/**
 * findCatalogueItems as the v1 reply's JSON, cut from the catalogue without parsing:
 * one object when `single` and one item matched, else an array; null when none did.
 */
export async function catalogueItemsJson(
  db: Db,
  kind: ItemKind,
  ids: EngramIds,
  single: boolean,
  game: Game = V1_GAME,
): Promise<Buffer | null> {
  const { catalogue: c } = await catalogue(db, kind, game);
  const positions = positionsOf(c, ids);
  if (positions.length === 0) return null;
  return single && positions.length === 1 ? slice(c, positions[0]!) : arrayOf(c, positions);
}

/**
 * Every engram, in catalogue order (label, then uid), for callers that keep what they
 * make of them per version (GFI codes, the item picker): `read()` parses the catalogue's
 * body, so call it only when that version's result is not cached yet. The catalogue
 * itself keeps no objects (see the header).
 */
export async function allEngrams(db: Db): Promise<{ version: number; read: () => EngramJson[] }> {
  const { version, catalogue: c } = await catalogue(db, "engrams");
  return { version, read: () => JSON.parse(c.all.body.toString()) as EngramJson[] };
}

export const engramListBody = (db: Db, mods?: string[] | null): Promise<CachedBody> =>
  itemListBody(db, "engrams", mods);

export async function findCatalogueEngrams(db: Db, ids: EngramIds): Promise<EngramJson[]> {
  return (await findCatalogueItems(db, "engrams", ids)) as EngramJson[];
}
