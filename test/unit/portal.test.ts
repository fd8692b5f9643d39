/** Portal helpers: document listing links, content summary (the spawn page's are in spawn-page.test.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
  const root = join(import.meta.dirname, "../..");
  /** Width and height of a PNG (its IHDR), or null when the bytes are no PNG. */
  const pngSize = (b: Buffer) =>
    b.subarray(1, 4).toString("latin1") === "PNG" ? [b.readUInt32BE(16), b.readUInt32BE(20)] : null;

  it("public/favicon.ico is an ICO of 16 and 32 px PNGs, each entry's size and place as its header says", () => {
    const ico = readFileSync(join(root, "public/favicon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const e = 6 + 16 * i;
      const [width, height, bytes, offset] = [ico[e]!, ico[e + 1]!, ico.readUInt32LE(e + 8), ico.readUInt32LE(e + 12)];
      const png = ico.subarray(offset, offset + bytes);
      expect(png.length).toBe(bytes);
      expect(pngSize(png)).toEqual([width, height]);
      return width;
    });
    expect(sizes).toEqual([16, 32]);
  });

  it("the raster icons in public/ are PNGs of the sizes their names and the manifest give", () => {
    for (const [file, size] of [
      ["apple-touch-icon.png", 180],
      ["icon-192.png", 192],
      ["icon-512.png", 512],
    ] as const)
      expect(pngSize(readFileSync(join(root, "public", file))), file).toEqual([size, size]);
  });
});
