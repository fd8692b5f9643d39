// The Atom writer: texts from users come out as the same text through a real XML parser,
// whatever markup, quotes or characters XML cannot carry they hold, and the feed keeps
// Atom 1.0's rules (test/support/atom.ts checks them); equal feeds have equal bytes.
import { describe, expect, it } from "vitest";
import { renderAtom, xmlText, type AtomFeed } from "@/lib/feeds/atom";
import { entryId, eventEntry } from "@/lib/feeds/event-entries";
import { catalogueChanged, documentRef, eventBody, modRef } from "@/lib/webhooks/event-payloads";
import { parseAtom } from "../support/atom";

const BASE = "https://beacon.example.com";

function feedOf(title: string, entryTitle: string): AtomFeed {
  return {
    id: `${BASE}/feeds/documents.atom`,
    title,
    subtitle: "Sub",
    updated: new Date("2026-11-25T10:00:00.000Z"),
    links: [{ rel: "self", href: `${BASE}/feeds/documents.atom?a=1&b=2`, type: "application/atom+xml" }],
    author: { name: "Beacon Hub", uri: `${BASE}/` },
    entries: [
      {
        id: "tag:beacon.example.com,2026-11-25:evt_1",
        title: entryTitle,
        updated: new Date("2026-11-25T10:00:00.000Z"),
        link: `${BASE}/documents/x?y=1&z=<2>`,
        author: { name: entryTitle },
        summary: entryTitle,
        content: `${entryTitle}\nsecond line`,
      },
    ],
  };
}

describe("the Atom writer", () => {
  it("keeps markup, quotes, entities and emoji as text", () => {
    const nasty = `<script>alert("x")</script> & &amp; 'q' ]]> 🦖 é`;
    const feed = parseAtom(renderAtom(feedOf(nasty, nasty)));
    expect(feed.title).toBe(nasty);
    expect(feed.entries[0]!.title).toBe(nasty);
    expect(feed.entries[0]!.authors).toEqual([nasty]);
    expect(feed.entries[0]!.content).toBe(`${nasty}\nsecond line`);
    expect(feed.entries[0]!.links[0]!.href).toBe(`${BASE}/documents/x?y=1&z=<2>`);
    expect(feed.links[0]!.href).toBe(`${BASE}/feeds/documents.atom?a=1&b=2`);
  });

  it("drops what XML 1.0 cannot carry (controls, lone surrogates, U+FFFE) and keeps the rest", () => {
    const broken = `a\u0000b\u0001c\u001fd\ud800e\udfff\ufffef\uffff\tg\nh`;
    expect(xmlText(broken)).toBe("abcdef\tg\nh");
    const feed = parseAtom(renderAtom(feedOf(broken, broken)));
    expect(feed.title).toBe("abcdef\tg\nh");
  });

  it("the test's reader refuses what is not well-formed or not Atom 1.0", () => {
    const good = renderAtom(feedOf("t", "e"));
    expect(() => parseAtom(good.replace('<title type="text">t</title>', "<title>t &bogus;</title>"))).toThrow();
    expect(() => parseAtom(good.replace("</feed>", ""))).toThrow();
    expect(() => parseAtom(good.replace("t</title>", "t\u0001</title>"))).toThrow(/well-formed/);
    expect(() => parseAtom(good.replace("http://www.w3.org/2005/Atom", "http://purl.org/atom/ns#"))).toThrow(/root/);
    expect(() => parseAtom(good.replace(/<updated>[^<]*<\/updated>/, "<updated>yesterday</updated>"))).toThrow(
      /RFC 3339/,
    );
    expect(() => parseAtom(good.replace("<id>tag:", "<id>no-scheme-"))).toThrow(/IRI/);
  });

  it("renders the same bytes for the same feed", () => {
    expect(renderAtom(feedOf("t", "e"))).toBe(renderAtom(feedOf("t", "e")));
  });

  it("makes entries of catalogue and document events, none of test events or pull failures", () => {
    const at = new Date("2026-11-25T10:00:00.000Z");
    const mod = modRef(BASE, "123", "S+ <Walls>", "5b0c0000-0000-4000-8000-000000000000", "Orion", "ase");
    const items = Array.from({ length: 1200 }, (_, i) => ({
      uid: `u${i}`,
      label: `Item ${i}`,
      kind: "engram" as const,
      change: i % 2 ? ("added" as const) : ("removed" as const),
    }));
    const change = eventEntry(BASE, {
      id: "evt_a",
      type: "catalogue.changed",
      createdAt: at,
      payload: eventBody("catalogue.changed", at, catalogueChanged(BASE, mod, items, "ase")),
    })!;
    expect(change.title).toBe("S+ <Walls>: 600 added, 600 removed");
    expect(change.id).toBe("tag:beacon.example.com,2026-11-25:evt_a");
    expect(change.link).toBe(`${BASE}/spawn/?mod_id=123`);
    const lines = change.content!.split("\n");
    expect(lines).toHaveLength(51);
    // 1,000 items in the payload, 200 more omitted: 1,150 not listed.
    expect(lines.at(-1)).toBe("and 1150 more");
    const doc = documentRef(BASE, { id: "d1", name: "Loot", revision: 3, userId: "u1" }, "Ann");
    const updated = eventEntry(BASE, {
      id: "evt_b",
      type: "document.updated",
      createdAt: at,
      payload: eventBody("document.updated", at, { document: doc }),
    })!;
    expect([updated.title, updated.link, updated.author]).toEqual([
      "Loot (revision 3)",
      `${BASE}/documents/d1`,
      { name: "Ann", uri: `${BASE}/documents?author=u1` },
    ]);
    for (const type of ["webhook.test", "pull.failed", "document.deleted"])
      expect(eventEntry(BASE, { id: "evt_c", type, createdAt: at, payload: '{"type":"x","data":{}}' })).toBeNull();
    expect(entryId(BASE, { id: "evt_d", createdAt: at })).toBe("tag:beacon.example.com,2026-11-25:evt_d");
  });
});
