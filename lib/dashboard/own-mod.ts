/** Ownership in one place (STYLE habit 4): a mod of the dashboard user, or 404. */
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { canonicalModId } from "@/lib/mods/mod-id";

export async function findOwnMod(db: Db, options: { userId: string; workshopId: string; confirmed?: boolean }) {
  const id = canonicalModId(options.workshopId);
  const mod =
    id === null
      ? null
      : await db.modRegistration.findUnique({
          where: { userId_workshopId: { userId: options.userId, workshopId: id } },
        });
  if (!mod || (options.confirmed && !mod.confirmed))
    throw notFound("You have no confirmed mod with this id.", { mod_id: options.workshopId });
  return mod;
}
