/**
 * POST /v1/mod.php (docs/CONTRACT.md#mods): registers every item
 * or none. A mod must exist in the game's workshop (checked before any write); a mod the
 * caller registered already only has its pull_url updated, when the item carries one,
 * else 409; a mod confirmed by another user is 409 (ownership rule 2).
 *
 * Any number of items within MAX_BODY_BYTES: Steam is asked 100 ids per call, rows are
 * written in statements of ROWS_PER_STATEMENT, all in one transaction.
 *
 * Concurrency: each workshop id is locked for the transaction (lib/db/lock.ts) in the
 * same way confirmMod locks it, so a registration can never slip in beside a
 * confirmation that is deleting the others; the unique (user_id, workshop_id) index
 * turns a concurrent double registration into a 409.
 *
 * ASA mods register the same way with `game: "asa"` and the CurseForge client
 * (lib/curseforge) as `steam`. Ids are one space across both games: an id registered or
 * confirmed in one game is taken in the other too.
 */
import { randomUUID } from "node:crypto";
import { conflict, notFound, type ApiError } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import { isUniqueViolation } from "@/lib/db/errors";
import { batchTransactionOptions, chunks, findInChunks } from "@/lib/db/chunks";
import { lockForTransaction } from "@/lib/db/lock";
import type { ModInput } from "@/lib/mods/mod-input";
import type { WorkshopClient, WorkshopItem } from "@/lib/steam/workshop-client";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

const WHERE_MODS_LIVE: Record<Game, string> = {
  ase: "in the game's Steam Workshop",
  asa: "an ARK: Survival Ascended project on CurseForge",
};

export const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

export const modLockKey = (workshopId: string) => `mod:${workshopId}`;

function takenByOther(index: number, workshopId: string): ApiError {
  return conflict(`Item ${index}: mod ${workshopId} is confirmed by another user.`, { index, mod_id: workshopId });
}

function alreadyRegistered(index: number, workshopId: string): ApiError {
  return conflict(`Item ${index}: you registered mod ${workshopId} already; send pull_url to change it.`, {
    index,
    mod_id: workshopId,
  });
}

async function checkItems(db: Db | Tx, userId: string, items: ModInput[], game: Game): Promise<Set<string>> {
  const ids = items.map((i) => i.workshopId);
  const rows = await findInChunks(ids, (part) =>
    db.modRegistration.findMany({
      where: { workshopId: { in: part }, OR: [{ userId }, { confirmedModId: { not: null } }] },
      select: { userId: true, workshopId: true, game: true },
    }),
  );
  const own = new Set(rows.filter((r) => r.userId === userId && r.game === game).map((r) => r.workshopId));
  // Ids are one space across both games: the caller's registration in the other game holds the id.
  const otherGame = new Set(rows.filter((r) => r.userId === userId && r.game !== game).map((r) => r.workshopId));
  const taken = new Set(rows.filter((r) => r.userId !== userId).map((r) => r.workshopId));
  items.forEach((item, index) => {
    if (own.has(item.workshopId)) {
      if (item.pullUrl === undefined) throw alreadyRegistered(index, item.workshopId);
    } else if (otherGame.has(item.workshopId)) {
      throw conflict(`Item ${index}: you registered mod ${item.workshopId} for the other game.`, {
        index,
        mod_id: item.workshopId,
      });
    } else if (taken.has(item.workshopId)) {
      throw takenByOther(index, item.workshopId);
    }
  });
  return own;
}

/** Steam details of every item not registered by the caller already: 100 ids per Steam call. */
async function lookUpAll(
  steam: WorkshopClient,
  items: ModInput[],
  skip: Set<string>,
  game: Game,
): Promise<Map<string, WorkshopItem>> {
  const found = await steam.getItems(items.map((i) => i.workshopId).filter((id) => !skip.has(id)));
  const details = new Map<string, WorkshopItem>();
  items.forEach((item, index) => {
    if (skip.has(item.workshopId)) return;
    const info = found.get(item.workshopId);
    // Name the item, as every batch error does (docs/CONTRACT.md#errors).
    if (!info)
      throw notFound(`Item ${index}: mod ${item.workshopId} is not ${WHERE_MODS_LIVE[game]}.`, {
        index,
        mod_id: item.workshopId,
      });
    details.set(item.workshopId, info);
  });
  return details;
}

export async function registerMods(
  db: Db,
  options: { userId: string; items: ModInput[]; steam: WorkshopClient; game?: Game },
): Promise<void> {
  const { userId, items, steam } = options;
  const game = options.game ?? V1_GAME;
  const ownBefore = await checkItems(db, userId, items, game);
  const details = await lookUpAll(steam, items, ownBefore, game);
  try {
    await groupCommit(
      db,
      async ({ tx }) => {
        // Sorted, so two batches locking the same ids cannot deadlock.
        for (const id of [...new Set(items.map((i) => i.workshopId))].sort())
          await lockForTransaction(tx, modLockKey(id));
        const own = await checkItems(tx, userId, items, game);
        for (const item of items) {
          if (!own.has(item.workshopId)) continue;
          await tx.modRegistration.update({
            where: { userId_workshopId: { userId, workshopId: item.workshopId } },
            data: { pullUrl: item.pullUrl ?? null },
          });
        }
        const fresh = items.filter((item) => !own.has(item.workshopId));
        // Registered and then deleted between the checks: look those up now rather than fail.
        const late = fresh.filter((item) => !details.has(item.workshopId));
        if (late.length > 0)
          for (const [id, info] of await lookUpAll(steam, late, new Set(), game)) details.set(id, info);
        for (const part of chunks(fresh)) {
          await tx.modRegistration.createMany({
            data: part.map((item) => ({
              userId,
              workshopId: item.workshopId,
              name: details.get(item.workshopId)!.title,
              confirmationCode: randomUUID(),
              pullUrl: item.pullUrl ?? null,
              game,
            })),
          });
        }
      },
      { rows: items.length, timeoutMs: batchTransactionOptions(items.length).timeout },
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict("One of these mods was registered by a concurrent request; try again.", null);
    throw err;
  }
}
