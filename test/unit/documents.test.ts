// Pure parts of /v1/document.php: docs/CONTRACT.md#documents filename rules, last_updated format,
// listing parameters, and splitting a JSON array into its elements' exact text.
import { describe, expect, it } from "vitest";
import { asciiFilename, contentDisposition } from "@/lib/documents/content-disposition";
import { decodeContent, encodeContent } from "@/lib/documents/content-storage";
import { formatLastUpdated } from "@/lib/documents/document-json";
import { parseListQuery } from "@/lib/documents/list-query";
import { rawArrayElements } from "@/lib/documents/raw-json-elements";
import { ApiError } from "@/lib/api/errors";

/** filename* value decoded as RFC 8187 says: UTF-8''<percent-encoded> */
function extFilename(header: string): string {
  const m = /filename\*=UTF-8''([^;\s]+)/.exec(header);
  if (!m) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(m[1]!);
}

function plainFilename(header: string): string {
  const m = /filename="([^"]*)"/.exec(header);
  if (!m) throw new Error(`no filename in ${header}`);
  return m[1]!;
}

describe("contentDisposition", () => {
  it("names a plain title as <name>.beacon twice", () => {
    expect(contentDisposition("My Loot")).toBe(
      `attachment; filename="My Loot.beacon"; filename*=UTF-8''My%20Loot.beacon`,
    );
  });

  it("keeps a hostile title on one pure-ASCII line that still names the file", () => {
    const title = 'Évil "quoted"\r\nSet-Cookie: x=1\u0000/..\\..\\etc/passwd Ünïcødé 日本';
    const header = contentDisposition(title);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).not.toMatch(/[\r\n]/);
    const plain = plainFilename(header);
    expect(plain).not.toMatch(/["\\/]/);
    expect(plain).toBe("Evil quotedSet-Cookie: x=1....etcpasswd Unic_de __.beacon");
    // exactly three parameters: the quotes of the plain name cannot be broken out of
    expect(header.split(";")).toHaveLength(3);
    expect(extFilename(header)).toBe('Évil "quoted"Set-Cookie: x=1....etcpasswd Ünïcødé 日本.beacon');
  });

  it("drops separators that NFKD would bring back, and lone surrogates", () => {
    expect(asciiFilename("a／b＂c＼d")).toBe("abcd.beacon");
    expect(() => contentDisposition("bad \ud800 surrogate")).not.toThrow();
    expect(extFilename(contentDisposition("bad \ud800 x"))).toBe("bad \ufffd x.beacon");
  });

  it("falls back to a name when nothing printable is left, and caps the length", () => {
    expect(plainFilename(contentDisposition("\r\n/\\"))).toBe("document.beacon");
    expect(plainFilename(contentDisposition("日本"))).toBe("__.beacon");
    expect(plainFilename(contentDisposition("x".repeat(5000))).length).toBe(150 + ".beacon".length);
  });

  it("percent-encodes every character outside RFC 8187 attr-char", () => {
    const header = contentDisposition("it's (a) *test*; ok");
    expect(header).toContain("filename*=UTF-8''it%27s%20%28a%29%20%2Atest%2A%3B%20ok.beacon");
  });
});

describe("formatLastUpdated", () => {
  it("is YYYY-MM-DD HH:MM:SS+0000 in UTC", () => {
    expect(formatLastUpdated(new Date("2026-03-04T05:06:07.890Z"))).toBe("2026-03-04 05:06:07+0000");
    expect(formatLastUpdated(new Date("2026-12-31T23:59:59.999+02:00"))).toBe("2026-12-31 21:59:59+0000");
  });
});

describe("parseListQuery", () => {
  const parse = (q: string) => parseListQuery(new URLSearchParams(q));
  const status = (q: string) => {
    try {
      parse(q);
      return 200;
    } catch (err) {
      return err instanceof ApiError ? err.status : 500;
    }
  };

  it("defaults to last_updated desc, 1000 from offset 0", () => {
    expect(parse("")).toEqual({ userId: undefined, sort: "last_updated", direction: "desc", count: 1000, offset: 0 });
  });

  it("reads every parameter and lowercases user_id", () => {
    expect(
      parse("user_id=0D4B7C1E-0000-4000-8000-00000000000A&sort=download_count&direction=asc&count=10&offset=20"),
    ).toEqual({
      userId: "0d4b7c1e-0000-4000-8000-00000000000a",
      sort: "download_count",
      direction: "asc",
      count: 10,
      offset: 20,
    });
  });

  it.each([
    "sort=name",
    "sort=",
    "direction=up",
    "direction=DESC",
    "count=1001",
    "count=-1",
    "count=1.5",
    "count=",
    "count=abc",
    "offset=-1",
    "offset=1e3",
    "offset=",
    "user_id=nope",
    "user_id=",
    "count=1&count=2",
  ])("refuses %s with 400", (q) => expect(status(q)).toBe(400));

  it("accepts count 0 and 1000 and ignores unknown parameters", () => {
    expect(parse("count=0").count).toBe(0);
    expect(parse("count=1000&page=3&simple").count).toBe(1000);
  });
});

describe("rawArrayElements", () => {
  it("returns each element's exact source text", () => {
    const text = ' [ {"b":1.0,"a":"x,]}\\"y"} ,\n{"c":[1,{"d":[]}]}\t,"s",  12e3 ,null] ';
    expect(rawArrayElements(text)).toEqual(['{"b":1.0,"a":"x,]}\\"y"}', '{"c":[1,{"d":[]}]}', '"s"', "12e3", "null"]);
    expect(rawArrayElements("[]")).toEqual([]);
  });
});

describe("content storage", () => {
  it("gzips compressible content, keeps the rest, and restores the exact bytes", async () => {
    const json = Buffer.from(
      JSON.stringify({ LootSources: Array.from({ length: 200 }, (_, i) => ({ Label: `Crate ${i}` })) }),
    );
    const gz = await encodeContent(json);
    expect(gz.encoding).toBe("gzip");
    expect(Buffer.from(await decodeContent(gz)).equals(json)).toBe(true);
    const small = Buffer.from('{"a":1}');
    expect((await encodeContent(small)).encoding).toBe("identity");
    const random = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    const kept = await encodeContent(random);
    expect(kept.encoding).toBe("identity");
    expect(Buffer.from(await decodeContent(kept)).equals(random)).toBe(true);
  });
});
