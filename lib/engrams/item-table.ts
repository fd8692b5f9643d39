/**
 * The table of a kind of item, as the code shared by engrams and creatures uses it. Reads
 * and deletes go through ItemTable, which both generated Prisma delegates (db.engram,
 * db.creature) satisfy as they are; writes differ by can_blueprint (engrams only), so
 * createItems and updateItem pick the delegate.
 */
import type { Db, Tx } from "@/lib/db/client";
import type { EngramRecord } from "@/lib/engrams/engram-input";
import type { ItemKind } from "@/lib/engrams/item-kind";

export const OWNERSHIP = { uid: true, classKey: true, modId: true, mod: { select: { userId: true } } } as const;

export interface ItemOwnership {
  uid: string;
  classKey: string;
  modId: string | null;
  mod: { userId: string } | null;
}

export interface ItemTable {
  /** who owns these rows: one select for every lookup (a generic delegate cannot be given overloads) */
  findMany(args: { where: { uid: { in: string[] } } | { classKey: { in: string[] } } | { modId: string }; select: typeof OWNERSHIP }): Promise<ItemOwnership[]>;
  deleteMany(args: { where: { uid: { in: string[] } } }): Promise<{ count: number }>;
  count(args: { where: { modId: string | null } }): Promise<number>;
}

export function itemTable(db: Db | Tx, kind: ItemKind): ItemTable {
  return kind === "engrams" ? db.engram : db.creature;
}

/** New rows: engrams get can_blueprint (true unless given), creatures have none. */
export async function createItems(db: Db | Tx, kind: ItemKind, records: EngramRecord[]): Promise<void> {
  if (kind === "engrams") await db.engram.createMany({ data: records.map((r) => ({ ...r, canBlueprint: r.canBlueprint ?? true })) });
  else await db.creature.createMany({ data: records.map(({ canBlueprint: _, ...r }) => r) });
}

/**
 * The update of an existing row, only where it still belongs to the same mod (a
 * concurrent delete-and-recreate by another mod must not be overwritten): 1 or 0 rows.
 * can_blueprint left out keeps the stored value.
 */
export async function updateItem(db: Db | Tx, kind: ItemKind, record: EngramRecord): Promise<number> {
  const { uid, canBlueprint, ...data } = record;
  const where = { uid, modId: record.modId };
  if (kind === "creatures") return (await db.creature.updateMany({ where, data })).count;
  return (await db.engram.updateMany({ where, data: canBlueprint === undefined ? data : { ...data, canBlueprint } })).count;
}
