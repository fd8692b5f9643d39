/**
 * GET /v1/engram.php?facts and /v1/creature.php?facts (docs/API.md#catalogue-facts): the
 * list a v1 client gets, each item followed by the catalogue's facts beyond v1, which a
 * v1 client never sees because it never asks: `maps` (every official map the item is
 * known on, by key: lib/catalogue/game-maps.ts, "Aberration" spelled the game's way),
 * and for engrams `category` (the game's item type) and `blueprint_known` (false: the
 * data leaves blueprintability empty and can_blueprint holds the interface's default),
 * for creatures `tameable` and `listed_as`; null where not known. Read from the database
 * per request (an extension, not the v1 hot path, whose cached bodies stay as they are).
 */
import { prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { gameMapsOf } from "@/lib/catalogue/game-maps";
import { placedMapsMask } from "@/lib/catalogue/map-folders";
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { creatureJson, creatureSelect } from "@/lib/engrams/creature-json";
import { engramJson, engramSelect } from "@/lib/engrams/engram-json";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

const mapKeys = (row: Parameters<typeof placedMapsMask>[0]) => gameMapsOf(placedMapsMask(row)).map((m) => m.key);

/** `mods`: undefined every item, null the base game's, else those mods' (as GET's mod_id). */
export async function itemFactsListBody(
  db: Db,
  kind: ItemKind,
  mods?: string[] | null,
  game: Game = V1_GAME,
): Promise<CachedBody> {
  const orderBy = [{ label: "asc" as const }, { uid: "asc" as const }];
  const read = (filter: { modId?: string | null | { in: string[] } }): Promise<object[]> => {
    const where = { ...filter, game };
    return kind === "engrams"
      ? db.engram
          .findMany({
            where,
            orderBy,
            select: { ...engramSelect, maps: true, category: true, blueprintKnown: true },
          })
          .then((rows) =>
            rows.map((r) => ({
              ...engramJson(r),
              maps: mapKeys({ ...r, game }),
              category: r.category,
              blueprint_known: r.blueprintKnown,
            })),
          )
      : db.creature
          .findMany({ where, orderBy, select: { ...creatureSelect, maps: true, tameable: true, listedAs: true } })
          .then((rows) =>
            rows.map((r) => ({
              ...creatureJson(r),
              maps: mapKeys({ ...r, game }),
              tameable: r.tameable,
              listed_as: r.listedAs,
            })),
          );
  };
  const items =
    mods === undefined
      ? await read({})
      : mods === null
        ? await read({ modId: null })
        : await findInChunks(mods, (part) => read({ modId: { in: part } }));
  return prepareBody(JSON.stringify(items));
}
