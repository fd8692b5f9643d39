/**
 * /v1/changes.php (docs/CONTRACT.md#changes): the changes feed of the public catalogue (engrams,
 * creatures, confirmed mods), for tools that keep a copy. Public, no signature; replies
 * carry an ETag and may be cached if revalidated. lib/changes/read-changes.ts says why
 * following `cursor` never misses a change.
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { preparedJsonResponse, type ApiResponse } from "@/lib/api/types";
import { changesFeedBody } from "@/lib/changes/changes-feed";
import { parseChangesQuery } from "@/lib/changes/changes-query";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";

/** Caches may keep a page but must ask again (If-None-Match) before using it. */
const CACHE = { "cache-control": "public, no-cache" };

export const changesEndpoint: Endpoint = {
  name: "changes.php",
  methods: {
    GET: {
      auth: "none",
      async handle(ctx): Promise<ApiResponse> {
        if (ctx.pathIds.length > 0)
          throw badRequest("GET /v1/changes.php takes no ids; say where to go on from with ?cursor=.");
        const query = parseChangesQuery(ctx.query);
        const body = await changesFeedBody(db(), { ...query, retentionDays: config().CHANGES_RETENTION_DAYS });
        if (typeof body === "string")
          return { status: 200, headers: { "content-type": "application/json", ...CACHE }, body };
        const res = preparedJsonResponse(body);
        return { ...res, headers: { ...res.headers, ...CACHE } };
      },
    },
  },
};
