/**
 * Which documents are shown to whom. A document a moderator hid, or whose author is
 * suspended (lib/moderation/actions.ts), is kept whole but left out of every listing and
 * search, and its single reads (download, metadata, HEAD, revisions) answer 404 as if it
 * did not exist, except to its author and to moderators. Visible documents are served
 * to everyone alike.
 */
import type { Db } from "@/lib/db/client";

/** Whether the reader may see a hidden document of `ownerId` (its author, a moderator). */
export type HiddenAccess = (ownerId: string) => Promise<boolean>;

/** Nobody: listings and readers without a signature. */
export const NO_HIDDEN_ACCESS: HiddenAccess = async () => false;

/** The Prisma filter of the documents everyone sees (of one author when given). */
export function visibleDocuments(userId?: string): { hiddenAt: null; userId?: string } {
  return userId === undefined ? { hiddenAt: null } : { hiddenAt: null, userId };
}

/** The hidden document `id` when it exists and `access` lets this reader see it. */
export async function hiddenDocumentFor(
  db: Db,
  id: string,
  access: HiddenAccess,
): Promise<{ name: string; revision: number; lastUpdated: Date; userId: string } | null> {
  const doc = await db.document.findFirst({
    where: { id, hiddenAt: { not: null } },
    select: { name: true, revision: true, lastUpdated: true, userId: true },
  });
  return doc && (await access(doc.userId)) ? doc : null;
}

/** Whether `id` is a hidden document this reader may not see (404 to them, like no document). */
export async function hiddenFrom(db: Db, id: string, access: HiddenAccess): Promise<boolean> {
  const doc = await db.document.findUnique({ where: { id }, select: { hiddenAt: true, userId: true } });
  return doc !== null && doc.hiddenAt !== null && !(await access(doc.userId));
}
