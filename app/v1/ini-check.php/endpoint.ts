/**
 * /v1/ini-check.php: the ini doctor (docs/INI-DOCTOR.md) for hosting panels and bots. An
 * unsigned POST under the per-address rate limit of every /v1 request, with its own body
 * limit (lib/ini-doctor/check-request.ts). Nothing sent is stored or logged; the loot lines'
 * items are looked up in the catalogue.
 */
import type { Endpoint } from "@/lib/api/endpoint";
import { jsonResponse } from "@/lib/api/types";
import { runIniCheck, tooLargeForCheck } from "@/lib/ini-doctor/check-request";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import { readDb } from "@/lib/db/replicas";

export const iniCheckEndpoint: Endpoint = {
  name: "ini-check.php",
  methods: {
    POST: {
      auth: "none",
      async handle(ctx) {
        const tooLarge = tooLargeForCheck(ctx.req.body.length);
        if (tooLarge) throw tooLarge;
        return jsonResponse(await runIniCheck(ctx.json({ nul: "keep" }), (items) => resolveItems(readDb(), items)));
      },
    },
  },
};
