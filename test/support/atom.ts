/**
 * Reads an Atom feed with a real XML parser (@xmldom/xmldom: any well-formedness error
 * or warning fails, and so does a character XML 1.0 does not allow, which xmldom lets
 * through) and checks what RFC 4287 requires of Atom 1.0: the namespace, a feed's and
 * each entry's one id (an absolute IRI), title and updated (RFC 3339), an author for
 * every entry (its own or the feed's), an entry's alternate link (it has no content
 * otherwise), at most one alternate link per type, text constructs of a known type,
 * unique entry ids. Returns what the tests look at.
 */
import { DOMParser, type Element } from "@xmldom/xmldom";

export const ATOM_NS = "http://www.w3.org/2005/Atom";

export interface AtomLinkRead {
  rel: string;
  href: string;
  type: string | null;
}

export interface AtomEntryRead {
  id: string;
  title: string;
  updated: string;
  links: AtomLinkRead[];
  authors: string[];
  categories: string[];
  summary: string | null;
  content: string | null;
}

export interface AtomFeedRead extends Omit<AtomEntryRead, "categories" | "summary" | "content"> {
  subtitle: string | null;
  entries: AtomEntryRead[];
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const IRI = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/;

function children(el: Element, name: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling)
    if (n.nodeType === 1 && (n as Element).namespaceURI === ATOM_NS && (n as Element).localName === name)
      out.push(n as Element);
  return out;
}

function one(el: Element, name: string, where: string): Element {
  const found = children(el, name);
  if (found.length !== 1) throw new Error(`${where} must have exactly one atom:${name}, has ${found.length}`);
  return found[0]!;
}

function optional(el: Element, name: string, where: string): Element | null {
  const found = children(el, name);
  if (found.length > 1) throw new Error(`${where} has ${found.length} atom:${name}, at most one allowed`);
  return found[0] ?? null;
}

function text(el: Element, where: string): string {
  const type = el.getAttribute("type") ?? "text";
  if (!["text", "html", "xhtml"].includes(type)) throw new Error(`${where}: text construct of type ${type}`);
  return el.textContent ?? "";
}

function date(el: Element, where: string): string {
  const value = (el.textContent ?? "").trim();
  if (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))
    throw new Error(`${where}: not an RFC 3339 date: ${value}`);
  return value;
}

function iri(el: Element, where: string): string {
  const value = (el.textContent ?? "").trim();
  if (!IRI.test(value)) throw new Error(`${where}: atom:id is not an absolute IRI: ${value}`);
  return value;
}

function links(el: Element, where: string): AtomLinkRead[] {
  const read = children(el, "link").map((l) => {
    const href = l.getAttribute("href");
    if (!href) throw new Error(`${where}: atom:link without href`);
    return { rel: l.getAttribute("rel") ?? "alternate", href, type: l.getAttribute("type") };
  });
  const alternates = read.filter((l) => l.rel === "alternate").map((l) => l.type ?? "");
  if (new Set(alternates).size !== alternates.length) throw new Error(`${where}: two alternate links of one type`);
  return read;
}

function authors(el: Element, where: string): string[] {
  return children(el, "author").map((a) => {
    const name = one(a, "name", `${where} atom:author`).textContent ?? "";
    for (const uri of children(a, "uri")) if (!IRI.test(uri.textContent ?? "")) throw new Error(`${where}: author uri`);
    return name;
  });
}

/** Anything outside XML 1.0's Char production (xmldom lets C0 controls through). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export function parseAtom(xml: string): AtomFeedRead {
  const problems: string[] = [];
  const bad = NOT_XML_CHAR.exec(xml);
  if (bad)
    problems.push(`character U+${bad[0].codePointAt(0)!.toString(16)} at ${bad.index} is not allowed in XML 1.0`);
  const doc = new DOMParser({
    onError: (level, message) => problems.push(`${level}: ${message}`),
  }).parseFromString(xml, "application/xml");
  if (problems.length > 0) throw new Error(`not well-formed XML: ${problems.join("; ")}`);
  const feed = doc.documentElement;
  if (!feed || feed.localName !== "feed" || feed.namespaceURI !== ATOM_NS)
    throw new Error(`the root is not atom:feed but ${feed?.namespaceURI} ${feed?.localName}`);
  const feedAuthors = authors(feed, "feed");
  const entries = children(feed, "entry").map((e, i): AtomEntryRead => {
    const where = `entry ${i + 1}`;
    const entryLinks = links(e, where);
    const content = optional(e, "content", where);
    if (!content && !entryLinks.some((l) => l.rel === "alternate"))
      throw new Error(`${where}: no atom:content and no alternate link`);
    const entryAuthors = authors(e, where);
    if (entryAuthors.length === 0 && feedAuthors.length === 0) throw new Error(`${where}: no author`);
    const summary = optional(e, "summary", where);
    return {
      id: iri(one(e, "id", where), where),
      title: text(one(e, "title", where), where),
      updated: date(one(e, "updated", where), where),
      links: entryLinks,
      authors: entryAuthors,
      categories: children(e, "category").map((c) => c.getAttribute("term") ?? ""),
      summary: summary ? text(summary, where) : null,
      content: content ? text(content, where) : null,
    };
  });
  const ids = entries.map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw new Error("two entries share an atom:id");
  const subtitle = optional(feed, "subtitle", "feed");
  return {
    id: iri(one(feed, "id", "feed"), "feed"),
    title: text(one(feed, "title", "feed"), "feed"),
    subtitle: subtitle ? text(subtitle, "feed") : null,
    updated: date(one(feed, "updated", "feed"), "feed"),
    links: links(feed, "feed"),
    authors: feedAuthors,
    entries,
  };
}
