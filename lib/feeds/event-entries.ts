/**
 * Feed entries made of webhook events (lib/webhooks/event-payloads.ts): the events are
 * the service's record of what happened, written in the same transaction as each write,
 * and their stored payload already names the mod, document and author as they were then.
 * An entry's id is a tag URI (RFC 4151) of the service's host, the event's day and its
 * id: permanent, and the same in every feed that lists the event.
 */
import { GAME_SHORT_NAMES, parseGame, V1_GAME, type Game } from "@/lib/catalogue/game";
import { shownTitle } from "@/lib/documents/text-limits";
import type { AtomEntry } from "@/lib/feeds/atom";
import type { CatalogueChanged, DocumentRef, ModRef } from "@/lib/webhooks/event-payloads";

/** Labels a catalogue entry lists before "and N more". */
export const LISTED_LABELS = 50;

export interface StoredEvent {
  id: string;
  type: string;
  payload: string;
  createdAt: Date;
}

type Body = { type: string; data: unknown };

export function entryId(baseUrl: string, event: Pick<StoredEvent, "id" | "createdAt">): string {
  return `tag:${new URL(baseUrl).hostname},${event.createdAt.toISOString().slice(0, 10)}:${event.id}`;
}

const authorsDocuments = (baseUrl: string, userId: string) =>
  `${baseUrl}/documents?author=${encodeURIComponent(userId)}`;

function modOwner(baseUrl: string, mod: ModRef | null) {
  return mod?.owner_id
    ? { name: mod.owner_name ?? `user ${mod.owner_id.slice(0, 8)}`, uri: authorsDocuments(baseUrl, mod.owner_id) }
    : { name: "Beacon Hub" };
}

/**
 * How an entry names its game, as the Discord message does: ASA in the title ("Walls
 * (ASA): 2 added"); ASE, the default, reads as it always did. Every entry of an event that
 * names its game also gets the game as a category ("ase" or "asa"), which readers filter
 * on. Events stored before events named their game have neither.
 */
const gameTag = (game: Game | null) => (game && game !== V1_GAME ? ` (${GAME_SHORT_NAMES[game]})` : "");
const gameCategories = (game: Game | null) => (game ? [game] : []);

/** A mod's "workshop id 123" (ASE's Steam Workshop) or "CurseForge project 123" (ASA). */
export function modIdPhrase(game: Game | null, modId: string): string {
  return game === "asa" ? `CurseForge project ${modId}` : `workshop id ${modId}`;
}

function counted(counts: CatalogueChanged["counts"]): string {
  const parts = (["added", "updated", "removed"] as const).filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${k}`);
  return parts.length > 0 ? parts.join(", ") : "no change";
}

function catalogueEntry(baseUrl: string, event: StoredEvent, data: CatalogueChanged): AtomEntry {
  const game = parseGame(data.game);
  const name = `${data.mod?.name ?? "The base game"}${gameTag(game)}`;
  const listed = data.items.slice(0, LISTED_LABELS);
  const more = data.items.length - listed.length + data.items_omitted;
  const lines = listed.map((i) => `${i.change}: ${i.label} (${i.kind})`);
  if (more > 0) lines.push(`and ${more} more`);
  return {
    id: entryId(baseUrl, event),
    title: `${name}: ${counted(data.counts)}`,
    updated: event.createdAt,
    link: data.mod?.url ?? `${baseUrl}/spawn/?mod_id=`,
    author: modOwner(baseUrl, data.mod),
    categories: [event.type, ...gameCategories(game)],
    summary: `${name}'s catalogue changed: ${counted(data.counts)}.`,
    content: lines.join("\n"),
  };
}

function modEntry(baseUrl: string, event: StoredEvent, mod: ModRef): AtomEntry {
  const confirmed = event.type === "mod.confirmed";
  const game = parseGame(mod.game);
  const name = `${mod.name}${gameTag(game)}`;
  return {
    id: entryId(baseUrl, event),
    title: confirmed ? `${name} joined the catalogue` : `${name} was deleted`,
    updated: event.createdAt,
    link: mod.url,
    author: modOwner(baseUrl, mod),
    categories: [event.type, ...gameCategories(game)],
    summary: confirmed
      ? `${mod.name} (${modIdPhrase(game, mod.mod_id)}) was confirmed by its owner: its spawn codes are public.`
      : `${mod.name} (${modIdPhrase(game, mod.mod_id)}) was deleted with its engrams and creatures.`,
  };
}

function documentEntry(baseUrl: string, event: StoredEvent, { name: fullName, ...doc }: DocumentRef): AtomEntry {
  const published = event.type === "document.published";
  // A title as long as the API took it would fill a feed reader's list: cut as listings cut it.
  const name = shownTitle(fullName);
  return {
    id: entryId(baseUrl, event),
    title: published ? name : `${name} (revision ${doc.revision})`,
    updated: event.createdAt,
    link: doc.url,
    author: { name: doc.author_name, uri: authorsDocuments(baseUrl, doc.author_id) },
    categories: [event.type],
    summary: published
      ? `${doc.author_name} published ${name}.`
      : `${doc.author_name} published revision ${doc.revision} of ${name}.`,
  };
}

/** The entry of a public event; null for one no feed shows (pull failures, test events). */
export function eventEntry(baseUrl: string, event: StoredEvent): AtomEntry | null {
  const { data } = JSON.parse(event.payload) as Body;
  switch (event.type) {
    case "catalogue.changed":
      return catalogueEntry(baseUrl, event, data as CatalogueChanged);
    case "mod.confirmed":
    case "mod.deleted":
      return modEntry(baseUrl, event, (data as { mod: ModRef }).mod);
    case "document.published":
    case "document.updated":
      return documentEntry(baseUrl, event, (data as { document: DocumentRef }).document);
    default:
      return null;
  }
}
