/**
 * A document's loot warnings as the API's `?check` extension returns them (docs/API.md,
 * "Document checks") and `docs check` prints them: lib/loot/loot-warnings over the current
 * content. Content that is not a loot document has no warnings and says so (`loot: false`).
 * No database here: the CLI checks files with it (lib/documents/check-document reads one).
 */
import { readLootDocument } from "@/lib/loot/loot-document";
import { lootWarnings, type LootWarning } from "@/lib/loot/loot-warnings";

export interface DocumentCheckJson {
  document_id: string;
  /** the content is a loot document (else nothing was checked) */
  loot: boolean;
  warnings: LootWarning[];
}

export function checkContent(documentId: string, content: unknown): DocumentCheckJson {
  const doc = readLootDocument(content);
  return { document_id: documentId, loot: doc !== null, warnings: doc ? lootWarnings(doc) : [] };
}
