/**
 * What can be reported and moderated: a document, a mod (a confirmed workshop mod, as the
 * spawn page shows it) or a user (an author). A target is named by its kind and id; its
 * label and owner are read when something happens to it, so the audit trail and the
 * owner's notice keep them even after the target is gone.
 */
import { shownTitle } from "@/lib/documents/text-limits";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { authorLabel } from "@/lib/display-names/display-name-rules";
import { canonicalModId } from "@/lib/mods/mod-id";
import { isUuid } from "@/lib/uuid";

export const TARGET_KINDS = ["document", "mod", "user"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface TargetRef {
  kind: TargetKind;
  id: string;
}

export interface Target extends TargetRef {
  /** the document's or mod's name, the user's display name or "user <8 hex>" */
  label: string;
  /** who answers for it: the document's author, the mod's confirmed owner, the user */
  ownerId: string;
  /** a document a moderator hid (or whose author is suspended): shown to its author and moderators only */
  hidden?: boolean;
}

/** The canonical id of a target of this kind (lowercase UUID, decimal workshop id), or null. */
export function canonicalTargetId(kind: TargetKind, id: string): string | null {
  if (kind === "mod") return canonicalModId(id);
  return isUuid(id) ? id.toLowerCase() : null;
}

/** zod for `{kind, id}` from a form or a request body (field names as given). */
export const targetInput = z
  .object({
    kind: z.enum(TARGET_KINDS, { error: `must be one of ${TARGET_KINDS.join(", ")}` }),
    id: z.string({ error: "is required" }).max(100, "is too long"),
  })
  .transform((t, ctx) => {
    const id = canonicalTargetId(t.kind, t.id);
    if (id === null) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: t.kind === "mod" ? "must be a workshop id (digits)" : "must be a UUID",
      });
      return z.NEVER;
    }
    return { kind: t.kind, id } as TargetRef;
  });

async function userLabel(db: Db | Tx, userId: string): Promise<string> {
  const name = await db.displayName.findUnique({ where: { userId }, select: { name: true } });
  return authorLabel(userId, name?.name);
}

/** The target as it is now, or null when it does not exist (a removed document, an unconfirmed mod). */
export async function findTarget(db: Db | Tx, ref: TargetRef): Promise<Target | null> {
  if (ref.kind === "document") {
    const doc = await db.document.findUnique({
      where: { id: ref.id },
      select: { name: true, userId: true, hiddenAt: true },
    });
    return doc && { ...ref, label: doc.name, ownerId: doc.userId, hidden: doc.hiddenAt !== null };
  }
  if (ref.kind === "mod") {
    const mod = await db.modRegistration.findUnique({
      where: { confirmedModId: ref.id },
      select: { name: true, userId: true },
    });
    return mod && { ...ref, label: mod.name, ownerId: mod.userId };
  }
  const user = await db.user.findUnique({ where: { id: ref.id }, select: { id: true } });
  return user && { ...ref, label: await userLabel(db, user.id), ownerId: user.id };
}

/** How a target is named in messages: "document “Loot”", "mod “X” (123)", "user 1a2b3c4d". */
export function targetText(t: Pick<Target, "kind" | "id" | "label">): string {
  // The label as the API took it may be any length: cut as listings cut a title.
  if (t.kind === "document") return `document “${shownTitle(t.label)}”`;
  if (t.kind === "mod") return `mod “${t.label}” (${t.id})`;
  return t.label;
}

/**
 * The target as `viewer` may see it: a hidden document is not there for anyone but its
 * author and moderators (lib/documents/visibility.ts), so its report form and report.php
 * answer 404 as for a document that does not exist, and its name is never shown.
 */
export async function findTargetShownTo(
  db: Db | Tx,
  ref: TargetRef,
  viewer: { kind: "user"; userId: string } | { kind: "anonymous" },
  isModerator: (userId: string) => Promise<boolean>,
): Promise<Target | null> {
  const target = await findTarget(db, ref);
  if (!target?.hidden) return target;
  if (viewer.kind !== "user") return null;
  return viewer.userId === target.ownerId || (await isModerator(viewer.userId)) ? target : null;
}
