/**
 * /v1/mod.php (docs/CONTRACT.md#mods). Every method is signed; results depend on the
 * caller (ownership rule 1).
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { emptyResponse, jsonResponse, preparedJsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { confirmMod } from "@/lib/mods/confirm-mod";
import { deleteMods } from "@/lib/mods/delete-mods";
import { findMods, modListBody } from "@/lib/mods/find-mods";
import { requireModIds } from "@/lib/mods/mod-id";
import { modInput } from "@/lib/mods/mod-input";
import { registerMods } from "@/lib/mods/register-mods";
import { workshop } from "@/lib/steam/workshop-client";

export const modEndpoint: Endpoint = {
  name: "mod.php",
  methods: {
    GET: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const action = ctx.query.get("action");
        const ids = requireModIds(ctx.pathIds);
        if (action !== null) {
          if (action !== "confirm") throw badRequest('The only action is "confirm".', { action });
          if (ids.length !== 1) throw badRequest("Confirm one mod at a time: GET /v1/mod.php/<mod_id>?action=confirm.");
          return jsonResponse(await confirmMod(db(), { userId, workshopId: ids[0]!, steam: workshop() }));
        }
        if (ids.length === 0) return preparedJsonResponse(await modListBody(db(), { userId }));
        const mods = await findMods(db(), { userId, workshopIds: ids });
        if (mods.length === 0)
          throw notFound("You have not registered any of these mods.", { mod_ids: ids.slice(0, 20) });
        return jsonResponse(ctx.pathIds.length === 1 ? mods[0] : mods);
      },
    },
    POST: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("POST mods to /v1/mod.php with the mod_id in the body.");
        const items = parseItems(modInput, ctx.json(), "mod");
        rejectDuplicates(items, (m) => m.workshopId, "mod_id");
        await registerMods(db(), { userId, items, steam: workshop() });
        return emptyResponse();
      },
    },
    DELETE: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const ids = requireModIds(ctx.idList());
        if (ids.length === 0) throw badRequest("Name the mods to delete, in the path or in a text/plain body.");
        await deleteMods(db(), { userId, workshopIds: ids });
        return emptyResponse();
      },
    },
  },
};
