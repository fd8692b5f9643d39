/**
 * Start-from templates of single crates: each of Default Loot.beacon's six Island supply
 * crates (the 2017 desktop client's own loot tables, lib/loot/templates) as a new
 * document of that one source, its item sets, entries, items and values exactly as the
 * file has them. Nothing is made up: a crate the file does not have is no template.
 */
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { emptyLootDocument } from "@/lib/loot/new-loot";
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
