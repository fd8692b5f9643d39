/**
 * The short name a creature's class carries, as words the search lets it answer to:
 * the game names creature classes by the names players use ("Trike_Character_BP_C" is
 * the Triceratops, "Argent_..." the Argentavis, "Toad_..." the Beelzebufo), so "trike"
 * finds the creature labelled "Triceratops" the way it finds "Trike Saddle". The
 * class's generic parts (Character, BP, the trailing _C) are left out; camelCase is
 * split by the index (labelWords), which also keeps the joined word ("MegaRaptor").
 * Isomorphic: no Node import.
 */
const GENERIC = new Set(["character", "bp", "npc", "base"]);

export function creatureWords(className: string): string {
  return className
    .replace(/_C$/i, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "" && !GENERIC.has(w.toLowerCase()))
    .join(" ");
}
