/**
 * The live numbers on the home page. Documents a moderator hid (or whose author is
 * suspended) count nowhere a visitor looks, their downloads neither.
 */
import type { Db } from "@/lib/db/client";
import { visibleDocuments } from "@/lib/documents/visibility";

export interface HomeCounts {
  mods: number;
  engrams: number;
  /** creatures per game: the base games' and mods' */
  creatures: { ase: number; asa: number };
  documents: number;
  downloads: number;
}

export async function homeCounts(db: Db): Promise<HomeCounts> {
  const [mods, engrams, aseCreatures, asaCreatures, documents, downloads] = await Promise.all([
    db.modRegistration.count({ where: { confirmedModId: { not: null } } }),
    db.engram.count(),
    db.creature.count({ where: { game: "ase" } }),
    db.creature.count({ where: { game: "asa" } }),
    db.document.count({ where: visibleDocuments() }),
    db.document.aggregate({ where: visibleDocuments(), _sum: { downloadCount: true } }),
  ]);
  return {
    mods,
    engrams,
    creatures: { ase: aseCreatures, asa: asaCreatures },
    documents,
    downloads: downloads._sum.downloadCount ?? 0,
  };
}
