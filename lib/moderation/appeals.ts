/**
 * The author's side of moderation: the notices of what moderators did to their content
 * (a hidden document, a suspended account, each with the moderator's reason) and the
 * appeal, the author's answer, which puts the target back in the moderators' queue as an
 * open report (reason "appeal") with its audit entry, in one transaction. Appealing is
 * the one write a suspended author may still make.
 */
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { recordAudit } from "./audit";
import { cleanReportText, REPORT_TEXT_MAX } from "./reports";
import { findTarget, type TargetRef } from "./targets";

export interface HiddenNotice {
  kind: "document";
  id: string;
  label: string;
  at: Date;
  reason: string;
  /** "moderator", or "suspension" when the account's suspension hid it */
  by: string;
  /** an appeal of it waits for a moderator */
  appealed: boolean;
}

export interface SuspensionNotice {
  kind: "user";
  id: string;
  at: Date;
  reason: string;
  appealed: boolean;
}

export interface Notices {
  suspension: SuspensionNotice | null;
  hidden: HiddenNotice[];
}

/** What moderators did to `userId`'s content that still stands. */
export async function moderationNotices(db: Db, userId: string): Promise<Notices> {
  const [user, docs, appeals] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { suspendedAt: true, suspendedReason: true } }),
    db.document.findMany({
      where: { userId, hiddenAt: { not: null } },
      select: { id: true, name: true, hiddenAt: true, hiddenReason: true, hiddenBy: true },
      orderBy: { hiddenAt: "desc" },
    }),
    db.report.findMany({
      where: { reporterId: userId, reason: "appeal", closedAt: null },
      select: { targetKind: true, targetId: true },
    }),
  ]);
  const open = new Set(appeals.map((a) => `${a.targetKind}:${a.targetId}`));
  return {
    suspension: user?.suspendedAt
      ? {
          kind: "user",
          id: userId,
          at: user.suspendedAt,
          reason: user.suspendedReason ?? "",
          appealed: open.has(`user:${userId}`),
        }
      : null,
    hidden: docs.map((d) => ({
      kind: "document",
      id: d.id,
      label: d.name,
      at: d.hiddenAt!,
      reason: d.hiddenReason ?? "",
      by: d.hiddenBy ?? "moderator",
      appealed: open.has(`document:${d.id}`),
    })),
  };
}

/** The author's words as kept: cleaned like a report's text, required, bounded. */
export function cleanAppealText(text: unknown): string {
  const clean = typeof text === "string" ? cleanReportText(text) : "";
  if (clean === "") throw badRequest("Say why the moderators should look again.", { field: "text" });
  if (clean.length > REPORT_TEXT_MAX)
    throw badRequest(`The appeal must be at most ${REPORT_TEXT_MAX} characters.`, { field: "text" });
  return clean;
}

/**
 * Files `userId`'s appeal of a moderator's action on their own hidden document or on
 * their suspension. 404 for anything else (someone else's document, a visible one), 409
 * while an earlier appeal of the same target waits.
 */
export async function appealModeration(
  db: Db,
  options: { userId: string; target: TargetRef; text: unknown },
): Promise<{ reportId: number; auditId: number }> {
  const text = cleanAppealText(options.text);
  const { userId, target: ref } = options;
  return groupCommit(db, async ({ tx }) => {
    const target = await findTarget(tx, ref);
    let appealable = false;
    if (target?.kind === "document" && target.ownerId === userId) {
      const doc = await tx.document.findUnique({ where: { id: target.id }, select: { hiddenAt: true } });
      appealable = doc?.hiddenAt != null;
    } else if (target?.kind === "user" && target.id === userId) {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { suspendedAt: true } });
      appealable = user?.suspendedAt != null;
    }
    if (!target || !appealable)
      throw notFound("Nothing of yours with this id is hidden or suspended.", { target_kind: ref.kind });
    const waiting = await tx.report.count({
      where: { reporterId: userId, reason: "appeal", closedAt: null, targetKind: ref.kind, targetId: ref.id },
    });
    if (waiting > 0) throw conflict("Your appeal is with the moderators already.", { target_kind: ref.kind });
    const row = await tx.report.create({
      data: { targetKind: ref.kind, targetId: ref.id, reason: "appeal", text, reporterId: userId },
      select: { id: true },
    });
    const auditId = await recordAudit(tx, { actor: { kind: "user", userId }, action: "appeal", target, reason: text });
    return { reportId: row.id, auditId };
  });
}
