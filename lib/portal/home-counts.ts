/** The live numbers on the home page. */
import type { Db } from "@/lib/db/client";

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
    db.document.count(),
    db.document.aggregate({ _sum: { downloadCount: true } }),
  ]);
  return { mods, engrams, documents, downloads: downloads._sum.downloadCount ?? 0 };
}
