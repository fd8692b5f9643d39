/**
 * The Atom feeds (docs/WEBHOOKS.md, "Atom feeds"), for people who have no server to
 * receive webhooks:
 * - /feeds/mods/<mod_id>.atom: a confirmed mod's catalogue changes (and its confirmation);
 * - /feeds/authors/<user_id>.atom: an author's documents, published or updated;
 * - /feeds/documents.atom: documents published or updated, site-wide.
 * Each lists the newest FEED_ENTRIES public events (the webhook events, which the
 * service records in the same transaction as each write and turns into events within a
 * second); a document's entries go when the document does. An unknown mod or user is a
 * 404, like its page. The reply has a strong ETag of its bytes, and a request that
 * already holds them gets a 304.
 */
import { visibleDocuments } from "@/lib/documents/visibility";
import { etagOf } from "@/lib/cache/cached-body";
import type { Db } from "@/lib/db/client";
import { authorLabel } from "@/lib/display-names/display-name-rules";
import { displayNameOf } from "@/lib/display-names/find-display-names";
import { renderAtom, type AtomFeed, type AtomLink } from "@/lib/feeds/atom";
import { eventEntry, modIdPhrase, type StoredEvent } from "@/lib/feeds/event-entries";
import { GAME_NAMES, parseGame, V1_GAME } from "@/lib/catalogue/game";
import { canonicalModId } from "@/lib/mods/mod-id";
import { isUuid } from "@/lib/uuid";

export const FEED_ENTRIES = 50;
export const ATOM_TYPE = "application/atom+xml";

const MOD_EVENTS = ["mod.confirmed", "catalogue.changed"];
const DOCUMENT_EVENTS = ["document.published", "document.updated"];

export const feedPaths = {
  documents: "/feeds/documents.atom",
  mod: (modId: string) => `/feeds/mods/${encodeURIComponent(modId)}.atom`,
  author: (userId: string) => `/feeds/authors/${encodeURIComponent(userId)}.atom`,
};

/** The `<link rel="alternate">` a page puts in its head for a feed (Next.js metadata's form), absolute. */
export function feedAlternate(baseUrl: string, path: string, title: string) {
  return { types: { [ATOM_TYPE]: [{ url: `${baseUrl}${path}`, title }] } };
}

const SELECT = { id: true, type: true, payload: true, createdAt: true } as const;

/** Newest first; document events of documents since deleted or hidden (lib/documents/visibility.ts) are left out. */
async function newestEvents(db: Db, where: Record<string, unknown>, documents: boolean): Promise<StoredEvent[]> {
  const events = await db.webhookEvent.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: FEED_ENTRIES,
    select: { ...SELECT, documentId: true },
  });
  if (!documents) return events;
  const ids = [...new Set(events.flatMap((e) => (e.documentId ? [e.documentId] : [])))];
  const alive = new Set(
    (await db.document.findMany({ where: { id: { in: ids }, ...visibleDocuments() }, select: { id: true } })).map(
      (d) => d.id,
    ),
  );
  return events.filter((e) => e.documentId !== null && alive.has(e.documentId));
}

function feedOf(
  baseUrl: string,
  path: string,
  page: string,
  head: { title: string; subtitle: string; since: Date },
  events: StoredEvent[],
): AtomFeed {
  const entries = events.flatMap((e) => eventEntry(baseUrl, e) ?? []);
  const links: AtomLink[] = [
    { rel: "self", href: `${baseUrl}${path}`, type: ATOM_TYPE },
    { rel: "alternate", href: `${baseUrl}${page}`, type: "text/html" },
  ];
  return {
    id: `${baseUrl}${path}`,
    title: head.title,
    subtitle: head.subtitle,
    updated: entries[0]?.updated ?? head.since,
    links,
    author: { name: "Beacon Hub", uri: `${baseUrl}/` },
    entries,
  };
}

export async function modFeed(db: Db, baseUrl: string, modIdText: string): Promise<AtomFeed | null> {
  const modId = canonicalModId(modIdText);
  if (modId === null || modId !== modIdText) return null;
  const mod = await db.modRegistration.findUnique({
    where: { confirmedModId: modId },
    select: { name: true, confirmedAt: true, createdAt: true, game: true },
  });
  if (!mod) return null;
  const events = await newestEvents(db, { modId, type: { in: MOD_EVENTS } }, false);
  // An ASA mod's feed says so and links ASA's spawn page; an ASE mod's names no game.
  const game = parseGame(mod.game) ?? V1_GAME;
  const asa = game !== V1_GAME;
  return feedOf(
    baseUrl,
    feedPaths.mod(modId),
    `/spawn/?${asa ? `game=${game}&` : ""}mod_id=${encodeURIComponent(modId)}`,
    {
      title: `${mod.name}${asa ? ` (${GAME_NAMES[game]})` : ""}: catalogue changes`,
      subtitle: `Engrams and creatures of ${mod.name} (${modIdPhrase(game, modId)}) added, updated or removed on Beacon Hub.`,
      since: mod.confirmedAt ?? mod.createdAt,
    },
    events,
  );
}

export async function authorFeed(db: Db, baseUrl: string, userIdText: string): Promise<AtomFeed | null> {
  if (!isUuid(userIdText) || userIdText !== userIdText.toLowerCase()) return null;
  const user = await db.user.findUnique({ where: { id: userIdText }, select: { id: true, createdAt: true } });
  if (!user) return null;
  const name = authorLabel(user.id, await displayNameOf(db, user.id));
  const events = await newestEvents(db, { userId: user.id, type: { in: DOCUMENT_EVENTS } }, true);
  return feedOf(
    baseUrl,
    feedPaths.author(user.id),
    `/documents?author=${encodeURIComponent(user.id)}`,
    {
      title: `Documents by ${name}`,
      subtitle: `${name}'s documents on Beacon Hub, as they are published and updated.`,
      since: user.createdAt,
    },
    events,
  );
}

export async function documentsFeed(db: Db, baseUrl: string): Promise<AtomFeed> {
  const events = await newestEvents(db, { type: { in: DOCUMENT_EVENTS } }, true);
  return feedOf(
    baseUrl,
    feedPaths.documents,
    "/documents",
    {
      title: "Beacon Hub: new and updated documents",
      subtitle: "Configuration documents shared on Beacon Hub, as they are published and updated.",
      since: new Date(0),
    },
    events,
  );
}

export interface FeedReply {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: string | null;
}

/** The HTTP reply for a feed (null: no such mod or user): 200 with its ETag, or 304, or 404. */
export function feedReply(feed: AtomFeed | null): FeedReply {
  if (feed === null)
    return {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" },
      body: "No such feed: the mod is not confirmed here, or the user does not exist.\n",
    };
  const body = renderAtom(feed);
  const etag = etagOf(body);
  // Conditional GET is the route adapter's (lib/api/route-handler.ts), on this ETag.
  return {
    status: 200,
    headers: { etag, "cache-control": "no-cache", "content-type": `${ATOM_TYPE}; charset=utf-8` },
    body,
  };
}
