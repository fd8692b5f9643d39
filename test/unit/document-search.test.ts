// Document search (docs/PORTAL.md#search-and-map-filter): reading the search box, the FTS5 expression built from
// it, the /documents query string with q and map, and the maps read from old content.
import { describe, expect, it } from "vitest";
import { mapsOfContent } from "@/lib/documents/backfill-document-maps";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { fts5Query, MAX_SEARCH_TERMS, parseSearchText } from "@/lib/documents/search-text";
import { documentListHref, parseDocumentListQuery } from "@/lib/documents/document-listing";

const terms = (q: string) => parseSearchText(q).terms;

describe("parseSearchText", () => {
  it("reads words in any order, the last one as a prefix", () => {
    expect(terms("Scorched  boss LOOT")).toEqual([
      { kind: "word", text: "Scorched" },
      { kind: "word", text: "boss" },
      { kind: "prefix", text: "LOOT" },
    ]);
  });

  it("reads a quoted phrase, and keeps the last bare word whole when a phrase follows it", () => {
    expect(terms('scorch "boss  loot" ')).toEqual([
      { kind: "word", text: "scorch" },
      { kind: "phrase", words: ["boss", "loot"] },
    ]);
    expect(terms('"iron"')).toEqual([{ kind: "word", text: "iron" }]);
  });

  it("runs an unclosed quote to the end", () => {
    expect(terms('crate "iron pick')).toEqual([
      { kind: "word", text: "crate" },
      { kind: "phrase", words: ["iron", "pick"] },
    ]);
  });

  it("splits on punctuation like the engines' tokenizers and keeps accents and marks with their letters", () => {
    expect(terms("Crème-brûlée, e\u0301t\u00e9 (x)")).toEqual([
      { kind: "word", text: "Crème" },
      { kind: "word", text: "brûlée" },
      { kind: "word", text: "e\u0301t\u00e9" },
      { kind: "prefix", text: "x" },
    ]);
  });

  it("has no text filter for empty or punctuation-only input", () => {
    for (const q of ["", "   ", '"', '""', "*** -- () ^", "\u0301"]) expect(terms(q)).toEqual([]);
  });

  it("drops repeated terms and bounds the number of terms", () => {
    expect(terms("iron Iron iron x")).toEqual([
      { kind: "word", text: "iron" },
      { kind: "prefix", text: "x" },
    ]);
    expect(terms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe("fts5Query", () => {
  it("quotes every term, so FTS5 syntax in the input is only text", () => {
    expect(fts5Query(parseSearchText('NEAR(a b) OR "x y" col:z AND'))).toBe(
      '"NEAR" "a" "b" "OR" "x y" "col" "z" "AND" *',
    );
    expect(fts5Query(parseSearchText("iron"))).toBe('"iron" *');
  });
});

describe("/documents query with q and map", () => {
  it("keeps q as typed, reads map names in any case (Aberration too), and builds the href back", () => {
    const q = parseDocumentListQuery({ q: '  boss "iron pick" ', map: "aberration", sort: "downloads", page: "2" });
    expect(q).toMatchObject({
      q: 'boss "iron pick"',
      map: "Aberration",
      badMap: undefined,
      sort: "downloads",
      page: 2,
    });
    expect(documentListHref(q)).toBe("/documents?q=boss+%22iron+pick%22&map=Aberration&sort=downloads&page=2");
    expect(parseDocumentListQuery({ map: "SCORCHED" }).map).toBe("Scorched");
    expect(parseDocumentListQuery({ map: "Abberation" }).map).toBe("Aberration");
  });

  it("notes an unknown map instead of failing, and ignores an empty one", () => {
    // Every official map of the one list counts; a name of none does not.
    expect(parseDocumentListQuery({ map: "Valguero" })).toMatchObject({ map: "Valguero", badMap: undefined });
    expect(parseDocumentListQuery({ map: "Genesis: Part 2" })).toMatchObject({ map: "Genesis2" });
    expect(parseDocumentListQuery({ map: "Mars" })).toMatchObject({ map: undefined, badMap: "Mars" });
    expect(parseDocumentListQuery({ map: "", q: "  " })).toMatchObject({
      map: undefined,
      badMap: undefined,
      q: undefined,
    });
    expect(documentListHref(parseDocumentListQuery({ map: "Mars", q: "" }))).toBe("/documents");
  });
});

describe("document maps", () => {
  it("are read from the Map key when publishing, unknown bits dropped", () => {
    const body = JSON.stringify([
      { Identifier: "00000000-0000-4000-8000-000000000001", Title: "a", Map: 5 },
      { Identifier: "00000000-0000-4000-8000-000000000002", Title: "b", Map: 1 + 64 + 4096 },
      { Identifier: "00000000-0000-4000-8000-000000000003", Title: "c", Map: "Island" },
      { Identifier: "00000000-0000-4000-8000-000000000004", Title: "d" },
    ]);
    expect(readDocumentInputs(JSON.parse(body), body, Buffer.from(body)).map((d) => d.maps)).toEqual([5, 65, 0, 0]);
  });

  it("are read from stored content by the backfill, 0 for anything but an object with a Map", () => {
    expect(mapsOfContent(Buffer.from('{"Map": 24, "Title": "x"}'))).toBe(24);
    expect(mapsOfContent(Buffer.from("[1,2]"))).toBe(0);
    expect(mapsOfContent(Buffer.from("not json"))).toBe(0);
    expect(mapsOfContent(Buffer.from('{"Map": -1}'))).toBe(0);
  });
});
