// The map a path's folder names (lib/catalogue/map-folders.ts, docs/CATALOGUE.md "Maps
// from folders"), over the shipped catalogue: Genesis: Part 2, Crystal Isles, Lost Island
// and Fjordur gain the items and creatures their folders hold; cosmetics gain nothing;
// ASA rows and mods' rows are left as their data says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GAME_MAPS, gameMapByName } from "@/lib/catalogue/game-maps";
import { folderMap, isCosmetic, placedMapsMask } from "@/lib/catalogue/map-folders";
import { BASE_CATALOGUE_FILES, catalogueRows } from "@/lib/engrams/base-catalogue";
import { validateRows } from "@/lib/engrams/import-engrams";

const ROOT = join(import.meta.dirname, "../..");
const records = (kind: "engrams" | "creatures") =>
  validateRows(catalogueRows(kind, readFileSync(join(ROOT, BASE_CATALOGUE_FILES[kind]), "utf8"), new Map()), kind, {
    facts: true,
  }).records;

/** Rows per map key, as pages count them. */
function perMap(kind: "engrams" | "creatures", game: "ase" | "asa" = "ase"): Record<string, number> {
  const counts = Object.fromEntries(GAME_MAPS.map((m) => [m.key, 0]));
  for (const r of records(kind)) {
    const mask = placedMapsMask({
      environments: r.environments,
      maps: r.facts!.maps ?? null,
      path: r.path,
      modId: null,
      game,
    });
    for (const m of GAME_MAPS) if (mask & m.bit) counts[m.key]!++;
  }
  return counts;
}

describe("maps from folders", () => {
  it("names the map of each map's own folder, and none for shared folders", () => {
    const key = (path: string) => folderMap(path)?.key ?? null;
    expect(
      key(
        "/Game/Genesis2/CoreBlueprints/Environment/Mutagen/PrimalItemConsumable_Mutagen.PrimalItemConsumable_Mutagen",
      ),
    ).toBe("Genesis2");
    expect(key("/Game/Genesis/Dinos/MissionVariants/Hunt/Lunar/X.X")).toBe("Genesis");
    expect(key("/Game/Mods/CrystalIsles/Assets/Dinos/CrystalWyvern/X.X")).toBe("CrystalIsles");
    expect(key("/Game/Mods/FjordurOfficial/Dinos/Fenrir/X.X")).toBe("Fjordur");
    expect(key("/Game/Fjordur/Dinos/X.X")).toBe("Fjordur");
    expect(key("/Game/LostIsland/Dinos/Sinomacrops/X.X")).toBe("LostIsland");
    expect(key("/Game/ScorchedEarth/Dinos/Wyvern/X.X")).toBe("Scorched");
    expect(key("/Game/Mods/Ragnarok/Dinos/X.X")).toBe("Ragnarok");
    // shared folders, other mods, a folder that only starts like a map's
    expect(key("/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP")).toBeNull();
    expect(key("/Game/EndGame/Dinos/X.X")).toBeNull();
    expect(key("/Game/Mods/SomeMod/Genesis2/X.X")).toBeNull();
    expect(key("/Game/Genesis2Extra/X.X")).toBeNull();
    // a cosmetic is worn on every map, whatever folder holds it
    expect(isCosmetic("/Game/Genesis/CoreBlueprints/Items/PrimalItemSkin_Gen1Hat.PrimalItemSkin_Gen1Hat")).toBe(true);
    expect(key("/Game/Genesis/CoreBlueprints/Items/PrimalItemSkin_Gen1Hat.PrimalItemSkin_Gen1Hat")).toBeNull();
    expect(key("/Game/Genesis2/CoreBlueprints/PrimalItemCostume_X.PrimalItemCostume_X")).toBeNull();
  });

  it("gives the shipped items and creatures the maps their folders name (ASE counts before → after the rule)", () => {
    // before: Genesis2 0, CrystalIsles 0, LostIsland 0, Fjordur 0, Genesis 68 (mostly event skins on every map)
    expect(perMap("engrams")).toMatchObject({
      Genesis2: 117,
      CrystalIsles: 9,
      LostIsland: 16,
      Fjordur: 44,
      Genesis: 158,
    });
    expect(perMap("creatures")).toMatchObject({
      Genesis2: 383,
      CrystalIsles: 9,
      LostIsland: 10,
      Fjordur: 25,
      Genesis: 289,
    });
    // The v1 maps keep the data's facts plus what their folders name.
    expect(perMap("engrams")).toMatchObject({ Island: 1031, Scorched: 944, Aberration: 889 });
  });

  it("leaves ASA rows and mods' rows as their data says", () => {
    expect(perMap("creatures", "asa")).toMatchObject({ Genesis2: 0, CrystalIsles: 0, Fjordur: 0, Genesis: 1 });
    const row = { environments: 0, maps: null, path: "/Game/Genesis2/X.X" };
    expect(placedMapsMask({ ...row, modId: null, game: "ase" })).toBe(gameMapByName("Genesis2")!.bit);
    expect(placedMapsMask({ ...row, modId: "731604991", game: "ase" })).toBe(0);
    expect(placedMapsMask({ ...row, modId: null, game: "asa" })).toBe(0);
  });
});
