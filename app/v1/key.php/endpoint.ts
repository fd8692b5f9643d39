/**
 * /v1/key.php: the public keys of the caller's account (docs/API.md "Keys"). Beside the
 * interface's endpoints, signed the same way, by any active key of the account.
 *
 * GET                           the account's keys (active and revoked)
 * POST                          add a key: {"public_key", "name"?}
 * POST   /<key_id>?action=rotate  add {"public_key", "name"?} and revoke <key_id>, in one step
 * DELETE /<key_id>              revoke a key (never the last active one)
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import type { RequestContext } from "@/lib/api/request-context";
import { emptyResponse, jsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { addKey, listKeys, revokeKey } from "@/lib/keys/keys";

function body(ctx: RequestContext): { public_key?: unknown; name?: unknown } {
  const json = ctx.json();
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw badRequest('The body must be one JSON object: {"public_key": "...", "name": "..."}.');
  return json as { public_key?: unknown; name?: unknown };
}

function keyId(ctx: RequestContext, method: string): number {
  const id = ctx.pathIds.length === 1 ? Number(ctx.pathIds[0]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw badRequest(`${method} names one key by its key_id: /v1/key.php/<key_id>.`, { path: ctx.pathIds });
  return id;
}

export const keyEndpoint: Endpoint = {
  name: "key.php",
  methods: {
    GET: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("GET /v1/key.php lists every key; it takes no key id.");
        return jsonResponse(await listKeys(db(), userId));
      },
    },
    POST: {
      auth: "required",
      refuseReplays: true,
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        const action = ctx.query.get("action");
        if (ctx.pathIds.length === 0) {
          if (action !== null) throw badRequest("Actions name a key: /v1/key.php/<key_id>?action=rotate.");
          const input = body(ctx);
          return jsonResponse(await addKey(db(), userId, { publicKey: input.public_key, name: input.name }), 201);
        }
        if (action !== "rotate") throw badRequest('The only key action is "rotate".', { action });
        const replaces = keyId(ctx, "Rotation");
        const input = body(ctx);
        return jsonResponse(
          await addKey(db(), userId, { publicKey: input.public_key, name: input.name, replaces }),
          201,
        );
      },
    },
    DELETE: {
      auth: "required",
      refuseReplays: true,
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        await revokeKey(db(), userId, keyId(ctx, "DELETE"));
        return emptyResponse();
      },
    },
  },
};
