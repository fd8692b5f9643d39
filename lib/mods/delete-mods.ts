/**
 * DELETE /v1/mod.php (docs/CONTRACT.md#mods): removes the caller's registrations
 * of these mods; deleting a confirmed one removes its engrams through the database's
 * ON DELETE CASCADE (engrams.mod_id -> confirmed_mod_id). A mod confirmed by another
 * user is 403 and nothing is deleted; ids the caller never registered are ignored, and
 * 404 answers a request that matched nothing. Of one game: v1 deletes Workshop (ASE) mods.
 */
import { forbidden, notFound } from "@/lib/api/errors";
import { chunks, findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

export async function deleteMods(
  db: Db,
  options: { userId: string; workshopIds: string[]; game?: Game },
): Promise<void> {
  const { userId, workshopIds } = options;
  const game = options.game ?? V1_GAME;
  await groupCommit(
    db,
    async ({ tx }) => {
      const others = await findInChunks(workshopIds, (part) =>
        tx.modRegistration.findMany({
          where: { confirmedModId: { in: part }, game, userId: { not: userId } },
          select: { workshopId: true },
        }),
      );
      if (others.length > 0) {
        throw forbidden("Mods confirmed by another user cannot be deleted.", {
          mod_ids: others.map((o) => o.workshopId).slice(0, 20),
        });
      }
      let count = 0;
      for (const part of chunks(workshopIds))
        count += (await tx.modRegistration.deleteMany({ where: { userId, game, workshopId: { in: part } } })).count;
      if (count === 0)
        throw notFound("You have not registered any of these mods.", { mod_ids: workshopIds.slice(0, 20) });
    },
    { rows: workshopIds.length },
  );
}
