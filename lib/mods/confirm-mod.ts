/**
 * GET /v1/mod.php/<id>?action=confirm (docs/CONTRACT.md#mods): the
 * registration is confirmed when its confirmation_code occurs in the workshop item's
 * description, read fresh from Steam. The reply is the mod structure; `confirmed` tells
 * the outcome (false: code not found yet, try again after editing the description).
 *
 * The win is decided in one transaction that sets confirmed_mod_id (unique across all
 * registrations, so the database refuses a second confirmed owner) and deletes every
 * other user's registration of the mod (ownership rule 3). The transaction first takes
 * the mod's lock (shared with registerMods), so on PostgreSQL concurrent confirmations
 * on any number of instances run one after the other.
 *
 * The loser of a race gets 409 "confirmed by another user", never confirmed:false: its
 * registration is gone, and a 200 would suggest it still exists.
 *
 * ASA mods (CurseForge projects) follow the same rules: `steam` is then the CurseForge
 * client (lib/curseforge), whose project summary and description play the workshop
 * description's part.
 */
import { conflict, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { lockForTransaction } from "@/lib/db/lock";
import { modJson, type ModJson } from "@/lib/mods/mod-json";
import { refuseSuspendedWriter } from "@/lib/moderation/suspension";
import { modLockKey, TX_OPTIONS } from "@/lib/mods/register-mods";
import type { WorkshopClient } from "@/lib/steam/workshop-client";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

const lostTo = (workshopId: string) =>
  conflict(`Mod ${workshopId} has been confirmed by another user.`, { mod_id: workshopId });

export async function confirmMod(
  db: Db,
  options: { userId: string; workshopId: string; steam: WorkshopClient; game?: Game },
): Promise<ModJson> {
  const { userId, workshopId, steam } = options;
  const game = options.game ?? V1_GAME;
  const found = await db.modRegistration.findUnique({ where: { userId_workshopId: { userId, workshopId } } });
  // A registration of the other game is not one of this game's mods.
  const reg = found?.game === game ? found : null;
  if (!reg) {
    const owner = await db.modRegistration.findUnique({
      where: { confirmedModId: workshopId },
      select: { game: true },
    });
    if (owner?.game === game) throw lostTo(workshopId);
    throw notFound(`You have not registered mod ${workshopId}.`, { mod_id: workshopId });
  }
  if (reg.confirmed) return modJson(reg);
  // Confirming writes, over a GET: a suspended account's writes are refused (lib/moderation/suspension.ts).
  await refuseSuspendedWriter(db, userId);

  const item = await steam.getItem(workshopId, { fresh: true });
  if (!item.description.includes(reg.confirmationCode)) return modJson(reg);

  try {
    const confirmed = await groupCommit(
      db,
      async ({ tx }) => {
        await lockForTransaction(tx, modLockKey(workshopId));
        const { count } = await tx.modRegistration.updateMany({
          where: { id: reg.id, confirmedModId: null },
          data: { confirmed: true, confirmedModId: workshopId, confirmedAt: new Date(), name: item.title || reg.name },
        });
        if (count === 0) {
          // Confirmed meanwhile by another request of this caller, or deleted by the winner's transaction.
          const now = await tx.modRegistration.findUnique({ where: { id: reg.id } });
          if (now?.confirmed) return now;
          throw lostTo(workshopId);
        }
        await tx.modRegistration.deleteMany({ where: { workshopId, id: { not: reg.id } } });
        return tx.modRegistration.findUniqueOrThrow({ where: { id: reg.id } });
      },
      { timeoutMs: TX_OPTIONS.timeout },
    );
    return modJson(confirmed);
  } catch (err) {
    if (isUniqueViolation(err)) throw lostTo(workshopId);
    throw err;
  }
}
