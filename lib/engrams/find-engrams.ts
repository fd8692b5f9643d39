/**
 * Reading engrams (spec "Engrams", CONTRACT §6): public, ordered by label then uid.
 * `mods` undefined lists every engram, null those without a mod (the base game), an
 * array those of the named mods.
 */
import type { Db } from "@/lib/db/client";
import { engramJson, engramSelect, type EngramJson, type EngramRow } from "@/lib/engrams/engram-json";

const order = [{ label: "asc" as const }, { uid: "asc" as const }];

/**
 * Every engram in catalogue order, `pageSize` at a time (keyset on label and uid), so a
 * large catalogue is never all in memory as rows and objects at once.
 */
export async function* listEngramsInPages(db: Db, pageSize = 5000): AsyncGenerator<EngramJson[]> {
  let after: { label: string; uid: string } | null = null;
  for (;;) {
    const where: NonNullable<Parameters<Db["engram"]["findMany"]>[0]>["where"] = after ? { OR: [{ label: { gt: after.label } }, { label: after.label, uid: { gt: after.uid } }] } : {};
    const rows: EngramRow[] = await db.engram.findMany({ where, select: engramSelect, orderBy: order, take: pageSize });
    if (rows.length === 0) return;
    yield rows.map((r) => engramJson(r));
    if (rows.length < pageSize) return;
    const last: EngramRow = rows.at(-1)!;
    after = { label: last.label, uid: last.uid };
  }
}

export async function listEngrams(db: Db, options: { mods?: string[] | null } = {}): Promise<EngramJson[]> {
  const where = options.mods === undefined ? {} : options.mods === null ? { modId: null } : { modId: { in: options.mods } };
  const rows = await db.engram.findMany({ where, select: engramSelect, orderBy: order });
  return rows.map((r) => engramJson(r));
}
