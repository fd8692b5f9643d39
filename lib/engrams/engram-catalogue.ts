/**
 * The public engram catalogue, served from memory (issue 8). Everything is rebuilt
 * from the database when the "engrams" data version moves, which triggers in the
 * database guarantee on every write by any instance; between writes a read costs one
 * version lookup. Listing bodies (all engrams, one set of mods, no mod) are kept
 * serialised and compressed; lookups by uid or class come from indexes over the
 * catalogue, in the same order as the database would give them (label, then uid).
 */
import { VersionedCache } from "@/lib/cache/versioned-cache";
import { prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { dataVersion } from "@/lib/cache/data-version";
import type { Db } from "@/lib/db/client";
import type { EngramIds } from "@/lib/engrams/engram-id";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { listEngrams } from "@/lib/engrams/find-engrams";

interface Catalogue {
  all: EngramJson[];
  position: Map<string, number>;
  byClass: Map<string, EngramJson[]>;
  /** mod id ("" for no mod) -> its engrams, in catalogue order */
  byMod: Map<string, EngramJson[]>;
}

function push(map: Map<string, EngramJson[]>, key: string, e: EngramJson): void {
  const list = map.get(key);
  if (list) list.push(e);
  else map.set(key, [e]);
}

function index(all: EngramJson[]): Catalogue {
  const position = new Map<string, number>();
  const byClass = new Map<string, EngramJson[]>();
  const byMod = new Map<string, EngramJson[]>();
  all.forEach((e, i) => {
    position.set(e.uid, i);
    push(byClass, e.class.toLowerCase(), e);
    push(byMod, e.mod_id === null ? "" : String(e.mod_id), e);
  });
  return { all, position, byClass, byMod };
}

const catalogues = new VersionedCache<Catalogue>(1, "engram_catalogue");
const bodies = new VersionedCache<CachedBody>(500, "engram_lists");

async function catalogue(db: Db): Promise<{ version: number; catalogue: Catalogue }> {
  const version = await dataVersion(db, "engrams");
  return { version, catalogue: await catalogues.get("catalogue", version, async () => index(await listEngrams(db))) };
}

/** undefined: every engram; null: those of no mod; a list: those of these mods. */
export async function engramListBody(db: Db, mods?: string[] | null): Promise<CachedBody> {
  const key = mods === undefined ? "*" : mods === null ? "" : [...new Set(mods)].sort().join(",");
  const { version, catalogue: c } = await catalogue(db);
  return bodies.get(key, version, async () => {
    if (mods === undefined) return prepareBody(JSON.stringify(c.all));
    const list = (mods === null ? [""] : [...new Set(mods)]).flatMap((m) => c.byMod.get(m) ?? []);
    if (mods !== null && mods.length > 1) list.sort((a, b) => c.position.get(a.uid)! - c.position.get(b.uid)!);
    return prepareBody(JSON.stringify(list));
  });
}

/** The engrams matching these uids or classes, in catalogue order. */
export async function findCatalogueEngrams(db: Db, ids: EngramIds): Promise<EngramJson[]> {
  const { catalogue: c } = await catalogue(db);
  const found = new Map<string, EngramJson>();
  for (const uid of ids.uids) {
    const i = c.position.get(uid);
    if (i !== undefined) found.set(uid, c.all[i]!);
  }
  for (const key of ids.classKeys) for (const e of c.byClass.get(key) ?? []) found.set(e.uid, e);
  return [...found.values()].sort((a, b) => c.position.get(a.uid)! - c.position.get(b.uid)!);
}

/** Every engram in catalogue order, with the data version it was read at (for caches built on it). */
export async function catalogueSnapshot(db: Db): Promise<{ version: number; engrams: readonly EngramJson[] }> {
  const { version, catalogue: c } = await catalogue(db);
  return { version, engrams: c.all };
}
