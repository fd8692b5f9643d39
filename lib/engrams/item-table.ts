/**
 * The table of a kind of item, as the code shared by engrams and creatures uses it. Reads
 * and deletes go through ItemTable, which both generated Prisma delegates (db.engram,
 * db.creature) satisfy as they are; writes differ by can_blueprint (engrams only), so
 * createItems and updateItem pick the delegate; updateModItem is updateItem as one plain
 * statement, for the hot single-item republish.
 */
import type { Db, Tx } from "@/lib/db/client";
import type { Sql } from "@/lib/db/sql";
import type { EngramRecord, ItemFacts } from "@/lib/engrams/engram-input";
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
  findMany(args: {
    where: { uid: { in: string[] } } | { classKey: { in: string[] } } | { modId: string };
    select: typeof OWNERSHIP;
  }): Promise<ItemOwnership[]>;
  deleteMany(args: { where: { uid: { in: string[] } } }): Promise<{ count: number }>;
  count(args: { where: { modId: string | null } }): Promise<number>;
}

export function itemTable(db: Db | Tx, kind: ItemKind): ItemTable {
  return kind === "engrams" ? db.engram : db.creature;
}

/** The fact columns of a kind (none when the record gave no facts). */
function factColumns(kind: ItemKind, f: ItemFacts | undefined) {
  if (!f) return {};
  return kind === "engrams"
    ? { maps: f.maps, category: f.category, blueprintKnown: f.blueprintKnown }
    : { maps: f.maps, tameable: f.tameable, listedAs: f.listedAs };
}

/** New rows: engrams get can_blueprint (true unless given), creatures have none. */
export async function createItems(db: Db | Tx, kind: ItemKind, records: EngramRecord[]): Promise<void> {
  if (kind === "engrams")
    await db.engram.createMany({
      data: records.map(({ facts, ...r }) => ({
        ...r,
        canBlueprint: r.canBlueprint ?? true,
        ...factColumns(kind, facts),
      })),
    });
  else
    await db.creature.createMany({
      data: records.map(({ canBlueprint: _, facts, ...r }) => ({ ...r, ...factColumns(kind, facts) })),
    });
}

/**
 * The update of an existing row, only where it still belongs to the same mod (a
 * concurrent delete-and-recreate by another mod must not be overwritten): 1 or 0 rows.
 * can_blueprint left out keeps the stored value, and so do facts not given.
 */
export async function updateItem(db: Db | Tx, kind: ItemKind, record: EngramRecord): Promise<number> {
  const { uid, canBlueprint, facts, ...v1 } = record;
  const where = { uid, modId: record.modId };
  const data = { ...v1, ...factColumns(kind, facts) };
  if (kind === "creatures") return (await db.creature.updateMany({ where, data })).count;
  return (await db.engram.updateMany({ where, data: canBlueprint === undefined ? data : { ...data, canBlueprint } }))
    .count;
}

const TABLES: Record<ItemKind, string> = { engrams: "engrams", creatures: "creatures" };

/**
 * updateItem of one item of a mod as one plain statement (lib/db/sql.ts) on the caller's
 * transaction: the republish of a single engram or creature, what mod tools send most,
 * costs microseconds instead of a Prisma call (Prisma's overhead was 38 % of that
 * request's CPU). Sets what Prisma would (updated_at included; the change log's triggers
 * ignore a change of updated_at alone). 1 when it was updated.
 */
export async function updateModItem(
  sql: Sql,
  kind: ItemKind,
  record: EngramRecord & { modId: string },
): Promise<number> {
  const blueprint = kind === "engrams" && record.canBlueprint !== undefined;
  const set = [
    "path",
    "class_name",
    "class_key",
    "label",
    "environments",
    "updated_at",
    ...(blueprint ? ["can_blueprint"] : []),
  ];
  const values = [
    record.path,
    record.className,
    record.classKey,
    record.label,
    record.environments,
    new Date(),
    ...(blueprint ? [record.canBlueprint] : []),
  ];
  return sql.run(
    `UPDATE "${TABLES[kind]}" SET ${set.map((c) => `"${c}" = ?`).join(", ")} WHERE "uid" = ? AND "mod_id" = ?`,
    [...values, record.uid, record.modId],
  );
}
