// The diff that speaks loot (lib/documents/diff): on the real 2017 Default Loot document,
// an entry's weight and a removed source are exactly two changes, in the loot view's
// terms, with the Game.ini lines that differ; moving or reformatting is no change; keys
// outside the loot model are a key-level JSON diff; the revision summaries say the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffContents, limitLines, readDiffSide } from "@/lib/documents/diff/document-diff";
import { jsonDiff } from "@/lib/documents/diff/json-diff";
import { MAX_ODDS_SOURCES } from "@/lib/documents/diff/odds-diff";
import { summarizeDiff } from "@/lib/documents/revisions/revision-summary";
import { readLootDocument } from "@/lib/loot/loot-document";
import { sourceOdds } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";

const TEXT = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
// The document's shape as these tests touch it: the loot model's nesting, other keys open.
type Json = { [key: string]: unknown };
type Entry = Json;
type ItemSet = Json & { ItemEntries: Entry[] };
type Source = Json & { ItemSets: ItemSet[] };
type Doc = Json & { LootSources: Source[] };
const original = () => JSON.parse(TEXT) as Doc;
const bytes = (doc: Json | string) => Buffer.from(typeof doc === "string" ? doc : JSON.stringify(doc, null, "\t"));
const diff = (a: Json | string, b: Json | string) => diffContents(readDiffSide(bytes(a)), readDiffSide(bytes(b)));
const campfire = (doc: Doc) => doc.LootSources[0]!.ItemSets[0]!.ItemEntries[0]!;

describe("loot diff", () => {
  it("an entry's weight and a removed source: exactly two changes, with chances as the loot view shows them", () => {
    const changed = original();
    campfire(changed).EntryWeight = 3;
    changed.LootSources.splice(2, 1);
    const d = diff(TEXT, changed);
    expect(d.format).toBe("loot");
    expect(d.changes.map((c) => c.text)).toEqual([
      "Removed loot source “Island Blue (Level 25)” (SupplyCrate_Level25_C, 1 item set, 3 entries)",
      "Island White (Level 3) › Campsite › PrimalItemStructure_Campfire_C: chance 16.7% (weight 1) → 37.5% (weight 3)",
    ]);
    expect(d.changes.map((c) => c.kind)).toEqual(["source-removed", "entry-changed"]);
    expect(d.changes[1]!.fields).toEqual([{ field: "chance", from: "16.7% (weight 1)", to: "37.5% (weight 3)" }]);
    expect(d.json).toEqual([]);
    expect(d.gameIni.map((g) => [g.crate, g.kind])).toEqual([
      ["SupplyCrate_Level03_C", "changed"],
      ["SupplyCrate_Level25_C", "removed"],
    ]);
    expect(d.gameIni[0]!.to).toContain("EntryWeight=0.375");
    expect(summarizeDiff(d, 1, 2)).toBe(
      "Removed loot source “Island Blue (Level 25)” (SupplyCrate_Level25_C, 1 item set, 3 entries) (and 1 more change)",
    );
  });

  it("says how the odds moved: each item of a changed source whose chance per crate moved, the engine's figures, largest first", () => {
    // The Campsite set twice as likely (its six entries are all picked: an entry's weight there moves nothing)
    const changed = original();
    changed.LootSources[0]!.ItemSets[0]!.SetWeight = 1;
    changed.LootSources.splice(2, 1);
    const d = diff(TEXT, changed);
    const chance = (doc: Doc, cls: string) => {
      const loot = readLootDocument(doc)!;
      const odds = sourceOdds(oddsSourceOf(loot.sources[0]!, loot.difficulty));
      return odds.items.find((i) => i.key === cls)?.atLeastOne.value ?? 0;
    };
    // only the changed source (the removed one is a loot change)
    expect([...new Set(d.odds.map((o) => o.source))]).toEqual(["Island White (Level 3)"]);
    const fire = d.odds.find((o) => o.item === "PrimalItemStructure_Campfire_C")!;
    expect(fire.from).toBeCloseTo(chance(original(), "PrimalItemStructure_Campfire_C"), 12);
    expect(fire.to).toBeCloseTo(chance(changed, "PrimalItemStructure_Campfire_C"), 12);
    expect(fire.to).toBeGreaterThan(fire.from);
    expect(fire.text).toMatch(/^Island White \(Level 3\): PrimalItemStructure_Campfire_C [\d.]+% → [\d.]+% per crate$/);
    // the Campsite's items up, the other sets' down, each listed, largest move first
    const campsite = new Set(
      original().LootSources[0]!.ItemSets[0]!.ItemEntries.flatMap((e) =>
        (e.Items as { Class: string }[]).map((i) => i.Class),
      ),
    );
    expect(d.odds.length).toBeGreaterThan(campsite.size);
    for (const o of d.odds) expect(o.to > o.from, o.item).toBe(campsite.has(o.item));
    const moves = d.odds.map((o) => Math.abs(o.to - o.from));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    // the same roll written differently moves nothing
    expect(diff(TEXT, JSON.stringify(original())).odds).toEqual([]);
  });

  it("compares the odds of at most MAX_ODDS_SOURCES changed sources and says how many changed", () => {
    const base = original();
    const source = base.LootSources[0]!;
    base.LootSources = Array.from({ length: MAX_ODDS_SOURCES + 2 }, (_, i) => ({
      ...structuredClone(source),
      SupplyCrateClassString: `SupplyCrate_Test${i}_C`,
      Label: `Crate ${i}`,
    }));
    const changed = structuredClone(base);
    for (const s of changed.LootSources) s.ItemSets[0]!.SetWeight = 2;
    const d = diff(base, changed);
    expect(new Set(d.odds.map((o) => o.source)).size).toBe(MAX_ODDS_SOURCES);
    expect(d.note).toBe(
      `The odds are compared for the first ${MAX_ODDS_SOURCES} of the ${MAX_ODDS_SOURCES + 2} sources that changed.`,
    );
  });

  it("an entry that gained an item and weight is one change, found by its items and position: what was added, the weight and its share", () => {
    const changed = original();
    const entry = campfire(changed);
    (entry.Items as Json[]).push({
      Class: "PrimalItem_WeaponTekRifle_C",
      Path: "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponTekRifle.PrimalItem_WeaponTekRifle",
      Weight: 1,
    });
    entry.EntryWeight = 3;
    const names = (item: { class: string }) =>
      ({ label: item.class === "PrimalItemStructure_Campfire_C" ? "Campfire" : "Tek Rifle" }) as never;
    const d = diffContents(readDiffSide(bytes(TEXT)), readDiffSide(bytes(changed)), names);
    expect(d.changes.map((c) => c.text)).toEqual([
      "Island White (Level 3) › Campsite › entry 1 (Campfire or Tek Rifle): added Tek Rifle; weight 1 → 3 (16.7% → 37.5% of its set)",
    ]);
    expect(d.changes[0]!.kind).toBe("entry-changed");
    expect(d.changes[0]!.fields).toEqual([
      { field: "added", from: "", to: "Tek Rifle" },
      { field: "weight", from: "1 (16.7% of its set)", to: "3 (37.5% of its set)" },
    ]);
    // An item taken out of an entry is the same entry too; an entry sharing no item is removed and added.
    const back = diffContents(readDiffSide(bytes(changed)), readDiffSide(bytes(TEXT)), names);
    expect(back.changes.map((c) => c.text)).toEqual([
      "Island White (Level 3) › Campsite › entry 1 (Campfire): removed Tek Rifle; weight 3 → 1 (37.5% → 16.7% of its set)",
    ]);
    const other = original();
    campfire(other).Items = [
      {
        Class: "PrimalItem_WeaponTekRifle_C",
        Path: "/Game/X/PrimalItem_WeaponTekRifle.PrimalItem_WeaponTekRifle",
        Weight: 1,
      },
    ];
    expect(diff(TEXT, other).changes.map((c) => c.kind)).toEqual(["entry-removed", "entry-added"]);
  });

  it("names items through the catalogue when it knows them", () => {
    const changed = original();
    campfire(changed).MaxQuantity = 5;
    const d = diffContents(readDiffSide(bytes(TEXT)), readDiffSide(bytes(changed)), (item) =>
      item.class === "PrimalItemStructure_Campfire_C" ? ({ label: "Campfire" } as never) : undefined,
    );
    expect(d.changes.map((c) => c.text)).toEqual(["Island White (Level 3) › Campsite › Campfire: quantity 1–2 → 1–5"]);
  });

  it("the same settings reformatted, reordered or written as the editor writes them are no change", () => {
    const moved = original();
    moved.LootSources.reverse();
    moved.LootSources[0]!.ItemSets.reverse();
    campfire(moved); // entries in another order too
    moved.LootSources[5]!.ItemSets[0]!.ItemEntries.reverse();
    for (const other of [JSON.stringify(original()), moved]) {
      const d = diff(TEXT, other);
      expect(d.identical).toBe(false);
      expect([d.changes, d.json]).toEqual([[], []]);
    }
    expect(summarizeDiff(diff(TEXT, JSON.stringify(original())), 1, 2)).toBe(
      "Reformatted: the same settings, written differently",
    );
    expect(diff(TEXT, TEXT).identical).toBe(true);
  });

  it("speaks of sets, entries, quality, blueprints and document fields", () => {
    const changed = original();
    changed.Title = "Better Loot";
    changed.DifficultyValue = 5;
    changed.Map = 8;
    const white = changed.LootSources[0]!;
    white.ItemSets[1]!.SetWeight = 2;
    white.ItemSets.splice(6, 1);
    white.ItemSets[0]!.ItemEntries.splice(1, 1);
    white.ItemSets[0]!.ItemEntries.push({
      EntryWeight: 1,
      Items: [{ Class: "PrimalItem_WeaponMetalPick_C", Path: "/Game/X/Pick.Pick", Weight: 1 }],
      MinQuality: "Tier2",
      MaxQuality: "Tier3",
      ChanceToBeBlueprintOverride: 0.25,
    });
    campfire(changed).MaxQuality = "Tier5";
    campfire(changed).ChanceToBeBlueprintOverride = 0.1;
    white.MaxItemSets = 4;
    const texts = diff(TEXT, changed).changes.map((c) => c.text);
    expect(texts).toEqual([
      "Title: “Default Loot” → “Better Loot”",
      "Difficulty: 4 → 5",
      expect.stringMatching(/^Maps: .+ → Ragnarok$/),
      "Island White (Level 3): item sets per crate 1–3 → 1–4",
      "Island White (Level 3): removed item set “Saddles” (was chance 14.3%, 2 entries, 2 items per roll)",
      "Island White (Level 3) › Campsite: removed entry PrimalItemResource_Sparkpowder_C (was 16.7% in its set, quantity 2–6, Primitive, blueprint 0%)",
      "Island White (Level 3) › Campsite › PrimalItemStructure_Campfire_C: quality Primitive → Primitive – Mastercraft; blueprint chance 0% → 10%",
      "Island White (Level 3) › Campsite: added entry PrimalItem_WeaponMetalPick_C (16.7% in its set, quantity 1, Ramshackle – Apprentice, blueprint 25%)",
      "Island White (Level 3) › Clothing: chance 14.3% (weight 0.5) → 44.4% (weight 2)",
    ]);
  });

  it("reports keys outside the loot model as a key-level JSON diff", () => {
    const changed = original();
    changed.Public = false;
    changed.ModSelections = { "731604991": true };
    changed.LootSources[0]!.Notes = "mine";
    const d = diff(TEXT, changed);
    expect(d.changes).toEqual([]);
    expect(d.json.map((j) => j.text)).toEqual([
      "Public: true → false",
      'ModSelections added: {"731604991":true}',
      'LootSources.SupplyCrate_Level03_C.Notes added: "mine"',
    ]);
    expect(summarizeDiff(d, 1, 2)).toBe("Public: true → false (and 2 more changes)");
  });

  it("compares other JSON key by key, and anything else by its bytes", () => {
    const d = diff(`{"Title":"A","Options":{"Speed":1,"Keep":[1]}}`, `{"Title":"A","Options":{"Speed":2},"New":null}`);
    expect(d.format).toBe("json");
    expect(d.json.map((j) => j.text)).toEqual([
      "Options.Speed: 1 → 2",
      "Options.Keep removed (was [1])",
      "New added: null",
    ]);
    const raw = diffContents(readDiffSide(Buffer.from("not json")), readDiffSide(Buffer.from("{}")));
    expect([raw.format, raw.note]).toEqual([
      "bytes",
      "The content is not JSON: only its size and checksum are compared.",
    ]);
    expect(summarizeDiff(raw, 8, 2)).toBe("Content changed (8 bytes → 2 bytes)");
    expect(jsonDiff({ "odd key": 1 }, {})[0]!.path).toBe('["odd key"]');
  });

  // Keys were once tested with `in`, which also sees Object.prototype, so an added
  // `constructor` or `toString` vanished from the diff and the revision summary.
  it("keys named like Object.prototype's members are keys like any other", () => {
    for (const key of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"]) {
      const before = `{"Title":"A"}`;
      const after = `{"Title":"A",${JSON.stringify(key)}:1}`;
      const d = diff(before, after);
      expect(d.json.map((j) => [j.path, j.kind, j.to])).toEqual([[key, "added", "1"]]);
      expect(summarizeDiff(d, before.length, after.length)).toBe(`${key} added: 1`);
      const back = diff(after, before);
      expect(back.json.map((j) => [j.path, j.kind, j.from])).toEqual([[key, "removed", "1"]]);
      const nested = diff(`{"O":{"a":1}}`, `{"O":{"a":1,${JSON.stringify(key)}:{"x":2}}}`);
      expect(nested.json.map((j) => j.text)).toEqual([`O.${key} added: {"x":2}`]);
      // sameJson: an equal count of keys is not enough when one side's key is inherited
      const swapped = diff(`{"a":1}`, `{${JSON.stringify(key)}:1}`);
      expect(swapped.json.map((j) => j.kind)).toEqual(["removed", "added"]);
    }
    // and in a loot document's keys outside the loot model
    const changed = original();
    (changed as Json)["constructor"] = "mine";
    const d = diff(TEXT, changed);
    expect(d.json.map((j) => j.text)).toEqual(['constructor added: "mine"']);
  });

  it("limitLines keeps each list's first lines and their totals; the summary counts the totals", () => {
    const changed = original();
    for (const e of changed.LootSources[0]!.ItemSets[0]!.ItemEntries) e.EntryWeight = 7;
    changed.Extra = { a: 1, b: 2 };
    const whole = diff(TEXT, changed);
    expect(whole.changes.length).toBeGreaterThan(2);
    const cut = limitLines(whole, 1);
    expect([cut.changes.length, cut.json.length]).toEqual([1, 1]);
    expect(cut.gameIni).toEqual(whole.gameIni.slice(0, 1));
    expect(cut.totals).toEqual({
      changes: whole.changes.length,
      json: whole.json.length,
      gameIni: whole.gameIni.length,
      odds: whole.odds.length,
    });
    expect(cut.changes[0]).toEqual(whole.changes[0]);
    expect(summarizeDiff(cut, 1, 2)).toBe(summarizeDiff(whole, 1, 2));
    // Short enough already: the same diff, no totals.
    expect(limitLines(whole, 10_000)).toBe(whole);
  });

  it("two hundred thousand changed keys are listed, not a stack overflow", () => {
    const keys = (v: number) => ({
      ...original(),
      Other: Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i + v])),
    });
    const d = diff(keys(0), keys(1));
    expect(d.format).toBe("loot");
    expect(d.json).toHaveLength(200_000);
  });
});
