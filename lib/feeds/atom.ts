/**
 * Atom 1.0 (RFC 4287) as text: a feed and its entries, nothing else. Every text goes
 * through `xmlText`, which escapes markup and drops what XML 1.0 cannot carry at all
 * (C0 controls but tab and line breaks, lone surrogates, U+FFFE and U+FFFF): names and
 * labels come from users, and one such character would make the whole feed unreadable
 * to every reader. Texts are `type="text"`: a reader shows them as written, never as
 * markup. The output depends on its input alone (no clock), so equal feeds have equal
 * bytes and one ETag.
 */

export interface AtomLink {
  href: string;
  rel: "alternate" | "self" | "related";
  type?: string;
  title?: string;
}

export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  /** a permanent IRI: the same entry keeps it forever */
  id: string;
  title: string;
  updated: Date;
  link: string;
  author: AtomPerson;
  summary: string;
  /** plain text, lines kept */
  content?: string;
  categories?: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** the newest entry's time, or when the feed's subject came to be */
  updated: Date;
  links: AtomLink[];
  /** the feed's author: entries without one inherit it (RFC 4287 4.1.1) */
  author: AtomPerson;
  entries: AtomEntry[];
}

function allowedInXml(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an element or a quoted attribute. */
export function xmlText(s: string): string {
  let out = "";
  // for...of walks code points: a lone surrogate comes out alone and is dropped.
  for (const char of s) if (allowedInXml(char.codePointAt(0)!)) out += ESCAPES[char] ?? char;
  return out;
}

/** RFC 3339 in UTC with milliseconds, as Atom's date constructs want. */
const date = (d: Date) => d.toISOString();

function person(tag: "author", p: AtomPerson, indent: string): string {
  const uri = p.uri ? `<uri>${xmlText(p.uri)}</uri>` : "";
  return `${indent}<${tag}><name>${xmlText(p.name)}</name>${uri}</${tag}>`;
}

function link(l: AtomLink, indent: string): string {
  const attrs = [`rel="${l.rel}"`, `href="${xmlText(l.href)}"`];
  if (l.type) attrs.push(`type="${xmlText(l.type)}"`);
  if (l.title) attrs.push(`title="${xmlText(l.title)}"`);
  return `${indent}<link ${attrs.join(" ")}/>`;
}

function entry(e: AtomEntry): string {
  const lines = [
    "  <entry>",
    `    <id>${xmlText(e.id)}</id>`,
    `    <title type="text">${xmlText(e.title)}</title>`,
    `    <updated>${date(e.updated)}</updated>`,
    link({ rel: "alternate", href: e.link, type: "text/html" }, "    "),
    person("author", e.author, "    "),
    ...(e.categories ?? []).map((c) => `    <category term="${xmlText(c)}"/>`),
    `    <summary type="text">${xmlText(e.summary)}</summary>`,
  ];
  if (e.content !== undefined) lines.push(`    <content type="text">${xmlText(e.content)}</content>`);
  lines.push("  </entry>");
  return lines.join("\n");
}

export function renderAtom(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`] : []),
    `  <updated>${date(feed.updated)}</updated>`,
    ...feed.links.map((l) => link(l, "  ")),
    person("author", feed.author, "  "),
    "  <generator>Beacon Hub</generator>",
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ].join("\n");
}
