/**
 * /v1/engram.php (docs/CONTRACT.md#engrams) and /v1/creature.php (docs/CONTRACT.md#creatures): one
 * endpoint per kind of catalogue item, with the same shapes, statuses and bulk forms.
 * GET is public; POST and DELETE are signed and touch only items of the caller's
 * confirmed mods. Both serve ASE only; the creature API's extension `game=asa`
 * (docs/API.md#games) serves ASA's creatures, which the interface's engram.php never does.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { splitIds } from "@/lib/api/request-context";
import { emptyResponse, preparedJsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { deleteEngrams } from "@/lib/engrams/delete-engrams";
import { parseEngramIds } from "@/lib/engrams/engram-id";
import { itemInput } from "@/lib/engrams/engram-input";
import { catalogueItemsJson, itemListBody } from "@/lib/engrams/engram-catalogue";
import { itemFactsListBody } from "@/lib/engrams/item-facts-json";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { checkTokenMods } from "@/lib/keys/tokens";
import { requireModIds } from "@/lib/mods/mod-id";
import { gameOrDefault, V1_GAME, type Game } from "@/lib/catalogue/game";

/** The creature API's `game` (absent: ASE). */
function requireGame(value: string | null): Game {
  const game = gameOrDefault(value);
  if (game === null) throw badRequest('game is "ase" (the default) or "asa".', { game: value });
  return game;
}

export function itemEndpoint(kind: ItemKind): Endpoint {
  const { noun, endpoint } = itemKinds[kind];
  return {
    name: endpoint,
    methods: {
      GET: {
        auth: "none",
        async handle(ctx) {
          const game = kind === "creatures" ? requireGame(ctx.query.get("game")) : V1_GAME;
          if (ctx.pathIds.length === 0) {
            const modIds = ctx.query.get("mod_id");
            // `?mod_id=` with an empty value: the items of no mod (docs/CONTRACT.md#engrams).
            const mods = modIds === null ? undefined : modIds.trim() === "" ? null : requireModIds(splitIds(modIds));
            // The extension `facts` (docs/API.md#catalogue-facts): the same list with the catalogue's facts.
            if (ctx.query.has("facts"))
              return preparedJsonResponse(await itemFactsListBody(readDb(), kind, mods, game));
            return preparedJsonResponse(await itemListBody(readDb(), kind, mods, game));
          }
          // One uid, or one class matching one item: an object; otherwise an array (cut from
          // the catalogue's serialised body, not parsed and written again).
          const found = await catalogueItemsJson(
            readDb(),
            kind,
            parseEngramIds(ctx.pathIds, noun),
            ctx.pathIds.length === 1,
            game,
          );
          if (found === null) throw notFound(`No ${noun} matches these ids.`, { ids: ctx.pathIds.slice(0, 20) });
          return { status: 200, headers: { "content-type": "application/json" }, body: found };
        },
      },
      POST: {
        auth: "required",
        token: "engrams:write",
        async handle(ctx) {
          const { userId, token } = ctx.requireCaller();
          if (ctx.pathIds.length > 0) throw badRequest(`POST ${noun}s to /v1/${endpoint}; the body holds them.`);
          const items = parseItems(itemInput(kind), ctx.json(), noun);
          rejectDuplicates(items, (e) => e.uid, "path");
          checkTokenMods(
            token,
            items.map((e) => e.modId),
          );
          await postEngrams(db(), { userId, engrams: items, kind });
          return emptyResponse();
        },
      },
      DELETE: {
        auth: "required",
        async handle(ctx) {
          const { userId } = ctx.requireCaller();
          const ids = ctx.idList();
          if (ids.length === 0)
            throw badRequest(`Name the ${noun}s to delete (uids or classes), in the path or in a text/plain body.`);
          await deleteEngrams(db(), { userId, ids: parseEngramIds(ids, noun), kind });
          return emptyResponse();
        },
      },
    },
  };
}
