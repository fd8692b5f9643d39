/** How many engrams and creatures each mod has: what removing it takes with it. */
import type { Db } from "@/lib/db/client";

export interface ModContents {
  engrams: number;
  creatures: number;
}

export async function modContents(db: Db, modIds: string[]): Promise<Map<string, ModContents>> {
  const out = new Map<string, ModContents>(modIds.map((id) => [id, { engrams: 0, creatures: 0 }]));
  if (modIds.length === 0) return out;
  const where = { modId: { in: modIds } };
  const [engrams, creatures] = await Promise.all([
    db.engram.groupBy({ by: ["modId"], where, _count: { _all: true } }),
    db.creature.groupBy({ by: ["modId"], where, _count: { _all: true } }),
  ]);
  for (const e of engrams) if (e.modId) out.get(e.modId)!.engrams = e._count._all;
  for (const c of creatures) if (c.modId) out.get(c.modId)!.creatures = c._count._all;
  return out;
}
