/**
 * What an item's or creature's own page shows (docs/PORTAL.md#item-and-creature-pages):
 * the catalogue rows its address names (the class in the base game or one mod, any
 * case; usually one row, but a class is not unique: the game has creatures whose
 * variants share a class in different folders, so every row with it is shown), each
 * with its mod, its short GFI code (items) and the shared documents whose loot drops it.
 * Two indexed reads (class_key) and one count per row; the page is kept in memory by
 * lib/server/page-cache.ts until the data it shows changes.
 */
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import { creatureFacet } from "@/lib/catalogue/creature-variants";
import { placedMapsMask } from "@/lib/catalogue/map-folders";
import { categoryNumber } from "@/lib/catalogue/item-categories";
import { gfiCodeTable } from "@/lib/catalogue/gfi-code-table";
import type { Db } from "@/lib/db/client";
import { searchDocuments } from "@/lib/documents/search-documents";
import { parseSearchText } from "@/lib/documents/search-text";
import { parseItemQuery } from "@/lib/loot/item-keys";
import type { EntryAddress } from "./entry-address";
import type { SpawnMod, SpawnRow } from "./spawn-filter";

export type EntryKind = "item" | "creature";

export interface SpawnEntry {
  kind: EntryKind;
  uid: string;
  path: string;
  className: string;
  /** as stored; see entryLabel for how pages show it */
  label: string;
  environments: number;
  /** every map it is known to be on (lib/catalogue/game-maps.ts knownMapsMask) */
  maps: number;
  /** items: whether a blueprint can be given; creatures: false */
  canBlueprint: boolean;
  /** items: false where the data leaves blueprintability empty (canBlueprint is then the v1 default) */
  blueprintKnown: boolean;
  /** items: the game's item type ("Equipment/Boots"); null: not known */
  category: string | null;
  /** creatures: the game's tameable flag; null: not known (and for items) */
  tameable: boolean | null;
  /** creatures: the heading a widely used spawn-code site lists it under; null: not listed */
  listedAs: string | null;
  /** null: the base game */
  mod: SpawnMod | null;
  /** the spawn rows' facet: an item's category number or a creature's tameable flag and variant (lib/spawn/spawn-filter.ts) */
  facet: number;
  /** items: the short GFI code, null when it has none; creatures: undefined */
  gfi?: string | null;
  updatedAt: Date;
}

export interface EntryDocuments {
  total: number;
  /** the most downloaded first, at most DOCUMENTS_SHOWN */
  top: { id: string; name: string }[];
}

export const DOCUMENTS_SHOWN = 5;

/** The name a page shows: the game left some labels multi-line (tribute items) or empty. */
export function entryLabel(entry: Pick<SpawnEntry, "label" | "className">): string {
  return entry.label.replace(/\s+/g, " ").trim() || entry.className;
}

/** The row form the spawn page's command builders take (lib/spawn/row-command.ts). */
export function entryRow(entry: SpawnEntry): SpawnRow {
  const row = [entry.label, entry.className, entry.path, entry.maps, entry.canBlueprint, -1, entry.facet] as const;
  return entry.kind === "item" ? [...row, entry.gfi ?? null] : row;
}

const select = {
  uid: true,
  path: true,
  className: true,
  label: true,
  environments: true,
  maps: true,
  modId: true,
  updatedAt: true,
  mod: { select: { name: true } },
} as const;

export async function findSpawnEntries(db: Db, address: EntryAddress, game: Game = V1_GAME): Promise<SpawnEntry[]> {
  const where = { classKey: address.classKey, modId: address.modId, game };
  const [engrams, creatures] = await Promise.all([
    db.engram.findMany({
      where,
      select: { ...select, canBlueprint: true, blueprintKnown: true, category: true },
      orderBy: { path: "asc" },
    }),
    db.creature.findMany({ where, select: { ...select, tameable: true, listedAs: true }, orderBy: { path: "asc" } }),
  ]);
  const mod = (r: { modId: string | null; mod: { name: string } | null }): SpawnMod | null =>
    r.modId === null ? null : { id: r.modId, name: r.mod?.name ?? r.modId };
  const codes =
    engrams.length > 0 && game === V1_GAME
      ? await gfiCodeTable(db, address.modId === null ? [] : [address.modId])
      : null;
  const base = (r: (typeof engrams | typeof creatures)[number]) => ({
    uid: r.uid,
    path: r.path,
    className: r.className,
    label: r.label,
    environments: r.environments,
    maps: placedMapsMask({ ...r, game }),
    mod: mod(r),
    updatedAt: r.updatedAt,
  });
  return [
    ...engrams.map((r): SpawnEntry => ({
      ...base(r),
      kind: "item",
      canBlueprint: r.canBlueprint,
      blueprintKnown: r.blueprintKnown,
      category: r.category,
      tameable: null,
      listedAs: null,
      facet: categoryNumber(r.category),
      gfi: codes?.get(r.uid) ?? null,
    })),
    ...creatures.map((r): SpawnEntry => ({
      ...base(r),
      kind: "creature",
      canBlueprint: false,
      blueprintKnown: true,
      category: null,
      tameable: r.tameable,
      listedAs: r.listedAs,
      facet: creatureFacet(r),
    })),
  ];
}

/**
 * The documents whose loot drops an item, by its path (as `/documents?item=<uid>` lists
 * them, so the page's count and that listing agree). Creatures drop from no loot table.
 */
export async function documentsDroppingEntry(
  db: Db,
  entry: Pick<SpawnEntry, "uid">,
  baseUrl: string,
): Promise<EntryDocuments> {
  const { documents, total } = await searchDocuments(db, {
    text: parseSearchText(""),
    itemKey: parseItemQuery(entry.uid),
    sort: "downloads",
    count: DOCUMENTS_SHOWN,
    offset: 0,
    baseUrl,
  });
  return { total, top: documents.map((d) => ({ id: d.document_id, name: d.name })) };
}
