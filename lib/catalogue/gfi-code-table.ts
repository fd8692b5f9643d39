/**
 * The GFI codes a spawn page shows (docs/PORTAL.md#gfi-codes): for the base game's engrams and those
 * of the page's mods (or of every mod), each engram's shortest GFI code
 * (gfi-codes.ts), by uid. Computed once per engram data version and mod set, not per
 * request, like the spawn page's rows (lib/spawn/spawn-catalogue.ts): between writes a
 * lookup costs one version read. Creatures have none: gfi gives items.
 */
import { sharedCache, stringBytes } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { gfiCodes } from "@/lib/catalogue/gfi-codes";
import { allEngrams } from "@/lib/engrams/engram-catalogue";

/** uid -> code; null: the engram has none (its class lies inside another one). */
export type GfiCodeTable = ReadonlyMap<string, string | null>;

// A Map entry with its 32-character uid key ~200 bytes, plus the code (20,000 engrams: 4.1 MB
// estimated, 4.3 MB measured on the heap).
const tableBytes = (table: GfiCodeTable) =>
  [...table.values()].reduce((n: number, code) => n + 200 + (code === null ? 0 : stringBytes(code)), 64);
const tables = sharedCache<GfiCodeTable>("gfi_codes", { maxBytes: 32 << 20, sizeOf: tableBytes });

/** `mods`: the page's workshop ids; null: every mod's engrams. */
export async function gfiCodeTable(db: Db, mods: string[] | null): Promise<GfiCodeTable> {
  const { version, read } = await allEngrams(db);
  const wanted = mods === null ? null : new Set(mods);
  const key = wanted === null ? "*" : [...wanted].sort().join(",");
  return tables.get(key, version, async () => {
    const items = read().filter((e) => e.mod_id === null || wanted === null || wanted.has(String(e.mod_id)));
    const codes = gfiCodes(items.map((e) => e.class));
    return new Map(items.map((e, i) => [e.uid, codes[i]!]));
  });
}
