/**
 * The public engram and creature catalogues, served from memory (issue 8). A kind's
 * catalogue is rebuilt from the database when its data version ("engrams",
 * "creatures") moves, which triggers in the database guarantee on every write by any
 * instance; between writes a read costs one version lookup. Listing bodies (all items,
 * one set of mods, no mod) are kept serialised and compressed; lookups by uid or class
 * come from indexes over the catalogue, in the same order as the database would give
 * them (label, then uid).
 */
import { VersionedCache } from "@/lib/cache/versioned-cache";
import { prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { dataVersion } from "@/lib/cache/data-version";
import type { Db } from "@/lib/db/client";
import type { EngramIds } from "@/lib/engrams/engram-id";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { listItems, type ItemJson } from "@/lib/engrams/find-engrams";
import type { ItemKind } from "@/lib/engrams/item-kind";

interface Catalogue {
  all: ItemJson[];
  position: Map<string, number>;
  byClass: Map<string, ItemJson[]>;
  /** mod id ("" for no mod) -> its items, in catalogue order */
  byMod: Map<string, ItemJson[]>;
}

function push(map: Map<string, ItemJson[]>, key: string, e: ItemJson): void {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}

function index(all: ItemJson[]): Catalogue {
  const position = new Map<string, number>();
  const byClass = new Map<string, ItemJson[]>();
  const byMod = new Map<string, ItemJson[]>();
  all.forEach((e, i) => {
    position.set(e.uid, i);
    push(byClass, e.class.toLowerCase(), e);
    push(byMod, e.mod_id === null ? "" : String(e.mod_id), e);
  });
  return { all, position, byClass, byMod };
}

const catalogues = new VersionedCache<Catalogue>(2, "engram_catalogue");
const bodies = new VersionedCache<CachedBody>(500, "engram_lists");

async function catalogue(db: Db, kind: ItemKind): Promise<{ version: number; catalogue: Catalogue }> {
  const version = await dataVersion(db, kind);
  return { version, catalogue: await catalogues.get(kind, version, async () => index(await listItems(db, kind))) };
}

/** undefined: every item; null: those of no mod; a list: those of these mods. */
export async function itemListBody(db: Db, kind: ItemKind, mods?: string[] | null): Promise<CachedBody> {
  const key = mods === undefined ? "*" : mods === null ? "" : [...new Set(mods)].sort().join(",");
  const { version, catalogue: c } = await catalogue(db, kind);
  return bodies.get(`${kind}:${key}`, version, async () => {
    if (mods === undefined) return prepareBody(JSON.stringify(c.all));
    const list = (mods === null ? [""] : [...new Set(mods)]).flatMap((m) => c.byMod.get(m) ?? []);
    if (mods !== null && mods.length > 1) list.sort((a, b) => c.position.get(a.uid)! - c.position.get(b.uid)!);
    return prepareBody(JSON.stringify(list));
  });
}

/** The items matching these uids or classes, in catalogue order. */
export async function findCatalogueItems(db: Db, kind: ItemKind, ids: EngramIds): Promise<ItemJson[]> {
  const { catalogue: c } = await catalogue(db, kind);
  const found = new Map<string, ItemJson>();
  for (const uid of ids.uids) {
    const i = c.position.get(uid);
    if (i !== undefined) found.set(uid, c.all[i]!);
  }
  for (const key of ids.classKeys) for (const e of c.byClass.get(key) ?? []) found.set(e.uid, e);
  return [...found.values()].sort((a, b) => c.position.get(a.uid)! - c.position.get(b.uid)!);
}

/** Every engram, in catalogue order (label, then uid). */
export async function allEngrams(db: Db): Promise<{ version: number; engrams: EngramJson[] }> {
  const { version, catalogue: c } = await catalogue(db, "engrams");
  return { version, engrams: c.all as EngramJson[] };
}

export const engramListBody = (db: Db, mods?: string[] | null): Promise<CachedBody> => itemListBody(db, "engrams", mods);

export async function findCatalogueEngrams(db: Db, ids: EngramIds): Promise<EngramJson[]> {
  return (await findCatalogueItems(db, "engrams", ids)) as EngramJson[];
}
