/**
 * /v1/engram.php (spec "Engrams", CONTRACT §6). GET is public; POST and DELETE are
 * signed and touch only engrams of the caller's confirmed mods.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { splitIds } from "@/lib/api/request-context";
import { emptyResponse, preparedJsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { deleteEngrams } from "@/lib/engrams/delete-engrams";
import { parseEngramIds } from "@/lib/engrams/engram-id";
import { engramInput } from "@/lib/engrams/engram-input";
import { catalogueEngramsJson, engramListBody } from "@/lib/engrams/engram-catalogue";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { requireModIds } from "@/lib/mods/mod-id";

export const engramEndpoint: Endpoint = {
  name: "engram.php",
  methods: {
    GET: {
      auth: "none",
      async handle(ctx) {
        if (ctx.pathIds.length === 0) {
          const modIds = ctx.query.get("mod_id");
          if (modIds === null) return preparedJsonResponse(await engramListBody(db()));
          // `?mod_id=` with an empty value: the engrams of no mod (CONTRACT §6).
          const mods = modIds.trim() === "" ? null : requireModIds(splitIds(modIds));
          return preparedJsonResponse(await engramListBody(db(), mods));
        }
        // One uid, or one class matching one engram: an object; otherwise an array.
        const found = await catalogueEngramsJson(db(), parseEngramIds(ctx.pathIds), ctx.pathIds.length === 1);
        if (found === null) throw notFound("No engram matches these ids.", { ids: ctx.pathIds.slice(0, 20) });
        return { status: 200, headers: { "content-type": "application/json" }, body: found };
      },
    },
    POST: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("POST engrams to /v1/engram.php; the body holds them.");
        const engrams = parseItems(engramInput, ctx.json(), "engram");
        rejectDuplicates(engrams, (e) => e.uid, "path");
        await postEngrams(db(), { userId, engrams });
        return emptyResponse();
      },
    },
    DELETE: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const ids = ctx.idList();
        if (ids.length === 0) throw badRequest("Name the engrams to delete (uids or classes), in the path or in a text/plain body.");
        await deleteEngrams(db(), { userId, ids: parseEngramIds(ids) });
        return emptyResponse();
      },
    },
  },
};
