/**
 * The live numbers on the home page. Documents a moderator hid (or whose author is
 * suspended) count nowhere a visitor looks, their downloads neither.
 */
import type { Db } from "@/lib/db/client";
import { visibleDocuments } from "@/lib/documents/visibility";

export interface HomeCounts {
  mods: number;
  engrams: number;
  documents: number;
  downloads: number;
}

export async function homeCounts(db: Db): Promise<HomeCounts> {
  const [mods, engrams, documents, downloads] = await Promise.all([
    db.modRegistration.count({ where: { confirmedModId: { not: null } } }),
    db.engram.count(),
    db.document.count({ where: visibleDocuments() }),
    db.document.aggregate({ where: visibleDocuments(), _sum: { downloadCount: true } }),
  ]);
  return { mods, engrams, documents, downloads: downloads._sum.downloadCount ?? 0 };
}
