/**
 * Start-from templates of single crates: each of Default Loot.beacon's six Island supply
 * crates (the 2017 desktop client's own loot tables, lib/loot/templates) as a new
 * document of that one source, its item sets, entries, items and values exactly as the
 * file has them. Nothing is made up: a crate the file does not have is no template, but
 * any crate of the game's data can start a document from the game's default contents
 * (gameDefaultDocument).
 */
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { gameDefaultForClass } from "@/lib/loot/game-default-source";
import { knownCrate } from "@/lib/loot/known-crates";
import type { LootSource } from "@/lib/loot/loot-document";
import { emptyLootDocument, newSource } from "@/lib/loot/new-loot";
import { DEFAULT_DIFFICULTY } from "@/lib/loot/quality";
import { defaultLootTemplate } from "./default-loot-template";

export interface CrateTemplate {
  crateClass: string;
  label: string;
  itemSets: number;
  entries: number;
}

function templateDoc(): LootDocument {
  return readLootDocument(defaultLootTemplate())!;
}

/** The crates there are templates of, in the file's order, with what each holds. */
export function crateTemplates(): CrateTemplate[] {
  return templateDoc().sources.map((s) => ({
    crateClass: s.crateClass,
    label: s.label,
    itemSets: s.itemSets.length,
    entries: s.itemSets.reduce((n, t) => n + t.entries.length, 0),
  }));
}

/**
 * A new document (no title yet: the user names it) holding the template's source of
 * `crateClass`, with the file's difficulty, and the source's maps as the document's.
 */
export function crateTemplate(documentId: string, crateClass: string): LootDocument | null {
  const template = templateDoc();
  const source = template.sources.find((s) => s.crateClass.toLowerCase() === crateClass.trim().toLowerCase());
  if (!source) return null;
  const empty = emptyLootDocument(documentId);
  return {
    ...empty,
    difficulty: template.difficulty,
    maps: source.availability,
    sources: [source],
    raw: { ...empty.raw, DifficultyValue: template.difficulty, Map: source.availability },
  };
}

/**
 * A new document (no title yet) of one source: the crate as the editor knows it (label,
 * maps, multipliers) holding the game's default contents, at the client's default difficulty.
 */
export function gameDefaultDocument(
  documentId: string,
  crateClass: string,
):
  | { ok: true; doc: LootDocument; title: string; mapName: string | null; notes: string[] }
  | { ok: false; message: string } {
  const found = gameDefaultForClass(crateClass, DEFAULT_DIFFICULTY);
  if (!found.ok) return found;
  const known = knownCrate(crateClass);
  const source: LootSource = { ...newSource(known ?? { crateClass: crateClass.trim() }), ...found.fields };
  const empty = emptyLootDocument(documentId);
  return {
    ok: true,
    doc: { ...empty, maps: source.availability, sources: [source], raw: { ...empty.raw, Map: source.availability } },
    title: found.title,
    mapName: found.mapName,
    notes: found.notes,
  };
}
