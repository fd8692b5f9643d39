/**
 * The spawn page's Creatures tab and GFI form (docs/PORTAL.md#creatures-tab): command builders (spawndino,
 * GMSummon, gfi), the creature options in the URL and their checks, the row commands a
 * view shows, export, search by the words players use for creatures, and the sentences
 * of an empty tab.
 */
import { describe, expect, it } from "vitest";
import { creatureWords } from "@/lib/catalogue/creature-words";
import { creatureSpawnOf } from "@/lib/engrams/derive";
import { creatureCommand } from "@/lib/spawn/creature-command";
import { LOADING_GFI_CODE, NO_GFI_CODE, rowCommands, viewCommands } from "@/lib/spawn/row-command";
import { gfiCommand, spawnCommand } from "@/lib/spawn/spawn-command";
import { spawnCommands, spawnExport } from "@/lib/spawn/spawn-export";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { baseCreaturesNote, emptyCatalogueNotice } from "@/lib/spawn/spawn-notices";
import { checkCreatureOptions } from "@/lib/spawn/spawn-options";
import { findSpawnRows } from "@/lib/spawn/spawn-search";
import { spawnRowsUrl } from "@/lib/spawn/spawn-catalogue";
import {
  activeSettings,
  DEFAULT_VIEW,
  hiddenParams,
  parseSpawnView,
  rowSource,
  spawnViewQuery,
  type SpawnView,
} from "@/lib/spawn/spawn-view";

const RAPTOR = "/Game/PrimalEarth/Dinos/Raptor/Raptor_Character_BP.Raptor_Character_BP";
const wild = { prefix: "cheat", summon: "wild", level: 30, distance: 1, yOffset: 1, zOffset: 1 } as const;
const view = (patch: Partial<SpawnView>): SpawnView => ({ ...DEFAULT_VIEW, ...patch });

describe("creature commands", () => {
  it("wild with the defaults is exactly the v1 spawn string of a creature", () => {
    expect(creatureCommand(RAPTOR, "Raptor_Character_BP_C", wild)).toBe(creatureSpawnOf(RAPTOR));
    expect(checkCreatureOptions(DEFAULT_VIEW).options).toEqual(wild);
  });
  it("wild: spawndino with distance, Y and Z offsets and level, in that order; the prefix applies", () => {
    const o = { ...wild, prefix: "admincheat", level: 150, distance: 500, yOffset: -200, zOffset: 0 } as const;
    expect(creatureCommand(RAPTOR, "Raptor_Character_BP_C", o)).toBe(
      `admincheat spawndino "Blueprint'${RAPTOR}'" 500 -200 0 150`,
    );
  });
  it("tamed: GMSummon by class and level, no position", () => {
    expect(
      creatureCommand(RAPTOR, "Raptor_Character_BP_C", { ...wild, summon: "tamed", level: 120, distance: 500 }),
    ).toBe(`cheat GMSummon "Raptor_Character_BP_C" 120`);
  });
});

describe("creature options: kept as typed, a wrong number says why and gives no command", () => {
  it("checks the level (1-1,000) and, for wild creatures, distance and offsets (±100,000)", () => {
    expect(checkCreatureOptions(view({ level: "0" }))).toEqual({
      options: null,
      errors: { level: "The level must be from 1 to 1,000; 0 is too small." },
    });
    expect(
      checkCreatureOptions(view({ level: "1001", distance: "1.5", yOffset: "x", zOffset: "-100001" })).errors,
    ).toEqual({
      level: "The level must be from 1 to 1,000; 1001 is too large.",
      distance: "The distance must be a whole number from -100,000 to 100,000; 1.5 is not whole.",
      yOffset: "The Y offset must be a whole number from -100,000 to 100,000.",
      zOffset: "The Z offset must be from -100,000 to 100,000; -100001 is too small.",
    });
    expect(
      checkCreatureOptions(view({ level: " 75 ", distance: "-300", yOffset: "+20", zOffset: "100000" })).options,
    ).toEqual({ ...wild, level: 75, distance: -300, yOffset: 20, zOffset: 100_000 });
  });
  it("ignores the position of a tamed creature, which has none", () => {
    expect(checkCreatureOptions(view({ summon: "tamed", distance: "far", level: "5" }))).toEqual({
      options: { ...wild, summon: "tamed", level: 5, distance: 0, yOffset: 0, zOffset: 0 },
      errors: {},
    });
  });
});

describe("the view in the URL: tab, creature options, command form", () => {
  it("round-trips the Creatures tab and every creature option, defaults left out", () => {
    const v = view({
      tab: "creatures",
      q: "rex",
      level: "150",
      summon: "tamed",
      distance: "300",
      yOffset: "-5",
      zOffset: "40",
      prefix: "admincheat",
    });
    const query = spawnViewQuery(v, { kind: "mods", ids: ["100"] });
    expect(query).toBe("?mod_id=100&tab=creatures&q=rex&level=150&summon=tamed&dist=300&y=-5&z=40&prefix=admincheat");
    expect(parseSpawnView(new URLSearchParams(query))).toEqual(v);
    expect(spawnViewQuery(view({ form: "gfi" }), { kind: "base" })).toBe("?mod_id=&cmd=gfi");
    expect([
      rowSource(view({})),
      rowSource(view({ form: "gfi" })),
      rowSource(view({ tab: "creatures", form: "gfi" })),
    ]).toEqual(["items", "gfi", "creatures"]);
    expect(spawnRowsUrl({ kind: "mods", ids: ["1"] }, "en", "gfi")).toBe("/spawn/rows.json?mod_id=1&locale=en&gfi=1");
    expect(spawnRowsUrl({ kind: "all" }, "de", "creatures")).toBe("/spawn/rows.json?locale=de&kind=creatures");
    expect(parseSpawnView({ cmd: "gfi" }).form).toBe("gfi");
  });
  it("reads what the form sends without JavaScript, and falls back on unknown choices", () => {
    const form = new URLSearchParams(
      "mod_id=&tab=creatures&q=&map=island&mod=&level=30&summon=wild&dist=1&y=1&z=1&prefix=cheat",
    );
    expect(parseSpawnView(form)).toEqual(view({ tab: "creatures", maps: 1 }));
    expect(parseSpawnView({ tab: "dinos", summon: "friendly", cmd: "short", level: "abc" })).toEqual(
      view({ level: "abc" }),
    );
  });
  it("carries the other tab's options as hidden form fields, only where they differ from the defaults", () => {
    const v = view({ tab: "creatures", bp: "yes", quantity: "5", form: "gfi", level: "99", maps: 2 });
    expect(hiddenParams(v)).toEqual([
      ["bp", "yes"],
      ["qty", "5"],
      ["cmd", "gfi"],
    ]);
    expect(hiddenParams({ ...v, tab: "items" })).toEqual([["level", "99"]]);
    expect(hiddenParams(DEFAULT_VIEW)).toEqual([]);
  });
  it("counts the settings of the shown tab only", () => {
    const v = view({ maps: 1, quantity: "5", form: "gfi", level: "99", summon: "tamed" });
    expect(activeSettings(v)).toBe(3);
    expect(activeSettings({ ...v, tab: "creatures" })).toBe(3);
    expect(activeSettings(view({ tab: "creatures", bp: "yes", distance: "5" }))).toBe(1);
  });
});

const ITEMS: SpawnRow[] = [
  ["Metal Pick", "PrimalItem_WeaponMetalPick_C", "/Game/Pick.PrimalItem_WeaponMetalPick", 1, true, -1, 0, "lpic"],
  ["Rex Saddle", "PrimalItemArmor_RexSaddle_C", "/Game/Rex.PrimalItemArmor_RexSaddle", 1, true, -1, 0, null],
  ["Wood", "PrimalItemResource_Wood_C", "/Game/Wood.PrimalItemResource_Wood", 1, false, -1, 0, "ce_wood"],
];

describe("GFI codes on item rows", () => {
  it("gfi <code> <quantity> <quality> <blueprint> with the view's options; never a blueprint of a resource", () => {
    const o = { prefix: "admincheat", quantity: 5, quality: 20, kind: "blueprint" } as const;
    expect(gfiCommand("lpic", true, o)).toBe("admincheat gfi lpic 5 20 true");
    expect(gfiCommand("ce_wood", false, o)).toBe("admincheat gfi ce_wood 5 20 false");
    expect(gfiCommand("lpic", true, { ...o, prefix: "cheat", quantity: 1, quality: 0, kind: "item" })).toBe(
      "cheat gfi lpic 1 0 false",
    );
  });
  it("a row without a code keeps its full command and says why; the full form ignores codes", () => {
    const { commandOf } = viewCommands(view({ form: "gfi", quantity: "2" }));
    expect(ITEMS.map((r) => commandOf!(r))).toEqual([
      { command: "cheat gfi lpic 2 0 false", note: null },
      {
        command: spawnCommand(ITEMS[1]![2], true, { prefix: "cheat", quantity: 2, quality: 0, kind: "item" }),
        note: NO_GFI_CODE,
      },
      { command: "cheat gfi ce_wood 2 0 false", note: null },
    ]);
    expect(NO_GFI_CODE).toBe("No short code: its class name is inside another item's.");
    // Rows without codes (standing in while the coded rows load) show full commands and no note.
    const plain = ITEMS[0]!.slice(0, 7) as unknown as SpawnRow;
    expect(commandOf!(plain)).toEqual({
      command: spawnCommand(plain[2], true, { prefix: "cheat", quantity: 2, quality: 0, kind: "item" }),
      note: null,
    });
    expect(viewCommands(view({})).commandOf!(ITEMS[0]!).command).toBe(
      `cheat giveitem "Blueprint'/Game/Pick.PrimalItem_WeaponMetalPick'" 1 0 false`,
    );
  });
  it("copy all copies what the rows show", () => {
    const { commandOf } = viewCommands(view({ form: "gfi" }));
    expect(spawnCommands([2, 1, 0], (k) => commandOf!(ITEMS[k]!))).toEqual([
      "cheat gfi ce_wood 1 0 false",
      `cheat giveitem "Blueprint'${ITEMS[1]![2]}'" 1 0 false`,
      "cheat gfi lpic 1 0 false",
    ]);
  });
  it("a row flipped by its toggle shows the other form: its code (once the coded rows are here), or its full command", () => {
    const plain = ITEMS.map((r) => r.slice(0, 7) as unknown as SpawnRow);
    const full = (r: SpawnRow) => spawnCommand(r[2], r[4], { prefix: "cheat", quantity: 1, quality: 0, kind: "item" });
    const flipped = (k: number) => k !== 1;
    const waiting = rowCommands(
      view({}),
      (k) => plain[k]!,
      flipped,
      () => undefined,
    )!;
    expect([0, 1].map(waiting)).toEqual([
      { command: full(plain[0]!), note: LOADING_GFI_CODE },
      { command: full(plain[1]!), note: null },
    ]);
    const arrived = rowCommands(
      view({}),
      (k) => plain[k]!,
      flipped,
      (k) => ITEMS[k],
    )!;
    expect([0, 1, 2].map((k) => arrived(k).command)).toEqual([
      "cheat gfi lpic 1 0 false",
      full(plain[1]!),
      "cheat gfi ce_wood 1 0 false",
    ]);
    // In the short form a flipped row is its full command; creatures have no other form.
    const short = rowCommands(
      view({ form: "gfi" }),
      (k) => ITEMS[k]!,
      flipped,
      () => undefined,
    )!;
    expect([0, 1].map((k) => short(k).command)).toEqual([full(ITEMS[0]!), full(ITEMS[1]!)]);
    expect(
      rowCommands(
        view({ tab: "creatures" }),
        (k) => CREATURES[k]!,
        () => true,
        () => undefined,
      )!(0).command,
    ).toBe(creatureSpawnOf(RAPTOR));
    expect(
      rowCommands(
        view({ quantity: "-5" }),
        (k) => ITEMS[k]!,
        flipped,
        () => undefined,
      ),
    ).toBeNull();
  });
  it("no command at all while a number of the shown tab is wrong; the other tab's numbers do not matter", () => {
    expect(viewCommands(view({ form: "gfi", quality: "-1" }))).toMatchObject({
      commandOf: null,
      errors: { quality: expect.stringMatching(/too small/) },
    });
    expect(viewCommands(view({ tab: "creatures", quality: "-1" })).commandOf).not.toBeNull();
    expect(viewCommands(view({ tab: "creatures", level: "0" })).commandOf).toBeNull();
    expect(viewCommands(view({ level: "0" })).commandOf).not.toBeNull();
  });
});

const CREATURES: SpawnRow[] = [
  ["Raptor", "Raptor_Character_BP_C", RAPTOR, 1, false, 0, 0],
  ["Rex", "Rex_Character_BP_C", "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP", 1 | 2, false, -1, 0],
  [
    "Triceratops",
    "Trike_Character_BP_C",
    "/Game/PrimalEarth/Dinos/Trike/Trike_Character_BP.Trike_Character_BP",
    2,
    false,
    0,
    0,
  ],
  [
    "Mega Rex Saddle Rack",
    "MegaRaptor_Character_BP_C",
    "/Game/Mods/X/MegaRaptor_Character_BP.MegaRaptor_Character_BP",
    4,
    false,
    0,
    0,
  ],
];
const MODS = [{ id: "100", name: "Dino Mod" }];

describe("creature rows", () => {
  const find = (q: string, patch: Partial<SpawnView> = {}) =>
    findSpawnRows(CREATURES, MODS, { ...view({ tab: "creatures", q }), ...patch }).visible.map((i) => CREATURES[i]![0]);
  it("are searched with the words players type: rex, raptor, trike (the class's short name), trex", () => {
    expect(find("rex")[0]).toBe("Rex");
    expect(find("raptor")[0]).toBe("Raptor");
    expect(find("trike")).toEqual(["Triceratops"]);
    // as typed, not as the nearest spelling ("trice")
    expect(findSpawnRows(CREATURES, MODS, view({ tab: "creatures", q: "trike" })).typos).toBe(false);
    expect(findSpawnRows(CREATURES, MODS, view({ tab: "items", q: "trike" })).typos).toBe(true);
    expect(find("trex")).toContain("Rex");
    expect(find("megaraptor")).toEqual(["Mega Rex Saddle Rack"]);
    expect(find("Raptor_Character")).toEqual(["Raptor", "Mega Rex Saddle Rack"]);
  });
  it("take the map and mod filters; the blueprint filter is the items tab's alone", () => {
    expect(find("", { maps: 2 })).toEqual(["Rex", "Triceratops"]);
    expect(find("", { mods: ["base"] })).toEqual(["Rex"]);
    expect(find("", { bp: "yes" })).toHaveLength(CREATURES.length);
  });
  it("class words leave out the generic parts of a creature class", () => {
    expect(
      ["Rex_Character_BP_C", "Dodo_Character_BP_Aberrant_C", "MegaRaptor_Character_BP_C", "Toad_Character_BP_C"].map(
        creatureWords,
      ),
    ).toEqual(["Rex", "Dodo Aberrant", "MegaRaptor", "Toad"]);
  });
  it("export as creatures, with each one's command and no can_blueprint", () => {
    const { commandOf } = viewCommands(view({ tab: "creatures", summon: "tamed", level: "50" }));
    expect(
      spawnExport(CREATURES, MODS, [0], commandOf!, "http://x/spawn/?tab=creatures", new Date(0), "creatures"),
    ).toEqual({
      view_url: "http://x/spawn/?tab=creatures",
      exported_at: "1970-01-01T00:00:00.000Z",
      creatures: [
        {
          label: "Raptor",
          class: "Raptor_Character_BP_C",
          path: RAPTOR,
          environments: ["Island"],
          maps: ["The Island"],
          mod_id: "100",
          mod_name: "Dino Mod",
          command: `cheat GMSummon "Raptor_Character_BP_C" 50`,
        },
      ],
    });
  });
});

describe("an empty tab says so plainly", () => {
  it("names the mods, or says the base game's creatures are not loaded", () => {
    expect(emptyCatalogueNotice("creatures", { kind: "mods", ids: ["100"] }, MODS)).toBe(
      "Dino Mod lists no creatures yet.",
    );
    expect(
      emptyCatalogueNotice("creatures", { kind: "mods", ids: ["100", "200"] }, [...MODS, { id: "200", name: "B" }]),
    ).toBe("Dino Mod or B list no creatures yet.");
    expect(emptyCatalogueNotice("creatures", { kind: "base" }, [])).toBe(
      "The base game's creatures are not loaded: the operator has not loaded the catalogue.",
    );
    expect(emptyCatalogueNotice("creatures", { kind: "all" }, MODS)).toBe("No creatures are listed yet.");
    expect(emptyCatalogueNotice("items", { kind: "mods", ids: ["100"] }, MODS)).toBe("Dino Mod lists no engrams yet.");
  });
  it("notes the missing base-game creatures on the all-mods Creatures tab", () => {
    expect(baseCreaturesNote("creatures", { kind: "all" }, false)).toMatch(
      /^The base game's creatures are not loaded on this server/,
    );
    expect(baseCreaturesNote("creatures", { kind: "all" }, true)).toBeNull();
    expect(baseCreaturesNote("items", { kind: "all" }, false)).toBeNull();
  });
});
