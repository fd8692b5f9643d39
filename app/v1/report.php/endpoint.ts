/**
 * /v1/report.php: reports of documents, mods and users for the moderators
 * (lib/moderation/reports.ts), the API's side of the Report form. A signed report is
 * recorded as its user's; an unsigned one is anonymous, as from a visitor without a
 * session. Both count against the reports' limit per address and hour, a signed one also
 * per user (lib/rate-limit/reports.ts).
 */
import { badRequest } from "@/lib/api/errors";
import type { Endpoint } from "@/lib/api/endpoint";
import { jsonResponse } from "@/lib/api/types";
import { clientAddress } from "@/lib/rate-limit/api-limits";
import { checkReport } from "@/lib/rate-limit/reports";
import { serviceReportLimiter } from "@/lib/rate-limit/service";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { reportInput, submitReport } from "@/lib/moderation/reports";

export const reportEndpoint: Endpoint = {
  name: "report.php",
  methods: {
    POST: {
      auth: "optional",
      async handle(ctx) {
        if (ctx.pathIds.length > 0) throw badRequest("POST a report to /v1/report.php; the target is in the body.");
        // The text loses its control characters, NUL included (cleanReportText); the ids are validated.
        const parsed = reportInput.safeParse(ctx.json({ nul: "keep" }));
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
          const first = issues[0]!;
          throw badRequest(`The report is not valid: ${first.path || "body"}: ${first.message}.`, { issues });
        }
        const cfg = config();
        checkReport(serviceReportLimiter(), {
          address: clientAddress(ctx.req, cfg.TRUST_PROXY),
          userId: ctx.caller?.userId,
          perHour: cfg.RATE_LIMIT_REPORTS_PER_HOUR,
        });
        const reporter = ctx.caller
          ? { kind: "user" as const, userId: ctx.caller.userId }
          : { kind: "anonymous" as const };
        return jsonResponse(await submitReport(db(), { ...parsed.data, reporter }), 201);
      },
    },
  },
};
