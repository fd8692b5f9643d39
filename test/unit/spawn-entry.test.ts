// Item and creature pages (docs/PORTAL.md#item-and-creature-pages): their addresses, the
// name and row a page shows, the 404's words, and the sitemap's XML (lib/portal/sitemap.ts).
import { describe, expect, it } from "vitest";
import { notFoundMessage } from "@/lib/portal/not-found-message";
import { sitemapIndexXml, urlsetXml } from "@/lib/portal/sitemap";
import { entryHref, parseEntryAddress } from "@/lib/spawn/entry-address";
import { viewCommands } from "@/lib/spawn/row-command";
import { entryLabel, entryRow, type SpawnEntry } from "@/lib/spawn/spawn-entry";
import { DEFAULT_VIEW } from "@/lib/spawn/spawn-view";
import { spawnOf, creatureSpawnOf } from "@/lib/engrams/derive";

const PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick";
const REX = "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP";

const entry = (over: Partial<SpawnEntry>): SpawnEntry => ({
  kind: "item",
  uid: "0".repeat(32),
  path: PICK,
  className: "PrimalItem_WeaponMetalPick_C",
  label: "Metal Pick",
  environments: 1,
  maps: 1,
  canBlueprint: true,
  blueprintKnown: true,
  category: "Tool",
  tameable: null,
  listedAs: null,
  mod: null,
  facet: 0,
  gfi: "lpic",
  updatedAt: new Date(0),
  ...over,
});

describe("an entry's address", () => {
  it("is /spawn/base/<class> or /spawn/<workshop id>/<class>, the class encoded", () => {
    expect(entryHref(null, "PrimalItem_WeaponMetalPick_C")).toBe("/spawn/base/PrimalItem_WeaponMetalPick_C");
    expect(entryHref("731604991", "Odd Class#1_C")).toBe("/spawn/731604991/Odd%20Class%231_C");
  });

  it("reads the base game or a canonical workshop id, and the class in any case", () => {
    expect(parseEntryAddress("base", "PrimalItem_WeaponMetalPick_C")).toEqual({
      modId: null,
      className: "PrimalItem_WeaponMetalPick_C",
      classKey: "primalitem_weaponmetalpick_c",
    });
    expect(parseEntryAddress("731604991", "rex_character_bp_c")?.modId).toBe("731604991");
    for (const scope of ["Base", "0", "0123", "-5", "12345678901234567", "99999999999999999", "1,2", ""])
      expect(parseEntryAddress(scope, "Rex_Character_BP_C"), scope).toBeNull();
    for (const cls of ["", " ", "a/b", "a b", "x".repeat(301)]) expect(parseEntryAddress("base", cls)).toBeNull();
  });
});

describe("what an entry's page shows", () => {
  it("puts a multi-line label on one line and names an unlabelled row by its class", () => {
    expect(entryLabel({ label: "Generate\nAberration (Gamma)\nPortal", className: "X_C" })).toBe(
      "Generate Aberration (Gamma) Portal",
    );
    expect(entryLabel({ label: " \n", className: "PrimalItem_Base_C" })).toBe("PrimalItem_Base_C");
  });

  it("gives the spawn page's commands: with the defaults exactly the v1 spawn strings", () => {
    const item = viewCommands({ ...DEFAULT_VIEW, tab: "items" }).commandOf!(entryRow(entry({})));
    expect(item.command).toBe(spawnOf(PICK));
    const gfi = viewCommands({ ...DEFAULT_VIEW, tab: "items", form: "gfi", quantity: "5" }).commandOf!(
      entryRow(entry({})),
    );
    expect(gfi.command).toBe("cheat gfi lpic 5 0 false");
    const rex = entry({ kind: "creature", path: REX, className: "Rex_Character_BP_C", label: "Rex", gfi: undefined });
    expect(entryRow(rex)).toHaveLength(7);
    expect(viewCommands({ ...DEFAULT_VIEW, tab: "creatures" }).commandOf!(entryRow(rex)).command).toBe(
      creatureSpawnOf(REX),
    );
    expect(
      viewCommands({ ...DEFAULT_VIEW, tab: "creatures", summon: "tamed", level: "150" }).commandOf!(entryRow(rex))
        .command,
    ).toBe('cheat GMSummon "Rex_Character_BP_C" 150');
  });

  it("answers an unknown class with words for it and a search for it", () => {
    const message = notFoundMessage("/spawn/base/PrimalItem_Nothing_C?qty=2");
    expect(message.title).toBe("Not in the catalogue");
    expect(message.text).toContain("PrimalItem_Nothing_C");
    expect(message.next.href).toBe("/spawn/?q=PrimalItem_Nothing_C");
    expect(notFoundMessage("/spawn/123/Odd%20Class_C").text).toContain("Odd Class_C");
    expect(notFoundMessage("/spawn/?mod_id=9").title).toBe("This mod is not registered");
  });
});

describe("the sitemap's XML", () => {
  it("lists absolute, escaped addresses with their last change", () => {
    const xml = urlsetXml("https://hub.example", [
      { path: "/", lastModified: null },
      { path: "/spawn/base/A&B_C", lastModified: new Date("2026-11-25T17:00:00Z") },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://hub.example/</loc></url>\n" +
        "<url><loc>https://hub.example/spawn/base/A&amp;B_C</loc><lastmod>2026-11-25</lastmod></url>\n</urlset>\n",
    );
  });

  it("indexes its pages when there are more addresses than one file may hold", () => {
    expect(sitemapIndexXml("https://hub.example", 2)).toContain(
      "<sitemap><loc>https://hub.example/sitemap.xml?page=1</loc></sitemap>\n<sitemap><loc>https://hub.example/sitemap.xml?page=2</loc></sitemap>",
    );
  });
});
