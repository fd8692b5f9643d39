// Pure engram rules of docs/CONTRACT.md#engrams: derivations, environments, input validation.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { classOf, isBlueprintPath, spawnOf, uidOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { engramInput } from "@/lib/engrams/engram-input";
import { engramJson } from "@/lib/engrams/engram-json";
import { environmentNames, parseEnvironments } from "@/lib/engrams/environments";
import { validateRows } from "@/lib/engrams/import-engrams";
import { canonicalModId } from "@/lib/mods/mod-id";

const PATH = "/Game/Mods/StackMe/PrimalItem_Stack.PrimalItem_Stack";

describe("derived fields", () => {
  it("class: the text after the last '.' of the last segment, plus _C", () => {
    expect(classOf("/Game/Mods/X/MyEngram.MyEngram")).toBe("MyEngram_C");
    expect(classOf("/Game/Mods/v1.2/Item.Other")).toBe("Other_C");
    expect(classOf("/Game/A.B/Item.Name.Inner")).toBe("Inner_C");
  });

  it("uid: lowercase hex MD5 of the lowercased path", () => {
    expect(uidOf(PATH)).toBe("12acc32442531d33cec35f20a058cfe8");
    expect(uidOf(PATH.toUpperCase())).toBe(uidOf(PATH));
  });

  it("spawn: the giveitem command quoting the path", () => {
    expect(spawnOf(PATH)).toBe(`cheat giveitem "Blueprint'${PATH}'" 1 0 false`);
  });

  it("accepts blueprint paths only", () => {
    expect(isBlueprintPath(PATH)).toBe(true);
    for (const bad of [
      "Game/X.X",
      "/Game/X",
      "/Game/X.",
      "/Game/.X",
      "/Game/X Y.X",
      "/Game/X'.X",
      '/Game/X".X',
      "/Game/X.X\u0001",
      "/Game/X/",
    ]) {
      expect(isBlueprintPath(bad), bad).toBe(false);
    }
  });
});

describe("environments", () => {
  it("maps names to bits in the spec's order, any case, and back to canonical spellings", () => {
    expect(parseEnvironments(["island"])).toEqual({ ok: true, mask: 1 });
    expect(parseEnvironments("Abberation")).toEqual({ ok: true, mask: 16 });
    const all = parseEnvironments("ragnarok, CENTER,Island,scorched,Aberration");
    expect(all).toEqual({ ok: true, mask: 31 });
    expect(environmentNames(31)).toEqual(["Island", "Scorched", "Center", "Ragnarok", "Abberation"]);
    expect(environmentNames(2 | 8)).toEqual(["Scorched", "Ragnarok"]);
  });

  it("accepts Aberration for Abberation and refuses anything else", () => {
    expect(parseEnvironments(["Aberration", "Abberation"])).toEqual({ ok: true, mask: 16 });
    for (const bad of [[], "", "Valguero", ["Island", "Genesis"], [1], 5, null, ["Island", ""]]) {
      expect(parseEnvironments(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("engram input", () => {
  const good = { path: PATH, label: "Stack", mod_id: "123", environments: ["Island"], can_blueprint: true };

  it("derives class, uid and environments, and canonicalises mod_id", () => {
    expect(engramInput.parse({ ...good, mod_id: 123, other: "ignored" })).toEqual({
      uid: "12acc32442531d33cec35f20a058cfe8",
      path: PATH,
      className: "PrimalItem_Stack_C",
      classKey: "primalitem_stack_c",
      label: "Stack",
      environments: 1,
      canBlueprint: true,
      modId: "123",
    });
  });

  it.each<[unknown, boolean]>([
    [true, true],
    [false, false],
    ["true", true],
    ["FALSE", false],
    [1, true],
    [0, false],
    ["1", true],
    ["0", false],
  ])("reads can_blueprint %j as %s", (value, expected) => {
    expect(engramInput.parse({ ...good, can_blueprint: value }).canBlueprint).toBe(expected);
  });

  it("takes availability for environments, and a null or empty mod_id as no mod", () => {
    const { environments: _e, ...rest } = good;
    expect(engramInput.parse({ ...rest, availability: "Island,Scorched" }).environments).toBe(3);
    expect(engramInput.parse({ ...good, mod_id: null }).modId).toBeNull();
    expect(engramInput.parse({ ...good, mod_id: "" }).modId).toBeNull();
    expect(engramInput.parse({ ...good, can_blueprint: undefined }).canBlueprint).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>]>([
    ["no path", { path: undefined }],
    ["a path without /", { path: "Game/X.X" }],
    ["no label", { label: undefined }],
    ["an empty label", { label: "  " }],
    ["no mod_id", { mod_id: undefined }],
    ["a non-numeric mod_id", { mod_id: "abc" }],
    ["no environments", { environments: undefined }],
    ["an unknown environment", { environments: ["Valguero"] }],
    ["environments and availability that differ", { availability: ["Center"] }],
    ["a can_blueprint of 'yes'", { can_blueprint: "yes" }],
    ["a numeric label", { label: 5 }],
  ])("refuses %s", (_name, change) => {
    const result = engramInput.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
  });
});

describe("engram output", () => {
  it("uses the spec table's key order and a numeric mod_id", () => {
    const json = engramJson(
      {
        uid: uidOf(PATH),
        path: PATH,
        label: "Stack",
        environments: 17,
        canBlueprint: false,
        modId: "731604991",
        mod: { name: "S+" },
      },
      "https://beacon.example",
    );
    expect(Object.keys(json)).toEqual([
      "path",
      "class",
      "label",
      "environments",
      "can_blueprint",
      "spawn",
      "uid",
      "resource_url",
      "mod_id",
      "mod_name",
    ]);
    expect(json).toMatchObject({
      class: "PrimalItem_Stack_C",
      environments: ["Island", "Abberation"],
      mod_id: 731604991,
      mod_name: "S+",
    });
    expect(json.resource_url).toBe(`https://beacon.example/v1/engram.php/${uidOf(PATH)}`);
  });
});

describe("mod ids", () => {
  it("canonicalises digits and numbers, refuses the rest", () => {
    expect(canonicalModId("00731604991")).toBe("731604991");
    expect(canonicalModId(731604991)).toBe("731604991");
    for (const bad of ["", "0", "-1", "1e5", "12a", "9007199254740992", 1.5, 0, -3, null, true, "12345678901234567"]) {
      expect(canonicalModId(bad), String(bad)).toBeNull();
    }
  });
});

describe("the shipped base catalogue (prisma/seed/base-game-engrams.csv)", () => {
  it("has 820 rows that all pass the importer's checks, with no mod", () => {
    const file = join(dirname(fileURLToPath(import.meta.url)), "../../prisma/seed/base-game-engrams.csv");
    const { records, errors } = validateRows(readEngramFile(readFileSync(file, "utf8"), "csv"));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(820);
    expect(records.every((r) => r.modId === null)).toBe(true);
    const pick = records.find((r) => r.label === "Metal Pick");
    expect(pick).toMatchObject({ className: "PrimalItem_WeaponMetalPick_C", environments: 1 | 2, canBlueprint: true });
  });
});
