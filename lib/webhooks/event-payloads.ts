/**
 * The `data` of each event type (docs/WEBHOOKS.md shows every one). Built once, when the
 * event is made from the outbox, and stored with it: every delivery and retry sends the
 * same bytes. Names are read when the event is made (a mod deleted in the same write
 * keeps the name its outbox row carried).
 */
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import type { EventType } from "@/lib/webhooks/event-types";

/** catalogue.changed lists at most this many items; `items_omitted` counts the rest (the changes feed has them all). */
export const MAX_LISTED_ITEMS = 1000;

export interface ModRef {
  mod_id: string;
  name: string;
  owner_id: string | null;
  owner_name: string | null;
  url: string;
  /** added after the fields above (their bytes do not depend on it): "ase" or "asa", as docs/API.md#games names them */
  game: Game;
}

export interface ItemChange {
  uid: string;
  label: string;
  kind: "engram" | "creature";
  change: "added" | "updated" | "removed";
}

export interface CatalogueChanged {
  /** null: the base game's catalogue */
  mod: ModRef | null;
  counts: { added: number; updated: number; removed: number };
  items: ItemChange[];
  items_omitted: number;
  changes_url: string;
  /** the game whose catalogue changed: the mod's, or which base game's when mod is null */
  game: Game;
}

export interface DocumentRef {
  document_id: string;
  name: string;
  revision: number;
  author_id: string;
  author_name: string;
  url: string;
}

/** A moderator's action on the receiver's own document or account (lib/moderation/notices.ts). */
export interface ModerationNotice {
  action: "hide" | "restore" | "remove" | "suspend" | "reinstate";
  target: {
    kind: "document" | "user";
    id: string;
    /** the document's name or the account's display name, when the action was taken */
    name: string;
    /** the document's page (null for a removed document and for an account) */
    url: string | null;
  };
  /** the moderator's reason, as the dashboard shows it */
  reason: string;
  /** the document's author, the account */
  user_id: string;
  /** where the notice is shown and can be appealed */
  dashboard_url: string;
}

export type EventData =
  | { mod: ModRef }
  | ModerationNotice
  | CatalogueChanged
  | { document: DocumentRef }
  | { mod: ModRef; message: string }
  | { webhook_id: string; message: string };

export function modRef(
  baseUrl: string,
  modId: string,
  name: string,
  ownerId: string | null,
  ownerName: string | null,
  game: Game,
): ModRef {
  return {
    mod_id: modId,
    name,
    owner_id: ownerId,
    owner_name: ownerName,
    url: `${baseUrl}/spawn/?${gameQuery(game)}mod_id=${encodeURIComponent(modId)}`,
    game,
  };
}

/** ASE's addresses are as they always were; ASA's spawn page and changes feed take `game=asa`. */
const gameQuery = (game: Game) => (game === V1_GAME ? "" : `game=${game}&`);

export function documentRef(
  baseUrl: string,
  doc: { id: string; name: string; revision: number; userId: string },
  authorName: string,
): DocumentRef {
  return {
    document_id: doc.id,
    name: doc.name,
    revision: doc.revision,
    author_id: doc.userId,
    author_name: authorName,
    url: `${baseUrl}/documents/${doc.id}`,
  };
}

export function catalogueChanged(
  baseUrl: string,
  mod: ModRef | null,
  items: ItemChange[],
  game: Game,
): CatalogueChanged {
  const counts = { added: 0, updated: 0, removed: 0 };
  for (const item of items) counts[item.change]++;
  return {
    mod,
    counts,
    items: items.slice(0, MAX_LISTED_ITEMS),
    items_omitted: Math.max(0, items.length - MAX_LISTED_ITEMS),
    changes_url: game === V1_GAME ? `${baseUrl}/v1/changes.php` : `${baseUrl}/v1/changes.php?game=${game}`,
    game,
  };
}

export function moderationNotice(
  baseUrl: string,
  row: { action: ModerationNotice["action"]; kind: ModerationNotice["target"]["kind"]; id: string; name: string },
  userId: string,
  reason: string,
): ModerationNotice {
  const page = row.kind === "document" && row.action !== "remove";
  return {
    action: row.action,
    target: { kind: row.kind, id: row.id, name: row.name, url: page ? `${baseUrl}/documents/${row.id}` : null },
    reason,
    user_id: userId,
    dashboard_url: `${baseUrl}/dashboard`,
  };
}

/** The Standard Webhooks body: type, when it happened, data. */
export function eventBody(type: EventType | "webhook.test", occurredAt: Date, data: EventData): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}
