/** The spawn page's pure parts: scope, view in the URL, command options and their checks, filters, notices, order. */
import { describe, expect, it } from "vitest";
import { labelCollator, readerLocale, sortByLabel, supportedLocale } from "@/lib/catalogue/item-order";
import { spawnOf } from "@/lib/engrams/derive";
import { parseSpawnScope, spawnRowsUrl } from "@/lib/spawn/spawn-catalogue";
import { spawnCommand } from "@/lib/spawn/spawn-command";
import { spawnCommands, spawnExport } from "@/lib/spawn/spawn-export";
import { mapCounts, rowFilter, type SpawnRow } from "@/lib/spawn/spawn-filter";
import { viewCommands } from "@/lib/spawn/row-command";
import { mapNotice, mapsLeaveNothing, orList } from "@/lib/spawn/spawn-notices";
import { checkCommandOptions, checkWholeNumber } from "@/lib/spawn/spawn-options";
import { scopeParam } from "@/lib/spawn/spawn-scope";
import { findSpawnRows } from "@/lib/spawn/spawn-search";
import { activeSettings, DEFAULT_VIEW, parseSpawnView, spawnViewQuery } from "@/lib/spawn/spawn-view";

const PATH = "/Game/Mods/X/PrimalItem_Sword.PrimalItem_Sword";
const defaults = { prefix: "cheat", quantity: 1, quality: 0, kind: "item" } as const;

describe("spawn command", () => {
  it("is the v1 spawn string with the default options (docs/CONTRACT.md#engrams)", () => {
    expect(spawnCommand(PATH, true, defaults)).toBe(spawnOf(PATH));
    expect(checkCommandOptions(DEFAULT_VIEW).options).toEqual(defaults);
  });
  it("applies prefix, quantity, quality and blueprint; never a blueprint of a resource", () => {
    const o = { prefix: "admincheat", quantity: 5, quality: 20, kind: "blueprint" } as const;
    expect(spawnCommand(PATH, true, o)).toBe(`admincheat giveitem "Blueprint'${PATH}'" 5 20 true`);
    expect(spawnCommand(PATH, false, o)).toBe(`admincheat giveitem "Blueprint'${PATH}'" 5 20 false`);
  });
});

describe("command options: a wrong number says why and gives no command", () => {
  it("accepts whole numbers in range, as typed", () => {
    expect(checkWholeNumber(" 42 ", "quantity", 1, 100_000)).toEqual({ ok: true, value: 42 });
    expect(checkWholeNumber("100000", "quantity", 1, 100_000)).toEqual({ ok: true, value: 100_000 });
    expect(checkWholeNumber("0", "quality", 0, 1000)).toEqual({ ok: true, value: 0 });
    expect(checkWholeNumber("2.0", "quality", 0, 1000)).toEqual({ ok: true, value: 2 });
  });
  it("names the field, the range and what is wrong", () => {
    expect(checkWholeNumber("-5", "quantity", 1, 100_000)).toEqual({
      ok: false,
      message: "The quantity must be from 1 to 100,000; -5 is too small.",
    });
    expect(checkWholeNumber("100001", "quantity", 1, 100_000)).toEqual({
      ok: false,
      message: "The quantity must be from 1 to 100,000; 100001 is too large.",
    });
    expect(checkWholeNumber("1.5", "quantity", 1, 100_000)).toEqual({
      ok: false,
      message: "The quantity must be a whole number from 1 to 100,000; 1.5 is not whole.",
    });
    expect(checkWholeNumber("ten", "quality", 0, 1000)).toEqual({
      ok: false,
      message: "The quality must be a whole number from 0 to 1,000.",
    });
    expect(checkWholeNumber("", "quantity", 1, 100_000)).toEqual({
      ok: false,
      message: "Enter a quantity from 1 to 100,000.",
    });
    expect(checkWholeNumber("1e3", "quantity", 1, 100_000).ok).toBe(false);
  });
  it("has no options at all (so no command) while either number is wrong", () => {
    const bad = checkCommandOptions({ ...DEFAULT_VIEW, quantity: "-5", quality: "1001" });
    expect(bad.options).toBeNull();
    expect(bad.errors).toEqual({
      quantity: "The quantity must be from 1 to 100,000; -5 is too small.",
      quality: "The quality must be from 0 to 1,000; 1001 is too large.",
    });
    expect(checkCommandOptions({ ...DEFAULT_VIEW, quality: "abc" }).options).toBeNull();
    expect(
      checkCommandOptions({ ...DEFAULT_VIEW, quantity: "10", quality: "35", kind: "blueprint", prefix: "admincheat" }),
    ).toEqual({
      options: { quantity: 10, quality: 35, kind: "blueprint", prefix: "admincheat" },
      errors: {},
    });
  });
});

describe("scope: mod_id", () => {
  it("absent is every engram, empty is the base game, ids are mods", () => {
    expect(parseSpawnScope(undefined)).toEqual({ scope: { kind: "all" }, invalid: [] });
    expect(parseSpawnScope("")).toEqual({ scope: { kind: "base" }, invalid: [] });
    expect(parseSpawnScope(" , ")).toEqual({ scope: { kind: "base" }, invalid: [] });
    expect(parseSpawnScope("12, 012,x")).toEqual({ scope: { kind: "mods", ids: ["12"] }, invalid: ["x"] });
  });
  it("goes back into URLs as it came: the base game keeps mod_id=", () => {
    expect(scopeParam({ kind: "base" })).toBe("");
    expect(spawnViewQuery(DEFAULT_VIEW, { kind: "base" })).toBe("?mod_id=");
    expect(spawnViewQuery({ ...DEFAULT_VIEW, q: "pick" }, { kind: "base" })).toBe("?mod_id=&q=pick");
    expect(spawnViewQuery(DEFAULT_VIEW, { kind: "all" })).toBe("");
    expect(spawnRowsUrl({ kind: "base" }, "en")).toBe("/spawn/rows.json?mod_id=&locale=en");
    expect(spawnRowsUrl({ kind: "mods", ids: ["1", "2"] }, "sv-SE")).toBe("/spawn/rows.json?mod_id=1,2&locale=sv-SE");
  });
});

describe("spawn view in the URL", () => {
  it("round-trips every field and leaves defaults out", () => {
    const view = {
      ...DEFAULT_VIEW,
      q: "metal sword",
      maps: 1 | 8,
      mods: ["100", "base"],
      bp: "yes",
      quantity: "3",
      quality: "7",
      kind: "blueprint",
      prefix: "admincheat",
    } as const;
    const query = spawnViewQuery({ ...view, mods: [...view.mods] }, { kind: "mods", ids: ["100", "200"] });
    expect(query).toBe(
      "?mod_id=100,200&q=metal+sword&map=island,ragnarok&mod=100,base&bp=yes&qty=3&quality=7&as=blueprint&prefix=admincheat",
    );
    expect(parseSpawnView(new URLSearchParams(query))).toEqual(view);
  });
  it("reads what the page's form sends without JavaScript: one map= per ticked box, every field", () => {
    const form = new URLSearchParams(
      "mod_id=&q=pickaxe&map=island&map=ragnarok&mod=&bp=all&qty=1&quality=0&as=item&prefix=cheat",
    );
    expect(parseSpawnView(form)).toEqual({ ...DEFAULT_VIEW, q: "pickaxe", maps: 1 | 8 });
    expect(parseSpawnView({ map: ["scorched", "center"], mod: ["7"] })).toMatchObject({ maps: 2 | 4, mods: ["7"] });
  });
  it("falls back to defaults on unknown choices and keeps numbers as typed, to be checked", () => {
    expect(
      parseSpawnView({ qty: "-4", quality: "x", bp: "maybe", as: "egg", prefix: "sudo", map: "moon", mod: "a,12" }),
    ).toEqual({ ...DEFAULT_VIEW, quantity: "-4", quality: "x", mods: ["12"] });
    expect(checkCommandOptions(parseSpawnView({ qty: "99999999" })).errors.quantity).toMatch(/too large/);
  });
  it("counts what is set: each ticked map, the mod, blueprintable and each option", () => {
    expect(activeSettings(DEFAULT_VIEW)).toBe(0);
    expect(activeSettings({ ...DEFAULT_VIEW, q: "sword" })).toBe(0);
    expect(
      activeSettings({ ...DEFAULT_VIEW, maps: 1 | 2, mods: ["base"], bp: "no", quantity: "5", prefix: "admincheat" }),
    ).toBe(6);
  });
});

describe("filters and map notices", () => {
  const rows: SpawnRow[] = [
    ["Metal Sword", "PrimalItem_Sword_C", PATH, 1 | 2, true, 0, 0],
    ["Wood", "PrimalItemResource_Wood_C", "/Game/Wood.Wood", 1, false, -1, 0],
    ["Crown", "PrimalItem_Crown_C", "/Game/Mods/Y/Crown.Crown", 8, true, 1, 0],
  ];
  const mods = [
    { id: "100", name: "X" },
    { id: "200", name: "Y" },
  ];
  const keep = (view: Partial<typeof DEFAULT_VIEW>) => findSpawnRows(rows, mods, { ...DEFAULT_VIEW, ...view }).visible;
  it("filter by any of the maps, blueprintable and mod (the base game included)", () => {
    expect(rowFilter(rows, mods, DEFAULT_VIEW)).toBeNull();
    expect(keep({ maps: 2 | 8 })).toEqual([0, 2]);
    expect(keep({ bp: "no" })).toEqual([1]);
    expect(keep({ mods: ["200", "base"] })).toEqual([1, 2]);
    expect(keep({ mods: ["base"] })).toEqual([1]);
    expect(keep({ mods: ["999"] })).toEqual([]);
  });
  it("search keeps working over label, class and path with the filters", () => {
    expect(keep({ q: "SWORD metal" })).toEqual([0]);
    expect(keep({ q: "resource_wood" })).toEqual([1]);
    expect(keep({ q: "/mods/y/" })).toEqual([2]);
    expect(keep({ q: "sword", bp: "no" })).toEqual([]);
  });
  it("copy all and export hand over the shown rows in order, with the view's options", () => {
    const o = { prefix: "admincheat", quantity: 2, quality: 0, kind: "blueprint" } as const;
    const { commandOf } = viewCommands({ ...DEFAULT_VIEW, prefix: "admincheat", quantity: "2", kind: "blueprint" });
    expect(spawnCommands([2, 1], (k) => commandOf!(rows[k]!))).toEqual([
      spawnCommand("/Game/Mods/Y/Crown.Crown", true, o),
      spawnCommand("/Game/Wood.Wood", false, o),
    ]);
    const doc = spawnExport(rows, mods, [1], commandOf!, "http://x/spawn/?q=wood", new Date(0));
    expect(doc).toEqual({
      view_url: "http://x/spawn/?q=wood",
      exported_at: "1970-01-01T00:00:00.000Z",
      engrams: [
        {
          label: "Wood",
          class: "PrimalItemResource_Wood_C",
          path: "/Game/Wood.Wood",
          environments: ["Island"],
          maps: ["The Island"],
          can_blueprint: false,
          mod_id: null,
          mod_name: null,
          command: `admincheat giveitem "Blueprint'/Game/Wood.Wood'" 2 0 false`,
        },
      ],
    });
  });
  it("say which ticked map has no item at all, and whether that alone empties the list", () => {
    const counts = mapCounts(rows);
    // Every official map, in release order: The Island, The Center, Scorched Earth, Ragnarok, Aberration, ...
    expect(counts).toEqual([2, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(mapNotice(8, counts)).toBeNull();
    expect(mapNotice(4, counts)).toBe("No item in this catalogue is marked for The Center.");
    expect(mapNotice(4 | 16 | 1, counts)).toBe("No item in this catalogue is marked for The Center or Aberration.");
    expect(mapNotice(32 | 2048, counts)).toBe("No item in this catalogue is marked for Extinction or Fjordur.");
    expect(mapsLeaveNothing(4 | 16, counts)).toBe(true);
    expect(mapsLeaveNothing(4 | 1, counts)).toBe(false);
    expect(mapsLeaveNothing(0, counts)).toBe(false);
    expect(orList(["A", "B", "C"])).toBe("A, B or C");
  });
});

describe("order: the reader's locale", () => {
  it("reads Accept-Language by weight, keeps only locales Intl knows, defaults to en", () => {
    expect(readerLocale("sv-SE,sv;q=0.9,en;q=0.8")).toBe("sv-SE");
    expect(readerLocale("de;q=0.5, fr")).toBe("fr");
    expect(readerLocale("xx-YY, *;q=0.5")).toBe("en");
    expect(readerLocale("de;q=0")).toBe("en");
    expect(readerLocale(undefined)).toBe("en");
    expect(readerLocale("x".repeat(5000))).toBe("en");
    expect(supportedLocale("EN-us")).toBe("en-US");
    expect(supportedLocale("en;<script>")).toBeNull();
  });
  it("sorts letters before case, numbers by value, and by the locale's alphabet", () => {
    const labels = [
      "ARK Thorny Dragon Saddle Skin",
      "Absorbent Substrate",
      "Metal Sword 10",
      "Metal Sword 2",
      "adobe Door",
    ];
    expect(
      sortByLabel(
        [...labels],
        "en",
        (s) => s,
        (s) => s,
      ),
    ).toEqual([
      "Absorbent Substrate",
      "adobe Door",
      "ARK Thorny Dragon Saddle Skin",
      "Metal Sword 2",
      "Metal Sword 10",
    ]);
    expect(
      sortByLabel(
        ["Äpple", "Zebra", "Apa"],
        "sv",
        (s) => s,
        (s) => s,
      ),
    ).toEqual(["Apa", "Zebra", "Äpple"]);
    expect(
      sortByLabel(
        ["Äpple", "Zebra", "Apa"],
        "de",
        (s) => s,
        (s) => s,
      ),
    ).toEqual(["Apa", "Äpple", "Zebra"]);
  });
  it("breaks ties between equal labels by the second key, so every run gives one order", () => {
    const items = [
      { label: "Beer Jar", path: "/b" },
      { label: "Beer Jar", path: "/a" },
    ];
    expect(
      sortByLabel(
        items,
        "en",
        (i) => i.label,
        (i) => i.path,
      ).map((i) => i.path),
    ).toEqual(["/a", "/b"]);
    expect(labelCollator("en")).toBe(labelCollator("en"));
  });
});
