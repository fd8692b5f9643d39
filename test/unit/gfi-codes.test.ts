// Short GFI codes (docs/PORTAL.md#gfi-codes): the shortest lowercase substring of an item's class
// name without _C that no other item's class name contains, ties alphabetical, none when
// there is none. Pinned on the base game's catalogue (checked by hand against the CSV
// with grep, reasons below), and held against a brute-force search on random names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gfiCodes } from "@/lib/catalogue/gfi-codes";
import { classOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { ROOT } from "../support/test-server";

const baseGame = readEngramFile(readFileSync(join(ROOT, "prisma/seed/base-game-engrams.csv"), "utf8"), "csv").map((r) =>
  classOf((r.value as { path: string }).path),
);

/** Every substring by length, then alphabetically, against every other name: the definition itself. */
function bruteForce(names: string[]): (string | null)[] {
  const low = names.map((n) => n.toLowerCase());
  return low.map((t, i) => {
    const own = t.endsWith("_c") ? t.length - 2 : t.length;
    for (let length = 1; length <= own; length++) {
      const candidates = [...new Set(Array.from({ length: own - length + 1 }, (_, p) => t.substr(p, length)))].sort();
      const unique = candidates.find((c) => low.every((other, j) => j === i || !other.includes(c)));
      if (unique !== undefined) return unique;
    }
    return null;
  });
}

describe("GFI codes of the base game", () => {
  const codes = new Map(baseGame.map((c, i) => [c, gfiCodes(baseGame)[i]]));

  it.each([
    // every 3 letters of it are elsewhere (lpi: the metal pipes and pillar; pic, ick: the stone pick); lpic is not
    ["PrimalItem_WeaponMetalPick_C", "lpic"],
    // epic and lpic are the picks' own 4 letters; epic for stone
    ["PrimalItem_WeaponStonePick_C", "epic"],
    // sw is in the sweet veggie cake and the scorched sword skin; nsw only here
    ["PrimalItem_WeaponSword_C", "nsw"],
    // mp is in 21 names (compost, compass, ...); mpf only in the campfire
    ["PrimalItemStructure_Campfire_C", "mpf"],
    // ce_woo is also in resource_wool, e_wood in 30 wooden structures
    ["PrimalItemResource_Wood_C", "ce_wood"],
    // y_m is in trophy_manticore too
    ["PrimalItemConsumable_Berry_Mejoberry_C", "ry_m"],
  ])("%s: %s", (cls, code) => {
    expect(codes.get(cls)).toBe(code);
  });

  it("has no code for a name inside another one", () => {
    // primalitemarmor_rexsaddle lies inside primalitemarmor_rexsaddle_tek; resource_metal inside resource_metalingot
    expect(codes.get("PrimalItemArmor_RexSaddle_C")).toBeNull();
    expect(codes.get("PrimalItemResource_Metal_C")).toBeNull();
    expect(codes.get("PrimalItemResource_MetalIngot_C")).not.toBeNull();
    expect([...codes.values()].filter((c) => c === null)).toHaveLength(57);
  });

  it("never names a code another class holds, and each code is in its own class without _C", () => {
    const low = baseGame.map((c) => c.toLowerCase());
    baseGame.forEach((cls, i) => {
      const code = codes.get(cls);
      if (code === null || code === undefined) return;
      expect(low[i]!.slice(0, -2)).toContain(code);
      expect(low.filter((other) => other.includes(code))).toEqual([low[i]]);
    });
  });
});

describe("GFI codes in general", () => {
  it("give none to two items of one class, and ignore case", () => {
    // o and p are both only in a_raptor: o comes first
    expect(gfiCodes(["A_Rex_C", "a_rex_c", "A_Raptor_C"])).toEqual([null, null, "o"]);
    expect(gfiCodes(["Solo_C"])).toEqual(["l"]);
    expect(gfiCodes([])).toEqual([]);
  });

  it("take no code from the _C suffix, but keep the others' _C in mind", () => {
    // c would do for Pick but is in Pi_C's suffix; Pi lies inside Pick
    expect(gfiCodes(["Pick_C", "Pi_C"])).toEqual(["k", null]);
    // b and c of BC are in AB_C ("_c" too), bc is not
    expect(gfiCodes(["AB_C", "BC_C"])).toEqual(["a", "bc"]);
  });

  it("agree with a brute-force search on random names over a small alphabet", () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) | 0;
      return (seed >>> 8) % n;
    };
    for (let round = 0; round < 20; round++) {
      const names = Array.from(
        { length: 5 + rnd(60) },
        () => Array.from({ length: 1 + rnd(9) }, () => "ab_c"[rnd(4)]).join("") + (rnd(2) ? "_C" : ""),
      );
      expect(gfiCodes(names), names.join(" ")).toEqual(bruteForce(names));
    }
  });
});
