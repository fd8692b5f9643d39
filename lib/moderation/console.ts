/**
 * What the moderation console reads: the queue (open reports and appeals grouped by
 * target, with the target's state) for moderators, the audit trail for operators. Each
 * reader checks the role first and answers anyone else with the 404 every moderation
 * entry point gives (lib/moderation/actions.ts), so a page or action that forgets its own
 * check still shows nothing.
 */
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { displayNamesOf } from "@/lib/display-names/find-display-names";
import { NOT_A_MODERATOR } from "./actions";
import { isModerator } from "./roles";
import { readAudit, type Actor, type AuditJson } from "./audit";
import { REPORT_REASONS, type ReportReason } from "./reports";
import { roleAllows, roleOf } from "./roles";
import { findTarget, type Target, type TargetKind, type TargetRef } from "./targets";

/** How many targets the queue shows at once (oldest report first); acting on them brings the next. */
export const QUEUE_TARGETS = 50;
/** Audit entries per page in the dashboard. */
export const AUDIT_PAGE = 50;

export interface QueueReport {
  id: number;
  /** "appeal" for the author's answer to a moderator */
  reason: ReportReason | "appeal";
  reasonLabel: string;
  text: string;
  createdAt: Date;
  reporterId: string | null;
}

export interface QueueEntry {
  target: Target;
  reports: QueueReport[];
  /** a document: hidden, by whom and why */
  hidden: { at: Date; reason: string; by: string } | null;
  /** a user (or a document's author): suspended and why */
  suspended: { at: Date; reason: string } | null;
  /** the target's owner's display name, when they set one */
  ownerName: string | null;
}

async function requireModerator(db: Db, actor: Actor): Promise<void> {
  if (!(await isModerator(db, actor))) throw notFound(NOT_A_MODERATOR);
}

/** Whether `actor` may read the audit trail: operators and the server console. */
export async function isOperator(db: Db, actor: Actor): Promise<boolean> {
  if (actor.kind === "console") return true;
  if (actor.kind !== "user") return false;
  return roleAllows(await roleOf(db, actor.userId), "operator");
}

/** Open reports and appeals grouped by target, the target with the oldest open report first. */
export async function moderationQueue(db: Db, actor: Actor): Promise<QueueEntry[]> {
  await requireModerator(db, actor);
  // The oldest open report of each target orders the queue; the targets' reports follow.
  const firsts = await db.report.groupBy({
    by: ["targetKind", "targetId"],
    where: { closedAt: null },
    _min: { id: true },
    orderBy: { _min: { id: "asc" } },
    take: QUEUE_TARGETS,
  });
  const entries: QueueEntry[] = [];
  for (const group of firsts) {
    // A target deleted since (its author removed the document) has nothing left to act on.
    const entry = await entryOf(db, { kind: group.targetKind as TargetKind, id: group.targetId });
    if (entry) entries.push(entry);
  }
  return withOwnerNames(db, entries);
}

/** One target as the console shows it (its open reports, its state), or null when it does not exist. */
export async function moderationTarget(db: Db, actor: Actor, ref: TargetRef): Promise<QueueEntry | null> {
  await requireModerator(db, actor);
  const entry = await entryOf(db, ref);
  return entry && (await withOwnerNames(db, [entry]))[0]!;
}

async function entryOf(db: Db, ref: TargetRef): Promise<QueueEntry | null> {
  const target = await findTarget(db, ref);
  if (!target) return null;
  const reports = await db.report.findMany({
    where: { closedAt: null, targetKind: ref.kind, targetId: ref.id },
    orderBy: { id: "asc" },
  });
  let hidden: QueueEntry["hidden"] = null;
  if (ref.kind === "document") {
    const doc = await db.document.findUnique({
      where: { id: ref.id },
      select: { hiddenAt: true, hiddenReason: true, hiddenBy: true },
    });
    if (doc?.hiddenAt) hidden = { at: doc.hiddenAt, reason: doc.hiddenReason ?? "", by: doc.hiddenBy ?? "" };
  }
  const owner = await db.user.findUnique({
    where: { id: target.ownerId },
    select: { suspendedAt: true, suspendedReason: true },
  });
  return {
    target,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason as QueueReport["reason"],
      reasonLabel: r.reason === "appeal" ? "Appeal" : (REPORT_REASONS[r.reason as ReportReason] ?? r.reason),
      text: r.text,
      createdAt: r.createdAt,
      reporterId: r.reporterId,
    })),
    hidden,
    suspended: owner?.suspendedAt ? { at: owner.suspendedAt, reason: owner.suspendedReason ?? "" } : null,
    ownerName: null,
  };
}

async function withOwnerNames(db: Db, entries: QueueEntry[]): Promise<QueueEntry[]> {
  const names = await displayNamesOf(db, [...new Set(entries.map((e) => e.target.ownerId))]);
  for (const e of entries) e.ownerName = names.get(e.target.ownerId) ?? null;
  return entries;
}

export interface AuditPage {
  entries: (AuditJson & { actor_name: string | null })[];
  /** the id to pass as `beforeId` for older entries, when there are any */
  older: number | null;
}

/** A page of the audit trail, newest first, before `beforeId`; operators only. */
export async function auditTrail(db: Db, actor: Actor, options: { beforeId?: number } = {}): Promise<AuditPage> {
  if (!(await isOperator(db, actor))) throw notFound(NOT_A_MODERATOR);
  const rows = await readAudit(db, { beforeId: options.beforeId, limit: AUDIT_PAGE + 1 });
  const page = rows.slice(0, AUDIT_PAGE);
  const names = await displayNamesOf(db, [...new Set(page.flatMap((e) => (e.actor_id ? [e.actor_id] : [])))]);
  return {
    entries: page.map((e) => ({ ...e, actor_name: e.actor_id ? (names.get(e.actor_id) ?? null) : null })),
    older: rows.length > AUDIT_PAGE ? page.at(-1)!.id : null,
  };
}
