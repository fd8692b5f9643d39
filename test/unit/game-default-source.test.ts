// "Start from the game's default" (docs/LOOT.md#start-from-the-games-default): each of the
// game's 295 containers becomes a document source the editor accepts (no error), with the
// data's sets and entries; where nothing is approximated (no quantity curve, no single-stack
// entry, every item named) the converted source's odds are the crate's own; an unknown class is said; a document made from one opens.
import { describe, expect, it } from "vitest";
import { gameCrateOddsSource, gameCrates, gameCratesOfClass } from "@/lib/loot/game-crates";
import { gameDefaultForClass, gameDefaultOf } from "@/lib/loot/game-default-source";
import { gameDefaultDocument } from "@/lib/loot-editor/crate-templates";
import { emptyLootDocument, newSource } from "@/lib/loot/new-loot";
import { sourceOdds } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";
import { DEFAULT_DIFFICULTY } from "@/lib/loot/quality";
import { blocksSaving, validateLoot } from "@/lib/loot/validate-loot";

describe("the game's default contents as a document source", () => {
  it("every one of the 295 containers: a source the editor saves, its sets and named entries, the crate's odds where nothing is approximated", () => {
    const refs = gameCrates();
    expect(refs).toHaveLength(295);
    let compared = 0;
    for (const ref of refs) {
      const found = gameDefaultOf(ref, DEFAULT_DIFFICULTY);
      if (!found.ok) throw new Error(ref.path);
      const source = { ...newSource({ crateClass: ref.crate.class }), ...found.fields };
      const doc = { ...emptyLootDocument("00000000-0000-4000-8000-000000000001"), title: "t", sources: [source] };
      const issues = validateLoot(doc, { isKnownItem: () => true });
      expect(blocksSaving(issues), `${ref.path}: ${issues.map((i) => i.message).join("; ")}`).toBe(false);
      expect(source.itemSets.map((s) => s.label)).toEqual(ref.crate.sets.map((s) => s.name));
      const named = ref.crate.sets.map((s) => s.entries.filter((e) => e.items.some(([, c]) => c !== null)).length);
      expect(
        source.itemSets.map((s) => s.entries.length),
        ref.path,
      ).toEqual(named);
      const exactCopy =
        ref.crate.setQty.max <= ref.crate.sets.length &&
        ref.crate.sets.every(
          (s) =>
            s.qtyScale.max <= s.entries.length &&
            s.entries.every(
              (e) =>
                e.qty.pow === 1 && !e.rollOneItemOnly && e.items.length > 0 && e.items.every(([, c]) => c !== null),
            ),
        );
      expect(found.notes.length > 1 || exactCopy, `${ref.path}: approximated without a note`).toBe(true);
      if (!exactCopy) continue;
      compared++;
      const game = sourceOdds(gameCrateOddsSource(ref.crate));
      const ours = sourceOdds(oddsSourceOf(source, DEFAULT_DIFFICULTY));
      expect(ours.expectedItems.value, ref.path).toBeCloseTo(game.expectedItems.value, 9);
      const theirs = new Map(game.items.map((i) => [i.key, i.atLeastOne.value]));
      for (const item of ours.items)
        expect(item.atLeastOne.value, `${ref.path} ${item.key}`).toBeCloseTo(theirs.get(item.key)!, 9);
    }
    console.log(
      `game defaults: ${compared} of ${refs.length} containers copied without approximation, their odds compared`,
    );
    expect(compared).toBeGreaterThan(50);
  });

  it("says what it approximated, and an unknown class; a class on several maps names the one used", () => {
    const missing = gameDefaultForClass("SupplyCrate_NoSuchThing_C", 4);
    expect(missing).toEqual({
      ok: false,
      message:
        "The game's data has no crate of class SupplyCrate_NoSuchThing_C: choose one of the game's crates first.",
    });
    const twice = gameCrates().find((r) => gameCratesOfClass(r.crate.class).length > 1)!;
    const found = gameDefaultForClass(twice.crate.class, 4);
    if (!found.ok) throw new Error("no default");
    expect(found.notes.at(-1)).toMatch(/^The game has this crate on 2 maps; these are the contents listed for /);
    expect(found.notes[0]).toBe(
      "Quality is the nearest tier to each of the game's values at difficulty 4 (a document names tiers).",
    );
  });

  it("a new document of one such source: the crate's label and maps, no title yet", () => {
    const made = gameDefaultDocument("00000000-0000-4000-8000-000000000002", "SupplyCrate_Cave_QualityTier1_C");
    if (!made.ok) throw new Error(made.message);
    expect(made.doc.title).toBe("");
    expect(made.doc.sources).toHaveLength(1);
    expect(made.doc.sources[0]!.crateClass).toBe("SupplyCrate_Cave_QualityTier1_C");
    expect(made.doc.sources[0]!.itemSets.length).toBeGreaterThan(0);
    expect(made.doc.maps).toBe(made.doc.sources[0]!.availability);
  });
});
