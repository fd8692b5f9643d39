/**
 * /v1/ini-check.php: the ini doctor (docs/INI-DOCTOR.md) for hosting panels and bots. An
 * unsigned POST under the per-address rate limit of every /v1 request, with its own body
 * limit (lib/ini-doctor/check-request.ts). Nothing sent is stored or logged.
 */
import type { Endpoint } from "@/lib/api/endpoint";
import { jsonResponse } from "@/lib/api/types";
import { runIniCheck, tooLargeForCheck } from "@/lib/ini-doctor/check-request";

export const iniCheckEndpoint: Endpoint = {
  name: "ini-check.php",
  methods: {
    POST: {
      auth: "none",
      handle(ctx) {
        const tooLarge = tooLargeForCheck(ctx.req.body.length);
        if (tooLarge) throw tooLarge;
        return jsonResponse(runIniCheck(ctx.json({ nul: "keep" })));
      },
    },
  },
};
