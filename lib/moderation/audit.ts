/**
 * The moderation audit trail: who did what to which target, when and why. Every entry
 * is written by the function that makes the change, inside the same transaction
 * (recordAudit takes the transaction, never the client), so an entry exists exactly
 * when its change does. The table refuses UPDATE and DELETE by itself (database
 * triggers, prisma/<engine>/migrations/*_moderation_roles); nothing here offers either.
 * Read by operators in the dashboard and exported as JSON lines (scripts/moderation.ts).
 */
import type { Db, Tx } from "@/lib/db/client";
import type { TargetKind } from "./targets";

/** Who acted: a signed-in user or signed request, a visitor without a session, or a command run on the server. */
export type Actor = { kind: "user"; userId: string } | { kind: "anonymous" } | { kind: "console" };

export const AUDIT_ACTIONS = [
  "report",
  "appeal",
  "dismiss",
  "hide",
  "remove",
  "suspend",
  "restore",
  "grant",
  "revoke",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditInput {
  actor: Actor;
  action: AuditAction;
  target: { kind: TargetKind; id: string; label: string };
  reason: string;
}

/** One entry as operators read and export it (snake_case, like the API). */
export interface AuditJson {
  id: number;
  at: string;
  actor_kind: Actor["kind"];
  actor_id: string | null;
  action: AuditAction;
  target_kind: TargetKind;
  target_id: string;
  target_label: string;
  reason: string;
}

/** Adds an entry in the caller's transaction; its id. */
export async function recordAudit(tx: Tx, input: AuditInput): Promise<number> {
  const row = await tx.auditEntry.create({
    data: {
      actorKind: input.actor.kind,
      actorId: input.actor.kind === "user" ? input.actor.userId : null,
      action: input.action,
      targetKind: input.target.kind,
      targetId: input.target.id,
      targetLabel: input.target.label,
      reason: input.reason,
    },
    select: { id: true },
  });
  return row.id;
}

type Row = Awaited<ReturnType<Db["auditEntry"]["findMany"]>>[number];

export function auditJson(row: Row): AuditJson {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor_kind: row.actorKind as Actor["kind"],
    actor_id: row.actorId,
    action: row.action as AuditAction,
    target_kind: row.targetKind as TargetKind,
    target_id: row.targetId,
    target_label: row.targetLabel,
    reason: row.reason,
  };
}

/**
 * A page of entries in id order: after `afterId` (oldest first, for the export) or
 * before `beforeId` (newest first, for the dashboard).
 */
export async function readAudit(
  db: Db,
  options: { afterId?: number; beforeId?: number; limit: number; target?: { kind: TargetKind; id: string } },
): Promise<AuditJson[]> {
  const newestFirst = options.afterId === undefined;
  const rows = await db.auditEntry.findMany({
    where: {
      ...(options.afterId !== undefined ? { id: { gt: options.afterId } } : {}),
      ...(options.beforeId !== undefined ? { id: { lt: options.beforeId } } : {}),
      ...(options.target ? { targetKind: options.target.kind, targetId: options.target.id } : {}),
    },
    orderBy: { id: newestFirst ? "desc" : "asc" },
    take: options.limit,
  });
  return rows.map(auditJson);
}

/** Every entry from the oldest, in pages of `pageSize`, for the JSON-lines export. */
export async function* allAuditEntries(db: Db, pageSize = 1000): AsyncGenerator<AuditJson[]> {
  let afterId = 0;
  for (;;) {
    const page = await readAudit(db, { afterId, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    afterId = page.at(-1)!.id;
  }
}
