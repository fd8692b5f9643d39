/**
 * Reading a POST body of documents (docs/CONTRACT.md#documents): one content object or an array of
 * them. Only Identifier, Title, Description and Map (the maps bit set, for search) are
 * read; the content itself is kept
 * byte for byte: the request body for a single object, each element's own source text
 * for an array.
 */
import { z } from "zod";
import { badRequest } from "@/lib/api/errors";
import { nulRefusal } from "@/lib/api/json-limits";
import { parseItems, rejectDuplicates } from "@/lib/api/parse-items";
import { readMapMask } from "@/lib/loot/maps";
import { lootItemKeys } from "@/lib/loot/item-keys";
import { readLootDocument } from "@/lib/loot/loot-document";
import { isUuid } from "@/lib/uuid";
import { rawArrayElements } from "./raw-json-elements";

// PostgreSQL text cannot hold NUL; refuse it rather than fail in the database.
const text = (what: string) =>
  z.string().refine((s) => !s.includes("\u0000"), `${what} must not contain NUL characters`);

const documentInput = z.object({
  Identifier: z.string().refine(isUuid, "must be a UUID"),
  Title: text("Title").refine((s) => s.trim().length > 0, "must not be empty"),
  Description: text("Description").nullish(),
  // Not checked: the content is the client's; a Map that is no bit set counts as none.
  Map: z.unknown().optional(),
  // Read, never checked: the items a loot document drops, for /documents?item=.
  LootSources: z.unknown().optional(),
});

function itemKeysOf(content: Record<string, unknown>): string[] {
  const loot = readLootDocument(content);
  const keys = loot ? lootItemKeys(loot) : [];
  // The keys are kept as text for /documents?item= (PostgreSQL text cannot hold NUL).
  if (keys.some((k) => k.includes("\u0000"))) throw nulRefusal("LootSources: an item's class or path");
  return keys;
}

export interface DocumentInput {
  /** lowercase UUID */
  id: string;
  name: string;
  description: string;
  /** bit set of the content's Map key (lib/loot/maps.ts), 0 when absent or unusable */
  maps: number;
  /** the keys of its loot sources' distinct items (lib/loot/item-keys; none when it is not a loot document) */
  items: string[];
  content: Uint8Array;
}

/** `parsed` is the body as JSON, `source` its text and `bytes` the body as received. */
export function readDocumentInputs(parsed: unknown, source: string, bytes: Uint8Array): DocumentInput[] {
  const items = parseItems(documentInput, parsed, "document");
  rejectDuplicates(items, (d) => d.Identifier.toLowerCase(), "Identifier");
  const contents = Array.isArray(parsed) ? rawArrayElements(source).map((s) => Buffer.from(s, "utf8")) : [bytes];
  if (contents.length !== items.length) throw badRequest("The document array could not be split into its elements.");
  return items.map((item, index) => ({
    id: item.Identifier.toLowerCase(),
    name: item.Title,
    description: item.Description ?? "",
    maps: readMapMask(item.Map),
    items: itemKeysOf(item),
    content: contents[index]!,
  }));
}
