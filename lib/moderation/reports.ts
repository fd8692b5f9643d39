/**
 * Reports: anyone may report a document, a mod or an author, with a reason and their own
 * words: a visitor without a session anonymously, a signed-in user or a signed request on
 * their name. A report stays open until a moderator acts on its target; it is written in
 * the same transaction as its audit entry. The rate limit (lib/rate-limit/reports.ts) is
 * the caller's: it needs the client's address, which only the edge knows.
 */
import { z } from "zod";
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { recordAudit, type Actor } from "./audit";
import { isModerator } from "./roles";
import { findTargetShownTo, TARGET_KINDS, targetInput, type TargetKind, type TargetRef } from "./targets";

/** The reasons a reporter picks from, with how the pages and the audit trail name them. */
export const REPORT_REASONS = {
  spam: "Spam",
  broken: "Broken or harmful config",
  stolen: "Stolen content",
  abuse: "Abuse",
  other: "Other",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
const REASON_CODES = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const REPORT_TEXT_MAX = 2000;

/**
 * The reporter's words as kept: CRLF as LF; C0 and C1 controls but tab and line feed
 * removed (PostgreSQL text cannot hold NUL; the rest could only hide something); trimmed.
 */
export function cleanReportText(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    const code = char.codePointAt(0)!;
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (!control || char === "\n" || char === "\t") out += char;
  }
  return out.trim();
}

/** A report as the form and the API take it (snake_case keys, like the API's). */
export const reportInput = z
  .object({
    target_kind: z.enum(TARGET_KINDS, { error: `must be one of ${TARGET_KINDS.join(", ")}` }),
    target_id: z.string({ error: "is required" }),
    reason: z.enum(REASON_CODES, { error: `must be one of ${REASON_CODES.join(", ")}` }),
    text: z
      .string({ error: "must be a string" })
      .default("")
      .transform(cleanReportText)
      .refine((t) => t.length <= REPORT_TEXT_MAX, `must be at most ${REPORT_TEXT_MAX} characters`),
  })
  .superRefine((r, ctx) => {
    if (r.reason === "other" && r.text === "")
      ctx.addIssue({ code: "custom", path: ["text"], message: "say what is wrong when the reason is “other”" });
  })
  .transform((r, ctx) => {
    const target = targetInput.safeParse({ kind: r.target_kind, id: r.target_id });
    if (!target.success) {
      ctx.addIssue({ code: "custom", path: ["target_id"], message: target.error.issues[0]!.message });
      return z.NEVER;
    }
    return { target: target.data, reason: r.reason, text: r.text };
  });

export type ReportInput = z.output<typeof reportInput>;

export interface ReportJson {
  report_id: number;
  target_kind: TargetKind;
  target_id: string;
  reason: ReportReason;
  text: string;
  created_at: string;
}

const NOT_FOUND: Record<TargetKind, string> = {
  document: "No document has this id.",
  mod: "No confirmed mod has this workshop id.",
  user: "No user has this id.",
};

/** The audit trail's reason of a report: the reason's name and the reporter's words. */
export function reportAuditReason(reason: ReportReason, text: string): string {
  return text ? `${REPORT_REASONS[reason]}: ${text}` : REPORT_REASONS[reason];
}

/** Files the report; 404 when the target does not exist (or is not shown to the reporter). */
export async function submitReport(
  db: Db,
  options: ReportInput & { reporter: Extract<Actor, { kind: "user" | "anonymous" }> },
): Promise<ReportJson> {
  const { target: ref, reason, text, reporter } = options;
  return groupCommit(db, async ({ tx }) => {
    const target = await findTargetShownTo(tx, ref, reporter, (userId) => isModerator(tx, { kind: "user", userId }));
    if (!target) throw notFound(NOT_FOUND[ref.kind], { target_kind: ref.kind, target_id: ref.id });
    const row = await tx.report.create({
      data: {
        targetKind: ref.kind,
        targetId: ref.id,
        reason,
        text,
        reporterId: reporter.kind === "user" ? reporter.userId : null,
      },
    });
    await recordAudit(tx, { actor: reporter, action: "report", target, reason: reportAuditReason(reason, text) });
    return {
      report_id: row.id,
      target_kind: ref.kind,
      target_id: ref.id,
      reason,
      text,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The open reports of a target, oldest first. */
export async function openReportsOf(db: Db, ref: TargetRef) {
  return db.report.findMany({
    where: { closedAt: null, targetKind: ref.kind, targetId: ref.id },
    orderBy: { id: "asc" },
  });
}
