/**
 * /v1/token.php: the caller's API tokens (lib/keys/tokens.ts), beside the interface's
 * endpoints. Signed only: a token never makes, lists or revokes tokens.
 *
 * GET                 the account's tokens (never their secrets)
 * POST                make one: {"name", "scopes", "mod_ids"?, "expires_at" | "expires_in_days"}; 201
 *                     with the token, shown this once
 * DELETE /<token_id>  revoke one
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { emptyResponse, jsonResponse } from "@/lib/api/types";
import { db } from "@/lib/db/client";
import { createToken, listTokens, revokeToken } from "@/lib/keys/tokens";

export const tokenEndpoint: Endpoint = {
  name: "token.php",
  methods: {
    GET: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("GET /v1/token.php lists every token; it takes no id.");
        return jsonResponse(await listTokens(db(), userId));
      },
    },
    POST: {
      auth: "required",
      refuseReplays: true,
      async handle(ctx) {
        const { userId, keyPem } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("POST /v1/token.php makes a token; it takes no id.");
        const body = ctx.json();
        if (body === null || typeof body !== "object" || Array.isArray(body))
          throw badRequest("The body must be one JSON object.");
        const b = body as Record<string, unknown>;
        const made = await createToken(
          db(),
          userId,
          {
            name: b.name,
            scopes: b.scopes,
            modIds: b.mod_ids,
            expiresAt: b.expires_at,
            expiresInDays: b.expires_in_days,
          },
          new Date(),
          keyPem,
        );
        return jsonResponse(made, 201);
      },
    },
    DELETE: {
      auth: "required",
      refuseReplays: true,
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length !== 1) throw badRequest("Name one token: DELETE /v1/token.php/<token_id>.");
        await revokeToken(db(), userId, ctx.pathIds[0]!);
        return emptyResponse();
      },
    },
  },
};
