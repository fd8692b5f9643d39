/**
 * What a moderator does to a target, each with a required reason and written with its
 * audit entry in one transaction (recordAudit takes the transaction): dismiss the open
 * reports of a target, hide a document and restore it, remove it (deleted, as the
 * interface's DELETE deletes), suspend an author and reinstate them. Every action closes
 * the target's open reports: acting on a target answers them.
 *
 * Hiding keeps everything: the document is only left out of listings, search and other
 * people's downloads (lib/documents/visibility.ts). Suspending refuses the author's signed
 * writes (lib/moderation/suspension.ts) and hides their visible documents, marked as hidden
 * by the suspension, so reinstating brings back exactly those and not what a moderator
 * hid on its own.
 *
 * Every action but dismissing also tells the target's owner through their webhooks
 * (lib/moderation/notices.ts), written in the same transaction.
 *
 * The actor must hold a moderation role (or be the server console); anyone else gets the
 * 404 every moderation route answers, so a stranger cannot tell that moderation exists.
 */
import { badRequest, forbidden, notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { recordAudit, type Actor, type AuditAction } from "./audit";
import { isNoticeAction, recordNotice } from "./notices";
import { cleanReportText, REPORT_TEXT_MAX } from "./reports";
import { isModerator, maySuspend } from "./roles";
import { findTarget, type Target, type TargetRef } from "./targets";

export const MODERATION_ACTIONS = ["dismiss", "hide", "restore", "remove", "suspend", "reinstate"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export interface ActionInput {
  actor: Actor;
  target: TargetRef;
  reason: string;
}

export interface ActionResult {
  action: ModerationAction;
  target: Target;
  /** the audit entry written with it */
  auditId: number;
  /** open reports the action closed */
  closedReports: number;
}

/** The 404 of every moderation route and action to someone without a role. */
export const NOT_A_MODERATOR = "Not found.";

/** Whether `actor` may moderate: the server console, or a user holding a role. */

/** The moderator's reason as kept: cleaned like a report's text, required, bounded. */
export function cleanActionReason(reason: unknown): string {
  const text = typeof reason === "string" ? cleanReportText(reason) : "";
  if (text === "") throw badRequest("Give a reason: the author and the audit trail read it.", { field: "reason" });
  if (text.length > REPORT_TEXT_MAX)
    throw badRequest(`The reason must be at most ${REPORT_TEXT_MAX} characters.`, { field: "reason" });
  return text;
}

const KINDS: Record<ModerationAction, readonly TargetRef["kind"][]> = {
  dismiss: ["document", "mod", "user"],
  hide: ["document"],
  restore: ["document"],
  remove: ["document"],
  suspend: ["user"],
  reinstate: ["user"],
};

/** Audit names: reinstating an author is a "restore" of a user target. */
const AUDIT: Record<ModerationAction, AuditAction> = {
  dismiss: "dismiss",
  hide: "hide",
  restore: "restore",
  remove: "remove",
  suspend: "suspend",
  reinstate: "restore",
};

async function closeReports(tx: Tx, ref: TargetRef): Promise<number> {
  const { count } = await tx.report.updateMany({
    where: { closedAt: null, targetKind: ref.kind, targetId: ref.id },
    data: { closedAt: new Date() },
  });
  return count;
}

/** What each action changes, inside the transaction; throws a 4xx when it cannot apply. */
const APPLY: Record<ModerationAction, (tx: Tx, target: Target, reason: string) => Promise<void>> = {
  async dismiss() {},
  async hide(tx, target, reason) {
    const { count } = await tx.document.updateMany({
      where: { id: target.id, hiddenAt: null },
      data: { hiddenAt: new Date(), hiddenReason: reason, hiddenBy: "moderator" },
    });
    if (count === 0) throw badRequest("This document is hidden already.", { document_id: target.id });
  },
  async restore(tx, target) {
    const { count } = await tx.document.updateMany({
      where: { id: target.id, hiddenAt: { not: null } },
      data: { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    });
    if (count === 0) throw badRequest("This document is not hidden.", { document_id: target.id });
  },
  async remove(tx, target) {
    await tx.document.deleteMany({ where: { id: target.id } });
  },
  async suspend(tx, target, reason) {
    const now = new Date();
    const { count } = await tx.user.updateMany({
      where: { id: target.id, suspendedAt: null },
      data: { suspendedAt: now, suspendedReason: reason },
    });
    if (count === 0) throw badRequest("This user is suspended already.", { user_id: target.id });
    await tx.document.updateMany({
      where: { userId: target.id, hiddenAt: null },
      data: { hiddenAt: now, hiddenReason: reason, hiddenBy: "suspension" },
    });
  },
  async reinstate(tx, target) {
    const { count } = await tx.user.updateMany({
      where: { id: target.id, suspendedAt: { not: null } },
      data: { suspendedAt: null, suspendedReason: null },
    });
    if (count === 0) throw badRequest("This user is not suspended.", { user_id: target.id });
    await tx.document.updateMany({
      where: { userId: target.id, hiddenBy: "suspension" },
      data: { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    });
  },
};

/** Does `action` to the target, with its audit entry, in one transaction. */
export async function moderate(db: Db, action: ModerationAction, input: ActionInput): Promise<ActionResult> {
  // First, so a stranger learns nothing from how their input is refused; again in the
  // transaction, where the role cannot be revoked meanwhile.
  if (!(await isModerator(db, input.actor))) throw notFound(NOT_A_MODERATOR);
  if (!(MODERATION_ACTIONS as readonly string[]).includes(action))
    throw badRequest(`The action must be one of: ${MODERATION_ACTIONS.join(", ")}.`, { action });
  const reason = cleanActionReason(input.reason);
  if (!KINDS[action].includes(input.target.kind))
    throw badRequest(`“${action}” applies to a ${KINDS[action].join(" or ")}.`, { target_kind: input.target.kind });
  return groupCommit(db, async ({ tx, sql }) => {
    if (!(await isModerator(tx, input.actor))) throw notFound(NOT_A_MODERATOR);
    const target = await findTarget(tx, input.target);
    if (!target) throw notFound("Nothing of this kind has this id.", { target_kind: input.target.kind });
    if (action === "suspend" && !(await maySuspend(tx, input.actor, target.id)))
      throw forbidden(
        "A moderator suspends only users of a lower role: not an operator, another moderator or themself.",
        {
          user_id: target.id,
        },
      );
    await APPLY[action](tx, target, reason);
    const closedReports = await closeReports(tx, target);
    const auditId = await recordAudit(tx, {
      actor: input.actor,
      action: AUDIT[action],
      target,
      reason: action === "reinstate" ? `reinstated: ${reason}` : reason,
    });
    // The owner's webhooks hear of it from the same commit (lib/moderation/notices.ts).
    if (isNoticeAction(action)) await recordNotice({ tx, sql }, { action, target, reason });
    return { action, target, auditId, closedReports };
  });
}

export const dismissReports = (db: Db, input: ActionInput) => moderate(db, "dismiss", input);
export const hideDocument = (db: Db, input: Omit<ActionInput, "target"> & { documentId: string }) =>
  moderate(db, "hide", { ...input, target: { kind: "document", id: input.documentId } });
export const restoreDocument = (db: Db, input: Omit<ActionInput, "target"> & { documentId: string }) =>
  moderate(db, "restore", { ...input, target: { kind: "document", id: input.documentId } });
export const removeDocument = (db: Db, input: Omit<ActionInput, "target"> & { documentId: string }) =>
  moderate(db, "remove", { ...input, target: { kind: "document", id: input.documentId } });
export const suspendUser = (db: Db, input: Omit<ActionInput, "target"> & { userId: string }) =>
  moderate(db, "suspend", { ...input, target: { kind: "user", id: input.userId } });
export const reinstateUser = (db: Db, input: Omit<ActionInput, "target"> & { userId: string }) =>
  moderate(db, "reinstate", { ...input, target: { kind: "user", id: input.userId } });
