/**
 * Writes the loot indexes derived from the game's crates (lib/loot/data/SOURCES.md):
 * lib/loot/data/item-drops-ase.json (lib/loot/item-drops.ts: per item class, the crates that
 * drop it with its odds) and lib/loot/data/crate-choices-ase.json (lib/loot/known-crates.ts:
 * the loot editor's crate list). Run after game-crates-ase.json, the odds engine or the known
 * crates change; test/unit/item-drops.test.ts fails until then.
 * Usage: npx tsx scripts/derive-loot-indexes.ts
 */
import { writeFileSync } from "node:fs";
import { computeCrateChoices, CRATE_CHOICES_FILE } from "@/lib/loot/game-crates";
import { computeItemDrops, ITEM_DROPS_FILE } from "@/lib/loot/item-drops";
import { KNOWN_CRATES } from "@/lib/loot/known-crates";

if (process.argv.includes("--help")) {
  console.log(
    `usage: npx tsx scripts/derive-loot-indexes.ts\nWrites ${ITEM_DROPS_FILE} and ${CRATE_CHOICES_FILE} from the game's crates and the odds engine.`,
  );
  process.exit(0);
}
const started = Date.now();
console.log("computing the odds of every crate (a few seconds)…");
const drops = computeItemDrops();
writeFileSync(ITEM_DROPS_FILE, JSON.stringify(drops) + "\n");
const pairs = Object.values(drops.drops).reduce((n, rows) => n + rows.length, 0);
console.log(
  `${ITEM_DROPS_FILE}: ${Object.keys(drops.drops).length} item classes in ${pairs} crate drops of ${drops.crates} crates, in ${Date.now() - started} ms`,
);
const choices = computeCrateChoices(KNOWN_CRATES.map((c) => c.crateClass));
writeFileSync(CRATE_CHOICES_FILE, JSON.stringify(choices) + "\n");
console.log(
  `${CRATE_CHOICES_FILE}: ${choices.groups.reduce((n, g) => n + g.crates.length, 0)} crates in ${choices.groups.length} groups`,
);
