/**
 * A local copy of the catalogue kept current through GET /v1/changes.php (docs/CONTRACT.md#changes):
 * what `beacon-hub engrams sync` holds in memory between reading its folder and writing
 * it back. Applying the pages of a full read to an empty mirror, then every later page
 * in order, gives the server's catalogue (lib/changes/read-changes.ts says why). Pure:
 * no I/O, so the standalone CLI bundles it.
 */
import type { ChangesPage, FeedMod } from "@/lib/changes/changes-page";
import type { CreatureJson } from "@/lib/engrams/creature-json";
import type { EngramJson } from "@/lib/engrams/engram-json";

export interface Mirror {
  engrams: Map<string, EngramJson>;
  creatures: Map<string, CreatureJson>;
  mods: Map<string, FeedMod>;
}

export interface Applied {
  /** new or changed records */
  upserted: number;
  /** records removed (expired records of what the mirror held) */
  removed: number;
}

export function emptyMirror(): Mirror {
  return { engrams: new Map(), creatures: new Map(), mods: new Map() };
}

export function mirrorOf(lists: { engrams: EngramJson[]; creatures: CreatureJson[]; mods: FeedMod[] }): Mirror {
  return {
    engrams: new Map(lists.engrams.map((e) => [e.uid, e])),
    creatures: new Map(lists.creatures.map((c) => [c.uid, c])),
    mods: new Map(lists.mods.map((m) => [m.mod_id, m])),
  };
}

/** Upserts what the page lists and removes what it expires. */
export function applyPage(mirror: Mirror, page: ChangesPage): Applied {
  let upserted = 0;
  const put = <T>(map: Map<string, T>, key: string, value: T) => {
    if (JSON.stringify(map.get(key)) !== JSON.stringify(value)) upserted++;
    map.set(key, value);
  };
  for (const e of page.engrams) put(mirror.engrams, e.uid, e);
  for (const c of page.creatures) put(mirror.creatures, c.uid, c);
  for (const m of page.mods) put(mirror.mods, m.mod_id, m);
  let removed = 0;
  for (const x of page.expired_records) if (mirror[x.group].delete(x.object_id)) removed++;
  return { upserted, removed };
}

const byLabel = (a: { label: string; uid: string }, b: { label: string; uid: string }) =>
  a.label < b.label ? -1 : a.label > b.label ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;

/** The mirror as lists, in the API's listing order (label, then uid; mods by name). */
export function mirrorLists(mirror: Mirror): { engrams: EngramJson[]; creatures: CreatureJson[]; mods: FeedMod[] } {
  return {
    engrams: [...mirror.engrams.values()].sort(byLabel),
    creatures: [...mirror.creatures.values()].sort(byLabel),
    mods: [...mirror.mods.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.mod_id < b.mod_id ? -1 : 1,
    ),
  };
}
