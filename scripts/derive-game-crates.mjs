#!/usr/bin/env node
/**
 * Writes lib/loot/data/game-crates-ase.json, the compact form of the shared data set's
 * loot-crates-ase.json the crate pages and the odds engine read (see lib/loot/data/SOURCES.md):
 * the same schema minus what no page shows (spawn counts, level and decay times, set and
 * crate blueprint paths, grinding and stat-clamp flags), and itemPaths only for classes
 * the crates use. Usage: node scripts/derive-game-crates.mjs <path to loot-crates-ase.json>
 */
import { readFileSync, writeFileSync } from "node:fs";

const [from] = process.argv.slice(2);
if (!from || from === "--help") {
  console.log("usage: node scripts/derive-game-crates.mjs <loot-crates-ase.json>");
  process.exit(from ? 0 : 2);
}
const data = JSON.parse(readFileSync(from, "utf8"));
const used = new Set();
const crates = data.crates.map((c) => ({
  class: c.class,
  kind: c.kind,
  label: c.label,
  maps: c.maps ?? [],
  beaconMaps: c.beaconMaps ?? [],
  noRepeatsInSets: c.noRepeatsInSets,
  qualityMult: c.qualityMult,
  setQty: c.setQty,
  sets: c.sets.map((s) => ({
    name: s.name,
    weight: s.weight,
    canRepeatItems: s.canRepeatItems,
    qtyScale: s.qtyScale,
    entries: s.entries.map((e) => {
      for (const [, cls] of e.items) if (cls) used.add(cls);
      return {
        name: e.name,
        weight: e.weight,
        rollOneItemOnly: e.rollOneItemOnly,
        qty: e.qty,
        quality: e.quality,
        bpChance: e.bpChance,
        items: e.items,
      };
    }),
  })),
}));
const itemPaths = Object.fromEntries(Object.entries(data.itemPaths).filter(([cls]) => used.has(cls)));
writeFileSync("lib/loot/data/game-crates-ase.json", JSON.stringify({ about: data.about, itemPaths, crates }) + "\n");
console.log(`${crates.length} crates, ${used.size} item classes (${Object.keys(itemPaths).length} with paths)`);
