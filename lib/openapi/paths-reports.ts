/** /v1/report.php: reports for the instance's moderators (lib/moderation/reports.ts). */
import type { PathItem } from "@/lib/openapi/types";
import { EXAMPLE } from "@/lib/openapi/examples";
import { json, jsonOk, schemaRef } from "@/lib/openapi/helpers";
import { errors } from "@/lib/openapi/responses";
import { REPORT_REASONS, REPORT_TEXT_MAX } from "@/lib/moderation/reports";

export const REPORT_DESCRIPTION = `Tells the instance's moderators that a document, a mod or an author breaks its rules. Signed: the report is recorded as the signing user's. Unsigned: it is anonymous, as from a visitor of the web pages without a session. Either way it counts against RATE_LIMIT_REPORTS_PER_HOUR per client address in the current clock hour, and a signed one also per user; more are 429. The target must exist and be shown to the reporter (404 otherwise: a hidden document, a mod that is not confirmed). The report is open until a moderator acts on its target.`;

const report = {
  target_kind: "document",
  target_id: EXAMPLE.documentId,
  reason: "broken",
  text: "Its supply crates drop nothing on The Island since the last revision.",
};

export const reportPaths: Record<string, PathItem> = {
  "/v1/report.php": {
    post: {
      operationId: "submitReport",
      summary: "Report a document, a mod or an author to the moderators",
      description: REPORT_DESCRIPTION,
      tags: ["Reports"],
      security: [{}, { beaconSignature: [] }],
      requestBody: {
        required: true,
        description: "One report (an object, not an array).",
        content: json(
          schemaRef("ReportInput"),
          {
            document: report,
            mod: { target_kind: "mod", target_id: EXAMPLE.modId, reason: "stolen", text: "Copied from another mod." },
            author: { target_kind: "user", target_id: EXAMPLE.userId, reason: "spam", text: "" },
          },
          { document: "A broken document", mod: "A mod of stolen content", author: "An author who spams" },
        ),
      },
      responses: {
        "201": jsonOk("Filed: the report as recorded.", schemaRef("Report"), {
          document: { report_id: 118, ...report, created_at: "2026-11-25T14:02:11.503Z" },
        }),
        ...errors("401", "404"),
      },
    },
  },
};

const reason = {
  type: "string",
  enum: Object.keys(REPORT_REASONS),
  description: Object.entries(REPORT_REASONS)
    .map(([code, label]) => `${code}: ${label.toLowerCase()}`)
    .join("; "),
};

export const reportSchemas = {
  ReportInput: {
    type: "object",
    required: ["target_kind", "target_id", "reason"],
    properties: {
      target_kind: { type: "string", enum: ["document", "mod", "user"] },
      target_id: {
        type: "string",
        description: "A document's id, a confirmed mod's workshop id, or a user's id (an author).",
      },
      reason,
      text: {
        type: "string",
        maxLength: REPORT_TEXT_MAX,
        description: 'What is wrong, in the reporter\'s words (default ""; required with reason "other").',
      },
    },
  },
  Report: {
    type: "object",
    required: ["report_id", "target_kind", "target_id", "reason", "text", "created_at"],
    properties: {
      report_id: { type: "integer", minimum: 1 },
      target_kind: { type: "string", enum: ["document", "mod", "user"] },
      target_id: { type: "string", description: "Canonical: lowercase UUID, or the workshop id's digits." },
      reason,
      text: { type: "string", description: "As kept: control characters removed, trimmed." },
      created_at: { type: "string", format: "date-time" },
    },
  },
};
