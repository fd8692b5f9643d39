/**
 * Reading engrams (spec "Engrams", CONTRACT §6): public, ordered by label then uid.
 * `mods` undefined lists every engram, null those without a mod (the base game), an
 * array those of the named mods.
 */
import type { Db } from "@/lib/db/client";
import { engramJson, engramSelect, type EngramJson } from "@/lib/engrams/engram-json";

const order = [{ label: "asc" as const }, { uid: "asc" as const }];

export async function listEngrams(db: Db, options: { mods?: string[] | null } = {}): Promise<EngramJson[]> {
  const where = options.mods === undefined ? {} : options.mods === null ? { modId: null } : { modId: { in: options.mods } };
  const rows = await db.engram.findMany({ where, select: engramSelect, orderBy: order });
  return rows.map((r) => engramJson(r));
}
