"use server";
/** The report form's action: lib/moderation/reports behind the reports' rate limit, reporter from the session. */
import { headers } from "next/headers";
import { config } from "@/lib/config";
import { roleAction } from "@/lib/dashboard/form-action";
import { reportWords } from "@/lib/dashboard/form-words";
import { PEER_ADDRESS_HEADER, signInAddress } from "@/lib/dashboard/sign-in-address";
import { db } from "@/lib/db/client";
import { reportInput, submitReport } from "@/lib/moderation/reports";
import { suspendedSessionRefusal } from "@/lib/moderation/suspension";
import { checkReport } from "@/lib/rate-limit/reports";
import { serviceReportLimiter } from "@/lib/rate-limit/service";

// Its errors in the reporter's words (lib/dashboard/form-words); the API keeps its own.
export const submitReportAction = reportWords(
  roleAction("public", reportInput, "form", async (signedIn, input) => {
    const cfg = config();
    const h = await headers();
    // The client's address by the API's rule (the peer, or the proxy's X-Forwarded-For entry).
    const address = signInAddress(h.get(PEER_ADDRESS_HEADER), h.get("x-forwarded-for"), cfg.TRUST_PROXY);
    const userId = signedIn ?? undefined;
    // A report is a write: a suspended account's are refused, as report.php refuses its signed ones.
    const refused = userId ? await suspendedSessionRefusal(db(), userId) : null;
    if (refused) return { errors: { form: refused } };
    checkReport(serviceReportLimiter(), { address, userId, perHour: cfg.RATE_LIMIT_REPORTS_PER_HOUR });
    await submitReport(db(), { ...input, reporter: userId ? { kind: "user", userId } : { kind: "anonymous" } });
    return { ok: "Thank you: your report is with the moderators." };
  }),
);
