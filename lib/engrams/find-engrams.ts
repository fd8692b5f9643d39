/**
 * Reading engrams (docs/CONTRACT.md#engrams) and creatures: public, ordered by label
 * then uid. `mods` undefined lists every item, null those without a mod (the base game),
 * an array those of the named mods. Every read is of one game: ASE unless asked (the v1
 * interface never asks).
 */
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { creatureJson, creatureSelect, type CreatureJson } from "@/lib/engrams/creature-json";
import { engramJson, engramSelect, type EngramJson } from "@/lib/engrams/engram-json";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import { gameMapsOf, knownMapsMask } from "@/lib/catalogue/game-maps";

export type ItemJson = EngramJson | CreatureJson;

/** Filters both tables understand. */
interface ItemWhere {
  game?: Game;
  uid?: { in: string[] } | { gt: string };
  modId?: string | null | { in: string[] };
  label?: string | { gt: string };
  OR?: ItemWhere[];
}
type Order = { label: "asc" } | { uid: "asc" };

async function readItems(
  db: Db,
  kind: ItemKind,
  where: ItemWhere,
  orderBy: Order[],
  take?: number,
): Promise<ItemJson[]> {
  if (kind === "engrams")
    return (await db.engram.findMany({ where, select: engramSelect, orderBy, take })).map((r) => engramJson(r));
  return (await db.creature.findMany({ where, select: creatureSelect, orderBy, take })).map((r) => creatureJson(r));
}

const byLabel: Order[] = [{ label: "asc" }, { uid: "asc" }];

/**
 * The maps each item of a mod is on, by uid, as players name them ("Genesis: Part 2"):
 * its v1 environments and the maps beyond v1 (the `maps` column, which no v1 reply shows).
 */
export async function modItemMaps(db: Db, kind: ItemKind, modId: string, game: Game): Promise<Map<string, string[]>> {
  const where = { game, modId };
  const select = { uid: true, environments: true, maps: true };
  const rows =
    kind === "engrams" ? await db.engram.findMany({ where, select }) : await db.creature.findMany({ where, select });
  return new Map(rows.map((r) => [r.uid, gameMapsOf(knownMapsMask(r.environments, r.maps)).map((m) => m.name)]));
}

export function listItems(
  db: Db,
  kind: ItemKind,
  options: { mods?: string[] | null; game?: Game } = {},
): Promise<ItemJson[]> {
  const game = options.game ?? V1_GAME;
  const where =
    options.mods === undefined
      ? { game }
      : options.mods === null
        ? { game, modId: null }
        : { game, modId: { in: options.mods } };
  return readItems(db, kind, where, byLabel);
}

/**
 * Every item of a kind in catalogue order, `pageSize` at a time (keyset on label and
 * uid), so a large catalogue is never all in memory as rows and objects at once.
 */
export async function* listItemsInPages(
  db: Db,
  kind: ItemKind,
  pageSize = 5000,
  game: Game = V1_GAME,
): AsyncGenerator<ItemJson[]> {
  let after: { label: string; uid: string } | null = null;
  for (;;) {
    const where: ItemWhere = after
      ? { game, OR: [{ label: { gt: after.label } }, { label: after.label, uid: { gt: after.uid } }] }
      : { game };
    const page = await readItems(db, kind, where, byLabel, pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    const last: ItemJson = page.at(-1)!;
    after = { label: last.label, uid: last.uid };
  }
}

export async function listEngrams(db: Db, options: { mods?: string[] | null } = {}): Promise<EngramJson[]> {
  return (await listItems(db, "engrams", options)) as EngramJson[];
}

/** The items with these uids, in no particular order (the changes feed's lookups), 500 ids a query. */
export function findItemsByUid(db: Db, kind: ItemKind, uids: string[], game: Game = V1_GAME): Promise<ItemJson[]> {
  return findInChunks(uids, (part) => readItems(db, kind, { game, uid: { in: part } }, []));
}

/** Up to `take` items after uid `after` ("" for the first), in uid order: the changes feed's full read. */
export function itemsAfter(
  db: Db,
  kind: ItemKind,
  after: string,
  take: number,
  game: Game = V1_GAME,
): Promise<ItemJson[]> {
  return readItems(db, kind, after === "" ? { game } : { game, uid: { gt: after } }, [{ uid: "asc" }], take);
}
