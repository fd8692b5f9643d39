/** Portal helpers: document listing links, content summary (the spawn page's are in spawn-page.test.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SITE_ICON_SVG } from "@/lib/portal/site-icon";
import { describe, expect, it } from "vitest";
import { parseDocumentListQuery, documentListHref } from "@/lib/documents/document-listing";
import { summarizeJson } from "@/lib/documents/document-summary";

describe("document pages", () => {
  it("summarises JSON content with counts only and survives anything else", () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ Title: "t", LootSources: [1, 2, 3], Options: { a: 1, b: 2 } }),
    );
    expect(summarizeJson(bytes)).toEqual({
      state: "parsed",
      bytes: bytes.length,
      keys: 3,
      entries: [
        { key: "LootSources", kind: "list", count: 3 },
        { key: "Options", kind: "group", count: 2 },
      ],
      more: 0,
    });
    for (const bad of ["{ not json", "[1,2]", "null", "\u00ff"])
      expect(summarizeJson(new TextEncoder().encode(bad)).state).toBe("unreadable");
    expect(summarizeJson(new Uint8Array([0xff, 0xfe])).state).toBe("unreadable");
  });
  it("reads the listing query leniently and writes canonical links", () => {
    const q = parseDocumentListQuery({ sort: "downloads", page: "3", author: "AAAAAAAA-1111-4111-8111-111111111111" });
    expect(q).toMatchObject({ sort: "downloads", page: 3, author: "aaaaaaaa-1111-4111-8111-111111111111" });
    expect(documentListHref(q)).toBe("/documents?sort=downloads&author=aaaaaaaa-1111-4111-8111-111111111111&page=3");
    expect(parseDocumentListQuery({ sort: "x", page: "0", author: "bob" })).toMatchObject({
      sort: "updated",
      page: 1,
      author: undefined,
      badAuthor: "bob",
    });
  });
});

describe("the site icon", () => {
  it("/favicon.ico serves the bytes of app/icon.svg", () => {
    expect(SITE_ICON_SVG).toBe(readFileSync(join(import.meta.dirname, "../../app/icon.svg"), "utf8"));
  });
});
