/** The loot view's summary and reverse-lookup links (lib/documents/loot-view), on Default Loot.beacon. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lootView } from "@/lib/documents/loot-view";
import { readLootDocument } from "@/lib/loot/loot-document";

const doc = readLootDocument(
  JSON.parse(readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8")),
)!;

describe("the loot view of Default Loot", () => {
  it("sums up sources, item sets, different items, entries and the document's maps", () => {
    const view = lootView(doc, () => undefined);
    expect(view).toMatchObject({ sourceCount: 6, setCount: 21, itemCount: 179, entryCount: 103 });
    expect(view.maps).toEqual(["Island"]);
    expect(view.sources.map((s) => s.entryCount).reduce((a, b) => a + b)).toBe(103);
  });

  it("links an item to the documents that drop it only when another document does too", () => {
    const items = (count: number) =>
      lootView(
        doc,
        () => undefined,
        () => count,
      ).sources.flatMap((s) =>
        s.itemSets.flatMap((set) => set.entries.flatMap((e) => e.items.map((i) => i.documents))),
      );
    expect(items(1).every((d) => d === null)).toBe(true);
    expect(items(2).every((d) => d !== null && d.count === 2 && d.href.startsWith("/documents?item="))).toBe(true);
  });
});
