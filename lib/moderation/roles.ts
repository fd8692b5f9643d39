/**
 * Moderation roles. A role is granted and revoked only on the server (scripts/moderation.ts,
 * the CLI's `grant` and `revoke`), never through a web form, so there is no default
 * account and no password to guess: the first operator is whoever can run a command on
 * the machine. An operator can do everything a moderator can, and also reads the audit
 * trail. Each change is audited in its own transaction.
 */
import { badRequest, notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { recordAudit, type Actor } from "./audit";
import { findTarget } from "./targets";

export const ROLES = ["moderator", "operator"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { moderator: 1, operator: 2 };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether someone holding `held` may do what needs `needed`. */
export function roleAllows(held: Role | null, needed: Role): boolean {
  return held !== null && RANK[held] >= RANK[needed];
}

/**
 * Whether the actor may moderate: the console, or a user holding moderator or operator
 * whose account is not suspended (a suspended moderator neither moderates, nor reinstates
 * itself, nor sees hidden documents).
 */
export async function isModerator(db: Db | Tx, actor: Actor): Promise<boolean> {
  if (actor.kind === "console") return true;
  if (actor.kind !== "user") return false;
  const row = await db.userRole.findUnique({
    where: { userId: actor.userId },
    select: { role: true, user: { select: { suspendedAt: true } } },
  });
  return row !== null && row.user.suspendedAt === null && isRole(row.role) && roleAllows(row.role, "moderator");
}

/**
 * Whether the actor may suspend `userId`: the console anyone; a user only someone of a lower
 * rank than theirs (an operator a moderator or a plain user, a moderator a plain user), so no
 * one suspends their peers, their betters or themselves.
 */
export async function maySuspend(db: Db | Tx, actor: Actor, userId: string): Promise<boolean> {
  if (actor.kind === "console") return true;
  if (actor.kind !== "user") return false;
  const [mine, theirs] = await Promise.all([roleOf(db, actor.userId), roleOf(db, userId)]);
  return (mine ? RANK[mine] : 0) > (theirs ? RANK[theirs] : 0);
}

export async function roleOf(db: Db | Tx, userId: string): Promise<Role | null> {
  const row = await db.userRole.findUnique({ where: { userId }, select: { role: true } });
  return row && isRole(row.role) ? row.role : null;
}

export interface RoleChange {
  userId: string;
  /** the role held before */
  previous: Role | null;
  /** the role held now */
  current: Role | null;
}

/** Gives `userId` the role (replacing another); nothing is written when they hold it already. */
export async function grantRole(
  db: Db,
  options: { userId: string; role: Role; actor: Actor; reason?: string },
): Promise<RoleChange> {
  const { userId, role } = options;
  if (!isRole(role)) throw badRequest(`The role must be one of: ${ROLES.join(", ")}.`, { role });
  return groupCommit(db, async ({ tx }) => {
    const user = await findTarget(tx, { kind: "user", id: userId });
    if (!user) throw notFound("No user has this id.", { user_id: userId });
    const held = await tx.userRole.findUnique({ where: { userId }, select: { role: true } });
    const previous = held && isRole(held.role) ? held.role : null;
    if (previous === role) return { userId, previous, current: role };
    await tx.userRole.upsert({
      where: { userId },
      create: { userId, role },
      update: { role, grantedAt: new Date() },
    });
    await recordAudit(tx, {
      actor: options.actor,
      action: "grant",
      target: user,
      reason: `${role} role${previous ? ` (was ${previous})` : ""}${options.reason ? `: ${options.reason}` : ""}`,
    });
    return { userId, previous, current: role };
  });
}

/** Takes the user's role away; nothing is written when they hold none. */
export async function revokeRole(
  db: Db,
  options: { userId: string; actor: Actor; reason?: string },
): Promise<RoleChange> {
  const { userId } = options;
  return groupCommit(db, async ({ tx }) => {
    const user = await findTarget(tx, { kind: "user", id: userId });
    if (!user) throw notFound("No user has this id.", { user_id: userId });
    const held = await tx.userRole.findUnique({ where: { userId }, select: { role: true } });
    if (!held) return { userId, previous: null, current: null };
    await tx.userRole.delete({ where: { userId } });
    await recordAudit(tx, {
      actor: options.actor,
      action: "revoke",
      target: user,
      reason: `${held.role} role${options.reason ? `: ${options.reason}` : ""}`,
    });
    return { userId, previous: isRole(held.role) ? held.role : null, current: null };
  });
}

export async function listRoles(db: Db): Promise<{ userId: string; role: string; grantedAt: Date }[]> {
  return db.userRole.findMany({ orderBy: [{ grantedAt: "asc" }, { userId: "asc" }] });
}
