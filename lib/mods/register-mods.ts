/**
 * POST /v1/mod.php (spec "States and transitions", CONTRACT §5): registers every item
 * or none. A mod must exist in the game's workshop (checked before any write); a mod the
 * caller registered already only has its pull_url updated, when the item carries one,
 * else 409; a mod confirmed by another user is 409 (ownership rule 2).
 *
 * Concurrency: each workshop id is locked for the transaction (lib/db/lock.ts) in the
 * same way confirmMod locks it, so a registration can never slip in beside a
 * confirmation that is deleting the others; the unique (user_id, workshop_id) index
 * turns a concurrent double registration into a 409.
 */
import { randomUUID } from "node:crypto";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { lockForTransaction } from "@/lib/db/lock";
import type { ModInput } from "@/lib/mods/mod-input";
import type { WorkshopClient, WorkshopItem } from "@/lib/steam/workshop-client";

export const MAX_MODS_PER_POST = 100;
const STEAM_CONCURRENCY = 4;
export const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

export const modLockKey = (workshopId: string) => `mod:${workshopId}`;

function takenByOther(index: number, workshopId: string): ApiError {
  return conflict(`Item ${index}: mod ${workshopId} is confirmed by another user.`, { index, mod_id: workshopId });
}

function alreadyRegistered(index: number, workshopId: string): ApiError {
  return conflict(`Item ${index}: you registered mod ${workshopId} already; send pull_url to change it.`, { index, mod_id: workshopId });
}

async function checkItems(db: Db | Tx, userId: string, items: ModInput[]): Promise<Set<string>> {
  const ids = items.map((i) => i.workshopId);
  const rows = await db.modRegistration.findMany({
    where: { workshopId: { in: ids }, OR: [{ userId }, { confirmedModId: { not: null } }] },
    select: { userId: true, workshopId: true },
  });
  const own = new Set(rows.filter((r) => r.userId === userId).map((r) => r.workshopId));
  const taken = new Set(rows.filter((r) => r.userId !== userId).map((r) => r.workshopId));
  items.forEach((item, index) => {
    if (own.has(item.workshopId)) {
      if (item.pullUrl === undefined) throw alreadyRegistered(index, item.workshopId);
    } else if (taken.has(item.workshopId)) {
      throw takenByOther(index, item.workshopId);
    }
  });
  return own;
}

async function lookUpAll(steam: WorkshopClient, items: ModInput[], skip: Set<string>): Promise<Map<string, WorkshopItem>> {
  const found = new Map<string, WorkshopItem>();
  const todo = items.map((item, index) => ({ item, index })).filter(({ item }) => !skip.has(item.workshopId));
  for (let i = 0; i < todo.length; i += STEAM_CONCURRENCY) {
    await Promise.all(
      todo.slice(i, i + STEAM_CONCURRENCY).map(async ({ item, index }) => {
        try {
          found.set(item.workshopId, await steam.getItem(item.workshopId));
        } catch (err) {
          // Name the item, as every batch error does (CONTRACT §3).
          if (err instanceof ApiError && err.code === "not_found") {
            throw notFound(`Item ${index}: mod ${item.workshopId} is not in the game's Steam Workshop.`, { index, mod_id: item.workshopId });
          }
          throw err;
        }
      }),
    );
  }
  return found;
}

export async function registerMods(db: Db, options: { userId: string; items: ModInput[]; steam: WorkshopClient }): Promise<void> {
  const { userId, items, steam } = options;
  const ownBefore = await checkItems(db, userId, items);
  const details = await lookUpAll(steam, items, ownBefore);
  try {
    await db.$transaction(async (tx) => {
      // Sorted, so two batches locking the same ids cannot deadlock.
      for (const id of [...new Set(items.map((i) => i.workshopId))].sort()) await lockForTransaction(tx, modLockKey(id));
      const own = await checkItems(tx, userId, items);
      for (const item of items) {
        if (own.has(item.workshopId)) {
          await tx.modRegistration.update({ where: { userId_workshopId: { userId, workshopId: item.workshopId } }, data: { pullUrl: item.pullUrl ?? null } });
          continue;
        }
        // Registered and then deleted between the checks: look it up now rather than fail.
        const info = details.get(item.workshopId) ?? (await steam.getItem(item.workshopId));
        await tx.modRegistration.create({
          data: { userId, workshopId: item.workshopId, name: info.title, confirmationCode: randomUUID(), pullUrl: item.pullUrl ?? null },
        });
      }
    }, TX_OPTIONS);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("One of these mods was registered by a concurrent request; try again.", null);
    throw err;
  }
}
