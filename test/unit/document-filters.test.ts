// The count on /documents' "Filters" button: filters that apply, not text
// that was not understood (that has its own note on the page).
import { describe, expect, it } from "vitest";
import { activeFilterCount, parseDocumentListQuery } from "@/lib/documents/document-listing";

describe("activeFilterCount", () => {
  it("counts map, author and item when they apply; never the words", () => {
    expect(activeFilterCount(parseDocumentListQuery({ q: "boss loot", sort: "downloads", page: "2" }))).toBe(0);
    expect(activeFilterCount(parseDocumentListQuery({ map: "scorched" }))).toBe(1);
    expect(
      activeFilterCount(
        parseDocumentListQuery({
          map: "Island",
          author: "11111111-1111-4111-8111-111111111111",
          item: "PrimalItem_WeaponSword_C",
        }),
      ),
    ).toBe(3);
    expect(activeFilterCount(parseDocumentListQuery({ map: "Narnia", author: "nobody", item: "?" }))).toBe(0);
  });
});
