/**
 * A suspended user's signed writes are refused (lib/moderation/actions.ts suspends and
 * reinstates): every signed request but a read gets a 403 JSON error saying the account
 * is suspended, before its handler runs, so nothing changes. Reads stay open: a client
 * can still fetch what it needs to show the user why. Kept per user until the "users"
 * data version moves (a suspension updates the user's row), so a signed write costs no
 * extra query.
 */
import { forbidden } from "@/lib/api/errors";
import { cachedAtVersion, sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";

interface Suspension {
  at: string;
  reason: string;
}

const suspensions = sharedCache<Suspension | null>("suspensions", {
  maxBytes: 1 << 20,
  sizeOf: (s) => 64 + (s?.reason.length ?? 0) * 2,
});

export async function suspensionOf(db: Db, userId: string): Promise<Suspension | null> {
  return cachedAtVersion(db, "users", suspensions, userId, async () => {
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { suspendedAt: true, suspendedReason: true },
    });
    return user?.suspendedAt ? { at: user.suspendedAt.toISOString(), reason: user.suspendedReason ?? "" } : null;
  });
}

/** Throws the 403 when `userId` is suspended. */
export async function refuseSuspendedWriter(db: Db, userId: string): Promise<void> {
  const suspension = await suspensionOf(db, userId);
  if (suspension)
    throw forbidden("This account is suspended: its signed changes are refused until a moderator reinstates it.", {
      user_id: userId,
      suspended: true,
      suspended_at: suspension.at,
      reason: suspension.reason,
    });
}

/** What the dashboard and the editor answer a suspended author's change (nothing is changed). */
export const SUSPENDED_SESSION_MESSAGE =
  "Your account is suspended: nothing is changed until a moderator reinstates it. Your dashboard says why and lets you appeal.";

/** The refusal of a session's write when `userId` is suspended, or null. */
export async function suspendedSessionRefusal(db: Db, userId: string): Promise<string | null> {
  return (await suspensionOf(db, userId)) ? SUSPENDED_SESSION_MESSAGE : null;
}
