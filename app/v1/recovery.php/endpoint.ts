/**
 * /v1/recovery.php: recovery codes of an account (lib/keys/recovery.ts), beside the
 * interface's endpoints.
 *
 * GET                 signed: how many unused codes the account has
 * POST                signed: ten new codes (the unused ones stop working); shown once
 * POST /<user_id>     unsigned: {"code", "public_key", "name"?}: the code is spent and the
 *                     key replaces every key of the account, and every API token is
 *                     revoked. Limited per client network (an IPv6 /64), never per
 *                     account, so strangers cannot lock the owner out (RATE_LIMIT_SIGNIN_PER_MINUTE).
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { jsonResponse } from "@/lib/api/types";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { issueRecoveryCodes, recoverAccount, recoveryCodesLeft } from "@/lib/keys/recovery";
import { clientAddress } from "@/lib/rate-limit/api-limits";
import { serviceRateLimiter } from "@/lib/rate-limit/service";

export const recoveryEndpoint: Endpoint = {
  name: "recovery.php",
  methods: {
    GET: {
      auth: "required",
      async handle(ctx) {
        const { userId } = ctx.requireCaller();
        if (ctx.pathIds.length > 0) throw badRequest("GET /v1/recovery.php takes no id: it answers for the signer.");
        return jsonResponse({ remaining: await recoveryCodesLeft(db(), userId) });
      },
    },
    POST: {
      auth: "optional",
      refuseReplays: true,
      async handle(ctx) {
        if (ctx.pathIds.length === 0) {
          const { userId } = ctx.requireCaller();
          return jsonResponse({ codes: await issueRecoveryCodes(db(), userId) }, 201);
        }
        if (ctx.pathIds.length > 1) throw badRequest("Recover one account: POST /v1/recovery.php/<user_id>.");
        const body = ctx.json();
        if (body === null || typeof body !== "object" || Array.isArray(body))
          throw badRequest('The body must be one JSON object: {"code": "...", "public_key": "..."}.');
        const input = body as { code?: unknown; public_key?: unknown; name?: unknown };
        const cfg = config();
        const done = await recoverAccount(
          db(),
          { userId: ctx.pathIds[0], code: input.code, publicKey: input.public_key, name: input.name },
          {
            limiter: serviceRateLimiter(),
            address: clientAddress(ctx.req, cfg.TRUST_PROXY),
            perMinute: cfg.RATE_LIMIT_SIGNIN_PER_MINUTE,
          },
        );
        return jsonResponse({
          user_id: done.userId,
          keys_revoked: done.keysRevoked,
          tokens_revoked: done.tokensRevoked,
        });
      },
    },
  },
};
