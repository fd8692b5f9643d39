/** Portal helpers: view state in the URL, the spawn command, row filtering, content summary. */
import { describe, expect, it } from "vitest";
import { spawnOf } from "@/lib/engrams/derive";
import { parseDocumentListQuery, documentListHref } from "@/lib/portal/document-listing";
import { summarizeJson } from "@/lib/portal/document-summary";
import { parseModIdParam } from "@/lib/portal/spawn-catalogue";
import { spawnCommand } from "@/lib/portal/spawn-command";
import { filterRows, type SpawnFilter, type SpawnRow } from "@/lib/portal/spawn-filter";
import { DEFAULT_VIEW, parseSpawnView, spawnViewQuery } from "@/lib/portal/spawn-view";

const PATH = "/Game/Mods/X/PrimalItem_Sword.PrimalItem_Sword";

describe("spawn command", () => {
  it("is the v1 spawn string with the default options (CONTRACT §6)", () => {
    expect(spawnCommand(PATH, true, DEFAULT_VIEW)).toBe(spawnOf(PATH));
  });
  it("applies prefix, quantity, quality and blueprint; never a blueprint of a resource", () => {
    const o = { prefix: "admincheat", quantity: 5, quality: 20, kind: "blueprint" } as const;
    expect(spawnCommand(PATH, true, o)).toBe(`admincheat giveitem "Blueprint'${PATH}'" 5 20 true`);
    expect(spawnCommand(PATH, false, o)).toBe(`admincheat giveitem "Blueprint'${PATH}'" 5 20 false`);
  });
});

describe("spawn view in the URL", () => {
  it("round-trips every field and leaves defaults out", () => {
    const view = { q: "metal sword", maps: 1 | 8, mods: ["100", "base"], bp: "yes", quantity: 3, quality: 7, kind: "blueprint", prefix: "admincheat" } as const;
    const query = spawnViewQuery({ ...view, mods: [...view.mods] }, ["100", "200"]);
    expect(query).toBe("?mod_id=100,200&q=metal+sword&map=island,ragnarok&mod=100,base&bp=yes&qty=3&quality=7&as=blueprint&prefix=admincheat");
    expect(parseSpawnView(new URLSearchParams(query))).toEqual(view);
    expect(spawnViewQuery(DEFAULT_VIEW, [])).toBe("");
  });
  it("falls back to defaults on bad values", () => {
    expect(parseSpawnView({ qty: "-4", quality: "x", bp: "maybe", as: "egg", prefix: "sudo", map: "moon", mod: "a,12" })).toEqual({ ...DEFAULT_VIEW, mods: ["12"] });
    expect(parseSpawnView({ qty: "99999999" }).quantity).toBe(100_000);
  });
  it("parses mod_id lists", () => {
    expect(parseModIdParam(undefined)).toBeNull();
    expect(parseModIdParam("12, 012,x")).toEqual({ ids: ["12"], invalid: ["x"] });
  });
});

describe("filterRows", () => {
  const rows: SpawnRow[] = [
    ["Metal Sword", "PrimalItem_Sword_C", PATH, 1 | 2, true, 0],
    ["Wood", "PrimalItemResource_Wood_C", "/Game/Wood.Wood", 1, false, -1],
    ["Crown", "PrimalItem_Crown_C", "/Game/Mods/Y/Crown.Crown", 8, true, 1],
  ];
  const mods = [
    { id: "100", name: "X" },
    { id: "200", name: "Y" },
  ];
  const all: SpawnFilter = { q: "", maps: 0, mods: [], bp: "all" };
  it("matches every word over label, class and path, case-insensitively", () => {
    expect(filterRows(rows, mods, { ...all, q: "SWORD metal" })).toEqual([0]);
    expect(filterRows(rows, mods, { ...all, q: "resource_wood" })).toEqual([1]);
    expect(filterRows(rows, mods, { ...all, q: "/mods/y/" })).toEqual([2]);
  });
  it("filters by any of the maps, blueprintable and mod (base game included)", () => {
    expect(filterRows(rows, mods, { ...all, maps: 2 | 8 })).toEqual([0, 2]);
    expect(filterRows(rows, mods, { ...all, bp: "no" })).toEqual([1]);
    expect(filterRows(rows, mods, { ...all, mods: ["200", "base"] })).toEqual([1, 2]);
    expect(filterRows(rows, mods, { ...all, mods: ["999"] })).toEqual([]);
  });
});

describe("document pages", () => {
  it("summarises JSON content with counts only and survives anything else", () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ Title: "t", LootSources: [1, 2, 3], Options: { a: 1, b: 2 } }));
    expect(summarizeJson(bytes)).toEqual({ state: "parsed", bytes: bytes.length, keys: 3, entries: [{ key: "LootSources", kind: "list", count: 3 }, { key: "Options", kind: "group", count: 2 }], more: 0 });
    for (const bad of ["{ not json", "[1,2]", "null", "\u00ff"]) expect(summarizeJson(new TextEncoder().encode(bad)).state).toBe("unreadable");
    expect(summarizeJson(new Uint8Array([0xff, 0xfe])).state).toBe("unreadable");
  });
  it("reads the listing query leniently and writes canonical links", () => {
    const q = parseDocumentListQuery({ sort: "downloads", page: "3", author: "AAAAAAAA-1111-4111-8111-111111111111" });
    expect(q).toMatchObject({ sort: "downloads", page: 3, author: "aaaaaaaa-1111-4111-8111-111111111111" });
    expect(documentListHref(q)).toBe("/documents?sort=downloads&author=aaaaaaaa-1111-4111-8111-111111111111&page=3");
    expect(parseDocumentListQuery({ sort: "x", page: "0", author: "bob" })).toMatchObject({ sort: "updated", page: 1, author: undefined, badAuthor: "bob" });
  });
});
