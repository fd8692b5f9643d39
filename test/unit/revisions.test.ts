// Content-defined chunking of revisions (lib/documents/revisions/chunking.ts): sizes
// within bounds, the same cuts for the same bytes, an edit in one place changing only the
// chunks around it, and the stored hash list read back; the one-line summaries.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CHUNK_HASH_BYTES,
  chunkEnds,
  chunksOf,
  joinHashes,
  MAX_CHUNK,
  MIN_CHUNK,
  splitHashes,
} from "@/lib/documents/revisions/chunking";
import { summarizeRevision } from "@/lib/documents/revisions/revision-summary";

const defaultLoot = readFileSync("lib/loot/templates/default-loot.beacon");

describe("content-defined chunking", () => {
  it("cuts within the bounds, covering every byte once, the same way every time", () => {
    for (const data of [defaultLoot, randomBytes(300_000), Buffer.alloc(100_000, 9)]) {
      const ends = chunkEnds(data);
      expect(ends[ends.length - 1]).toBe(data.length);
      let start = 0;
      for (const [i, end] of ends.entries()) {
        expect(end - start).toBeLessThanOrEqual(MAX_CHUNK);
        if (i < ends.length - 1) expect(end - start).toBeGreaterThanOrEqual(MIN_CHUNK);
        start = end;
      }
      expect(chunkEnds(Buffer.from(data))).toEqual(ends);
      expect(Buffer.concat(chunksOf(data).map((c) => c.bytes)).equals(data)).toBe(true);
    }
    expect(chunkEnds(new Uint8Array(0))).toEqual([]);
    expect(chunkEnds(Buffer.from("{}"))).toEqual([2]);
  });

  it("cuts indented JSON near its average size, not at its bounds", () => {
    const ends = chunkEnds(defaultLoot);
    // 94 KB: about 4 KB a chunk on average, not 16 KB ones.
    expect(ends.length).toBeGreaterThan(defaultLoot.length / 9000);
  });

  it("changes only the chunks around an edit; the others keep their hashes", () => {
    const text = defaultLoot.toString("utf8");
    const at = text.indexOf('"MaxQuantity": 6');
    const edited = Buffer.from(`${text.slice(0, at)}"MaxQuantity": 60${text.slice(at + '"MaxQuantity": 6'.length)}`);
    const before = new Set(chunksOf(defaultLoot).map((c) => c.hash.toString("hex")));
    const after = chunksOf(edited).map((c) => c.hash.toString("hex"));
    const fresh = after.filter((h) => !before.has(h));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(2);
    // An insertion near the start shifts every later byte, and still only the chunks near it change.
    const inserted = Buffer.concat([defaultLoot.subarray(0, 200), Buffer.from(" "), defaultLoot.subarray(200)]);
    expect(chunksOf(inserted).filter((c) => !before.has(c.hash.toString("hex"))).length).toBeLessThanOrEqual(2);
  });

  it("stores a revision's hashes one after the other and reads them back", () => {
    const hashes = chunksOf(defaultLoot).map((c) => c.hash);
    const list = joinHashes(hashes);
    expect(list.length).toBe(hashes.length * CHUNK_HASH_BYTES);
    expect(splitHashes(new Uint8Array(list))).toEqual(hashes);
    expect(() => splitHashes(new Uint8Array(CHUNK_HASH_BYTES + 1))).toThrow(/not whole hashes/);
  });
});

describe("revision summaries", () => {
  it("says what kind of change a revision is", async () => {
    const a = Buffer.from('{"Title":"A"}');
    // No loot on either side: the catalogue (the database) is not asked.
    const db = undefined as never;
    expect(await summarizeRevision(db, { previous: null, next: a })).toBe("First published");
    expect(await summarizeRevision(db, { previous: a, next: Buffer.from(a) })).toBe("Published again without a change");
    expect(await summarizeRevision(db, { previous: a, next: a, restoredFrom: 2 })).toBe("Restored revision 2");
    expect(await summarizeRevision(db, { previous: a, next: Buffer.from('{"Title":"B"}') })).toBe('Title: "A" → "B"');
  });
});
