/**
 * An event as a Discord "execute webhook" message: one embed with a title, a link to the
 * page, what changed, the author, and the event's time. Discord refuses (400) a message
 * over its documented limits, so every text is cut to them here: title 256 characters,
 * description 4,096, at most 25 fields of name 256 and value 1,024, footer 2,048, author
 * name 256, and 6,000 for all of them together; long lists end with "and N more".
 * Labels are user text: Markdown is escaped and mentions are switched off
 * (`allowed_mentions`), so an engram called "@everyone" pings nobody.
 */
import { GAME_NAMES, GAME_SHORT_NAMES, parseGame, V1_GAME, type Game } from "@/lib/catalogue/game";
import type {
  CatalogueChanged,
  DocumentRef,
  ItemChange,
  ModerationNotice,
  ModRef,
} from "@/lib/webhooks/event-payloads";

export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  total: 6000,
} as const;

export interface DiscordEmbed {
  title: string;
  url?: string;
  description?: string;
  color: number;
  timestamp: string;
  author?: { name: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  footer: { text: string };
}

export interface DiscordMessage {
  username: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

const COLORS = { added: 0x2ecc71, changed: 0x3498db, removed: 0xe74c3c, failed: 0xe67e22, test: 0x95a5a6 };

/** Discord counts characters as UTF-16 code units would not: cut by code points. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

const length = (text: string | undefined) => (text ? [...text].length : 0);

export function escapeMarkdown(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()-])/g, "\\$1");
}

/** Names joined until the next would not fit in `max`, then "and N more". */
export function listWithin(names: string[], max: number): string {
  const out: string[] = [];
  for (const [i, name] of names.entries()) {
    const rest = names.length - i;
    const more = rest > 1 ? `, and ${rest - 1} more` : "";
    const piece = (out.length > 0 ? ", " : "") + name;
    // Room for this name and, if any follow, the "and N more" that may have to close the list.
    if (length(out.join("")) + length(piece) + length(more) > max) {
      const tail = `${out.length > 0 ? ", " : ""}and ${rest} more`;
      return cut(out.join("") + tail, max);
    }
    out.push(piece);
  }
  return cut(out.join(""), max) || "-";
}

function fieldsOfItems(items: ItemChange[], omitted: number): { name: string; value: string }[] {
  const groups: [ItemChange["change"], string][] = [
    ["added", "Added"],
    ["updated", "Updated"],
    ["removed", "Removed"],
  ];
  return groups
    .flatMap(([change, title]) => {
      const names = items
        .filter((i) => i.change === change)
        .map((i) => `${escapeMarkdown(i.label)}${i.kind === "creature" ? " (creature)" : ""}`);
      if (names.length === 0) return [];
      return [{ name: title, value: listWithin(names, DISCORD_LIMITS.fieldValue) }];
    })
    .concat(omitted > 0 ? [{ name: "Not listed", value: `and ${omitted} more (see the changes feed)` }] : []);
}

/** Keeps the whole embed within the 6,000 characters: the description gives way first, then fields from the end. */
function withinTotal(embed: DiscordEmbed): DiscordEmbed {
  const total = (e: DiscordEmbed) =>
    length(e.title) +
    length(e.description) +
    length(e.footer.text) +
    length(e.author?.name) +
    (e.fields ?? []).reduce((n, f) => n + length(f.name) + length(f.value), 0);
  const over = total(embed) - DISCORD_LIMITS.total;
  if (over <= 0) return embed;
  if (embed.description && length(embed.description) > over + 1)
    return { ...embed, description: cut(embed.description, length(embed.description) - over) };
  return withinTotal({ ...embed, description: undefined, fields: (embed.fields ?? []).slice(0, -1) });
}

/**
 * The game an event is about (a channel may follow mods of both games): the catalogue
 * change's, else its mod's. Null for documents, tests, and events stored before events
 * named their game.
 */
function gameOf(data: Record<string, unknown>): Game | null {
  const mod = data.mod as Partial<ModRef> | null | undefined;
  return parseGame(data.game) ?? parseGame(mod?.game);
}

function embedOf(type: string, timestamp: string, data: Record<string, unknown>): DiscordEmbed {
  const game = gameOf(data);
  // ASA is named in the title as on the site (ASE, the default, reads as it always did);
  // the footer names either game in full.
  const tag = game && game !== V1_GAME ? ` (${GAME_SHORT_NAMES[game]})` : "";
  const base = { timestamp, footer: { text: `Beacon Hub · ${type}${game ? ` · ${GAME_NAMES[game]}` : ""}` } };
  const author = (name: string | null | undefined) =>
    name ? { author: { name: cut(name, DISCORD_LIMITS.authorName) } } : {};
  if (type === "catalogue.changed") {
    const d = data as unknown as CatalogueChanged;
    const { added, updated, removed } = d.counts;
    return {
      ...base,
      title: cut(`${d.mod ? d.mod.name : "Base game"}${tag}: catalogue changed`, DISCORD_LIMITS.title),
      ...(d.mod ? { url: d.mod.url } : {}),
      description: `${added} added, ${updated} updated, ${removed} removed`,
      color: removed > added + updated ? COLORS.removed : COLORS.changed,
      ...author(d.mod?.owner_name),
      fields: fieldsOfItems(d.items, d.items_omitted).slice(0, DISCORD_LIMITS.fields),
    };
  }
  if (type === "mod.confirmed" || type === "mod.deleted") {
    const mod = data.mod as ModRef;
    const confirmed = type === "mod.confirmed";
    return {
      ...base,
      title: cut(`${mod.name}${tag} ${confirmed ? "joined the catalogue" : "was deleted"}`, DISCORD_LIMITS.title),
      ...(confirmed ? { url: mod.url } : {}),
      description: `Mod ${mod.mod_id}`,
      color: confirmed ? COLORS.added : COLORS.removed,
      ...author(mod.owner_name),
    };
  }
  if (type.startsWith("document.")) {
    const doc = data.document as DocumentRef;
    const what = {
      "document.published": "New document",
      "document.updated": `Updated: revision ${doc.revision}`,
      "document.deleted": "Deleted",
    }[type];
    return {
      ...base,
      title: cut(doc.name, DISCORD_LIMITS.title),
      ...(type === "document.deleted" ? {} : { url: doc.url }),
      description: what ?? type,
      color: type === "document.deleted" ? COLORS.removed : type === "document.updated" ? COLORS.changed : COLORS.added,
      ...author(doc.author_name),
    };
  }
  if (type === "pull.failed") {
    const mod = data.mod as ModRef;
    return {
      ...base,
      title: cut(`Pull of ${mod.name}${tag} failed`, DISCORD_LIMITS.title),
      url: mod.url,
      description: cut(escapeMarkdown(String(data.message)), DISCORD_LIMITS.description),
      color: COLORS.failed,
    };
  }
  if (type === "moderation.notice") {
    const d = data as unknown as ModerationNotice;
    const what = {
      hide: "was hidden by a moderator",
      restore: "was restored by a moderator",
      remove: "was removed by a moderator",
      suspend: "was suspended by a moderator",
      reinstate: "was reinstated by a moderator",
    }[d.action];
    const subject = d.target.kind === "document" ? `Your document ${d.target.name}` : "Your account";
    return {
      ...base,
      title: cut(`${subject} ${what ?? d.action}`, DISCORD_LIMITS.title),
      url: d.target.url ?? d.dashboard_url,
      description: cut(`Reason: ${escapeMarkdown(d.reason)}`, DISCORD_LIMITS.description),
      color: d.action === "restore" || d.action === "reinstate" ? COLORS.added : COLORS.removed,
    };
  }
  return {
    ...base,
    title: "Test event",
    description: cut(String(data.message ?? "This webhook works."), DISCORD_LIMITS.description),
    color: COLORS.test,
  };
}

/** The message for a stored event body ({"type","timestamp","data"}). */
export function discordMessage(payload: string): DiscordMessage {
  const event = JSON.parse(payload) as { type: string; timestamp: string; data: Record<string, unknown> };
  return {
    username: "Beacon Hub",
    embeds: [withinTotal(embedOf(event.type, event.timestamp, event.data))],
    allowed_mentions: { parse: [] },
  };
}
