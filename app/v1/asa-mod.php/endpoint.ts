/**
 * /v1/asa-mod.php (docs/API.md#asa-mods): ARK: Survival Ascended mods, registered by
 * their CurseForge project id, with mod.php's methods and ownership rules (several may
 * register, the first to confirm owns it and the others' unconfirmed registrations go).
 * An extension beside the v1 interface: mod.php never sees an ASA mod, and this
 * endpoint never sees a Workshop one. Every method is signed; without the operator's
 * CurseForge key, registering and confirming are a 503 that says so, before any write.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { emptyResponse, jsonResponse } from "@/lib/api/types";
import { curseForge } from "@/lib/curseforge/curseforge-client";
import { db } from "@/lib/db/client";
import { confirmAsaMod, listAsaMods, registerAsaMods } from "@/lib/mods/asa-mods";
import { deleteMods } from "@/lib/mods/delete-mods";
import { requireModIds } from "@/lib/mods/mod-id";
import { modInput } from "@/lib/mods/mod-input";

export const asaModEndpoint: Endpoint = {
  name: "asa-mod.php",
  methods: {
    GET: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const action = ctx.query.get("action");
        const ids = requireModIds(ctx.pathIds);
        if (action !== null) {
          if (action !== "confirm") throw badRequest('The only action is "confirm".', { action });
          if (ids.length !== 1)
            throw badRequest("Confirm one mod at a time: GET /v1/asa-mod.php/<mod_id>?action=confirm.");
          await confirmAsaMod(db(), { userId, modId: ids[0]!, curseForge: curseForge() });
          const [mod] = await listAsaMods(db(), { userId, modIds: ids });
          if (!mod) throw notFound(`You have not registered mod ${ids[0]}.`, { mod_id: ids[0] });
          return jsonResponse(mod);
        }
        if (ids.length === 0) return jsonResponse(await listAsaMods(db(), { userId }));
        const mods = await listAsaMods(db(), { userId, modIds: ids.slice(0, 1000) });
        if (mods.length === 0)
          throw notFound("You have not registered any of these mods.", { mod_ids: ids.slice(0, 20) });
        return jsonResponse(ctx.pathIds.length === 1 ? mods[0] : mods);
      },
    },
    POST: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("POST mods to /v1/asa-mod.php with the mod_id in the body.");
        const items = parseItems(modInput, ctx.json(), "mod");
        rejectDuplicates(items, (m) => m.workshopId, "mod_id");
        await registerAsaMods(db(), { userId, items, curseForge: curseForge() });
        return emptyResponse();
      },
    },
    DELETE: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const ids = requireModIds(ctx.idList());
        if (ids.length === 0) throw badRequest("Name the mods to delete, in the path or in a text/plain body.");
        await deleteMods(db(), { userId, workshopIds: ids, game: "asa" });
        return emptyResponse();
      },
    },
  },
};
