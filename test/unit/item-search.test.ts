/**
 * The item search (lib/catalogue/item-search.ts) over the base game's real catalogue
 * (prisma/seed/base-game-engrams.csv, 820 items, sorted as the page sorts them): the
 * words players use, typos by word length, accents, prefixes, ranking, "did you mean",
 * and that no query quietly matches everything.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foldText, labelWords, normalizedPhrase } from "@/lib/catalogue/fold-text";
import { sortByLabel } from "@/lib/catalogue/item-order";
import { parseItemQuery, singulars, typoBudget } from "@/lib/catalogue/item-query";
import { buildItemIndex, countMatches, searchItems, type SearchItem } from "@/lib/catalogue/item-search";
import { SYNONYMS } from "@/lib/catalogue/item-synonyms";
import { typoDistance } from "@/lib/catalogue/typo-distance";
import { parseCsv } from "@/lib/csv/parse-csv";
import { classOf } from "@/lib/engrams/derive";

const csv = parseCsv(readFileSync("prisma/seed/base-game-engrams.csv", "utf8"));
const [header, ...records] = csv;
const col = (name: string) => header!.fields.indexOf(name);
const BASE: SearchItem[] = sortByLabel(
  records.map((r) => ({
    label: r.fields[col("label")]!,
    path: r.fields[col("path")]!,
    class: classOf(r.fields[col("path")]!),
    mod: null,
  })),
  "en",
  (i) => i.label,
  (i) => i.path!,
);
const index = buildItemIndex(BASE);
const labels = (query: string, filter?: (i: number) => boolean) =>
  searchItems(index, query, filter ? { filter } : {}).items.map((i) => BASE[i]!.label);

describe("text folding", () => {
  it("drops case and accents and spells out the letters NFD keeps", () => {
    expect(foldText("Recipe: Shadow Steak Sauté")).toBe("recipe: shadow steak saute");
    expect(foldText("ÆSIR Straße Øre Łódź")).toBe("aesir strasse ore lodz");
    expect(normalizedPhrase("  Pump-Action   Shotgun ")).toBe("pump action shotgun");
  });
  it("keeps a label's words, and joins the pieces of one chunk so they also match whole", () => {
    expect(labelWords("Pump-Action Shotgun")).toEqual({
      words: ["pump", "action", "pumpaction", "shotgun"],
      sequence: ["pump", "action", "shotgun"],
    });
    expect(labelWords("DodoRex Mask Skin").words).toEqual(["dodo", "rex", "dodorex", "mask", "skin"]);
    expect(labelWords("Heavy Miner's Helmet").words).toContain("miners");
    expect(labelWords("Beer Jar Beer Jar")).toEqual({
      words: ["beer", "jar"],
      sequence: ["beer", "jar", "beer", "jar"],
    });
  });
});

describe("typo distance", () => {
  it("counts an insertion, a deletion, a replacement and a swap of neighbours as one edit each", () => {
    expect(typoDistance("pick", "pick", 1).whole).toBe(0);
    expect(typoDistance("pcik", "pick", 1).whole).toBe(1);
    expect(typoDistance("pik", "pick", 1).whole).toBe(1);
    expect(typoDistance("picks", "pick", 1).whole).toBe(1);
    expect(typoDistance("pack", "pick", 1).whole).toBe(1);
    expect(typoDistance("sabretoth", "sabertooth", 2).whole).toBe(2);
  });
  it("stops at the bound and measures the closest start of a longer word", () => {
    expect(typoDistance("zzzz", "pick", 1)).toEqual({ whole: 2, start: 2 });
    expect(typoDistance("sabretoo", "sabertooth", 1)).toEqual({ whole: 2, start: 1 });
    expect(typoDistance("a", "abcdefgh", 1).whole).toBe(2);
  });
});

describe("synonyms: the words players use", () => {
  it("pickaxe finds the picks, metal pickaxe the Metal Pick first", () => {
    expect(labels("pickaxe")).toEqual(["Metal Pick", "Stone Pick"]);
    expect(labels("metal pickaxe")).toEqual(["Metal Pick"]);
    expect(labels("PICKAXE metal")).toEqual(["Metal Pick"]);
  });
  it("axe and hatchet are the same tool, and a synonym is not searched inside (axe is not in pickaxe)", () => {
    expect(labels("axe")).toEqual(["Metal Hatchet", "Stone Hatchet"]);
    expect(labels("hatchet")).toEqual(labels("axe"));
  });
  it("ammo finds bullets, arrows and darts; bullet finds the Ammo items", () => {
    const ammo = labels("ammo");
    expect(ammo).toEqual(
      expect.arrayContaining([
        "Simple Bullet",
        "Advanced Rifle Bullet",
        "Simple Rifle Ammo",
        "Stone Arrow",
        "Tranquilizer Dart",
      ]),
    );
    expect(labels("bullet")).toEqual(
      expect.arrayContaining(["Simple Bullet", "Simple Shotgun Ammo", "Flamethrower Ammo"]),
    );
    expect(labels("bullet")).not.toContain("Stone Arrow");
  });
  it("a synonym beats a prefix of a longer word (AR is the Assault Rifle before Arrow or Arm)", () => {
    expect(labels("ar")[0]).toBe("Assault Rifle");
    expect(labels("trex")).toEqual(expect.arrayContaining(["Rex Saddle", "Rex Egg"]));
    expect(labels("colour")).toContain("Red Coloring");
  });
  it("come from the catalogue: every term a synonym finds is in the base game's labels, every player word is one folded word", () => {
    const phrases = BASE.map((b) => ` ${normalizedPhrase(b.label)} `);
    expect(SYNONYMS.source).toMatch(/base-game-engrams\.csv/);
    expect(SYNONYMS.entries.length).toBeGreaterThan(40);
    for (const entry of SYNONYMS.entries) {
      for (const find of entry.finds)
        expect(
          phrases.some((p) => p.includes(` ${normalizedPhrase(find)} `)),
          find,
        ).toBe(true);
      for (const word of entry.words) expect(word, word).toMatch(/^[a-z0-9]+$/);
    }
  });
});

describe("typos, by word length", () => {
  it("allows none up to 3 letters, one from 4, two from 7", () => {
    expect([typoBudget("rex"), typoBudget("pick"), typoBudget("saddle"), typoBudget("sabertooth")]).toEqual([
      0, 1, 1, 2,
    ]);
    expect(typoBudget("c4x4")).toBe(0);
    expect(labels("rxe")).toEqual([]);
    expect(labels("metal pcik")).toEqual(["Metal Pick"]);
    expect(labels("sadle rex")[0]).toBe("Rex Saddle");
    expect(labels("sabertoth saddle")).toEqual(["Sabertooth Saddle"]);
    expect(labels("sabretoth sadle")).toEqual(["Sabertooth Saddle"]);
    expect(labels("metl pcik")).toEqual(["Metal Pick"]);
    // three edits in a 10-letter word are too many
    expect(labels("sbaretoht")).toEqual([]);
  });
  it("matches a word still being typed with a typo in it", () => {
    expect(labels("sabretoo")).toEqual(["Sabertooth Saddle"]);
  });
  it("are a fallback only: a word that matches as typed never brings its look-alikes", () => {
    expect(labels("pick")).toEqual(["Metal Pick", "Stone Pick"]);
    expect(labels("pick")).not.toContain("Pink Coloring");
    const r = searchItems(index, "metal pcik");
    expect(r.typos).toBe(true);
    expect(searchItems(index, "metal pick").typos).toBe(false);
  });
});

describe("words in any order, any case, accents folded, prefixes, words inside words", () => {
  it("order and case do not matter", () => {
    expect(labels("SADDLE rex")[0]).toBe("Rex Saddle");
    expect(labels("saddle REX")).toEqual(labels("rex saddle"));
  });
  it("accents fold both ways", () => {
    expect(labels("saute")).toEqual(["Shadow Steak Saute", "Recipe: Shadow Steak Sauté"]);
    expect(labels("SAUTÉ")).toEqual(labels("saute"));
    expect(labels("métal pick")).toEqual(["Metal Pick"]);
  });
  it("any word may be a prefix", () => {
    expect(labels("sabert")).toEqual(["Sabertooth Saddle"]);
    expect(labels("met pi")).toEqual(["Metal Pick", "Metal Pillar", ...labels("metal irrigation pipe")]);
    expect(labels("met pic")).toEqual(["Metal Pick"]);
    expect(labels("tranq")).toEqual([
      "Tranq Spear Bolt",
      "Tranquilizer Arrow",
      "Tranquilizer Dart",
      "Shocking Tranquilizer Dart",
    ]);
  });
  it("a word of 3 letters or more is found inside label words, and plurals find the singular", () => {
    expect(labels("berry")).toEqual(expect.arrayContaining(["Amarberry", "Mejoberry", "Stimberry Seed"]));
    expect(labels("berries")).toEqual(expect.arrayContaining(["Amarberry", "Tintoberry"]));
    expect(labels("saddles")).toContain("Rex Saddle");
    expect(labels("ry")).not.toContain("Amarberry");
  });
  it("text written like code matches the class and the path", () => {
    expect(labels("PrimalItem_WeaponMetalPick_C")).toEqual(["Metal Pick"]);
    expect(labels("primalitem_weaponmetalpick_c")).toEqual(["Metal Pick"]);
    expect(labels("MetalPick")).toEqual(["Metal Pick"]);
    expect(
      labels("/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick"),
    ).toEqual(["Metal Pick"]);
    expect(labels("pump-action")).toEqual(["Pump-Action Shotgun"]);
    expect(labels("miner's")).toEqual(["Heavy Miner's Helmet"]);
    expect(labels("/Saddles/ rex")).toEqual(expect.arrayContaining(["Rex Saddle", "Tek Rex Saddle"]));
  });
  it("a mod's name matches whole or by its start, never by a typo", () => {
    const items: SearchItem[] = [
      { label: "Fear Sword", mod: "Primal Fear" },
      { label: "Plain Sword", mod: null },
      { label: "Gaia Helmet", mod: "Gaia" },
    ];
    const small = buildItemIndex(items);
    const found = (q: string) => searchItems(small, q).items.map((i) => items[i]!.label);
    expect(found("primal")).toEqual(["Fear Sword"]);
    expect(found("primal sword")).toEqual(["Fear Sword"]);
    expect(found("prima")).toEqual(["Fear Sword"]);
    expect(found("rimal")).toEqual([]);
    expect(found("primel")).toEqual([]);
    expect(found("gaia")[0]).toBe("Gaia Helmet");
  });
});

describe("ranking", () => {
  it("puts the label equal to the query first, then labels starting with it", () => {
    expect(labels("stone")[0]).toBe("Stone");
    expect(labels("stone").slice(1, 3)).toEqual(["Stone Arrow", "Stone Ceiling"]);
    expect(labels("rex saddle")).toEqual(["Rex Saddle", "Tek Rex Saddle", "Rex Stomped Glasses Saddle Skin"]);
    expect(labels("pike")[0]).toBe("Pike");
    expect(labels("water jar")[0]).toBe("Water Jar");
  });
  it("ranks whole words above prefixes above words found inside longer ones", () => {
    const metal = labels("metal");
    expect(metal[0]).toBe("Metal");
    expect(metal.indexOf("Metal Pick")).toBeLessThan(metal.length);
    const wood = labels("wood");
    expect(wood[0]).toBe("Wood");
    // "Wood" whole (Sloped Wood Wall Left) before the prefix in "Wooden"
    expect(wood.indexOf("Sloped Wood Wall Left")).toBeLessThan(wood.indexOf("Wooden Door"));
  });
  it("keeps the items' own order between equal scores", () => {
    const picks = searchItems(index, "pickaxe").items;
    expect(picks).toEqual([...picks].sort((a, b) => a - b));
  });
});

describe("did you mean", () => {
  it("suggests the nearest words when nothing matches, and only what finds something", () => {
    const r = searchItems(index, "metalpick");
    expect(r.items).toEqual([]);
    expect(r.suggestions[0]).toBe("metal pick");
    const far = searchItems(index, "sabbbbertooth saddle");
    expect(far.items).toEqual([]);
    expect(far.suggestions).toContain("sabertooth saddle");
    for (const s of [...r.suggestions, ...far.suggestions]) expect(countMatches(index, s), s).toBeGreaterThan(0);
  });
  it("offers each word alone when every word matches but not together", () => {
    const r = searchItems(index, "wyvern metal");
    expect(r.items).toEqual([]);
    expect(r.suggestions).toEqual(["metal", "wyvern"]);
  });
  it("drops a word that matches nothing at all", () => {
    expect(searchItems(index, "metal qqqqqqqq").suggestions).toContain("metal");
  });
  it("says nothing when nothing is near", () => {
    expect(searchItems(index, "zqxjk").suggestions).toEqual([]);
  });
  it("stays within the filter: suggestions find items the view shows", () => {
    const onlyStone = (i: number) => BASE[i]!.label.startsWith("Stone");
    const r = searchItems(index, "stone picc", { filter: onlyStone });
    expect(r.items.map((i) => BASE[i]!.label)).toEqual(["Stone Pick"]);
    const none = searchItems(index, "metalpick", { filter: onlyStone });
    expect(none.suggestions).not.toContain("metal pick");
  });
});

describe("no false match-everything", () => {
  it("a blank query is no search: every item the filter keeps, in order", () => {
    expect(searchItems(index, "").items).toHaveLength(BASE.length);
    expect(searchItems(index, "   ").items).toEqual(BASE.map((_, i) => i));
    expect(searchItems(index, "", { filter: (i) => i < 3 }).items).toEqual([0, 1, 2]);
  });
  it("text without a letter or digit matches nothing and says so", () => {
    for (const q of ["!!!", "-", "''", "/ /", "_"]) {
      const r = searchItems(index, q);
      expect(r.items, q).toEqual([]);
      expect(r.nothingToSearch, q).toBe(true);
    }
  });
  it("nonsense, one-letter words and short words never match most of the catalogue", () => {
    for (const q of ["zzzz", "qqq", "xq", "zzzzzzzzzzzzzzzzzzzz"]) expect(labels(q), q).toEqual([]);
    for (const q of ["a", "e", "s", "x", "item", "the"]) expect(labels(q).length, q).toBeLessThan(BASE.length / 2);
  });
  it("a long query is cut to 12 terms and 200 characters", () => {
    expect(parseItemQuery("a ".repeat(50)).terms).toHaveLength(1);
    expect(parseItemQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ")).terms).toHaveLength(12);
    expect(parseItemQuery("x".repeat(500)).terms[0]!.word).toHaveLength(200);
    expect(singulars("bullets")).toEqual(["bullet"]);
    expect(singulars("berries")).toEqual(["berry"]);
    expect(singulars("glass")).toEqual([]);
  });
  it("the filter is respected by every kind of match", () => {
    const even = (i: number) => i % 2 === 0;
    for (const q of ["pickaxe", "metal", "metal pcik", "/Game/", "m"]) {
      for (const i of searchItems(index, q, { filter: even }).items) expect(i % 2, q).toBe(0);
    }
  });
});
