/** Reading display names: the authors of a page of documents, one user, or who has a name. */
import type { Db } from "@/lib/db/client";
import { displayNameKey } from "@/lib/display-names/display-name-rules";
import { isUuid } from "@/lib/uuid";

/** user id -> display name, for the users that have one (one query). */
export async function displayNamesOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.displayName.findMany({ where: { userId: { in: ids } }, select: { userId: true, name: true } });
  return new Map(rows.map((r) => [r.userId, r.name]));
}

export async function displayNameOf(db: Db, userId: string): Promise<string | null> {
  return (await db.displayName.findUnique({ where: { userId }, select: { name: true } }))?.name ?? null;
}

/** The user a name belongs to, compared as names are (case, separators); undefined when none. */
export async function userIdByDisplayName(db: Db, text: string): Promise<string | undefined> {
  const key = displayNameKey(text.normalize("NFC").replace(/\s+/gu, " ").trim());
  if (key === "" || isUuid(text)) return undefined;
  return (await db.displayName.findUnique({ where: { nameKey: key }, select: { userId: true } }))?.userId;
}
