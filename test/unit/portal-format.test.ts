import { describe, expect, it } from "vitest";
import { ENVIRONMENTS, environmentLabel } from "@/lib/engrams/environments";
import { MAPS, mapBit, mapNames } from "@/lib/loot/maps";
import { countOf, formatUtc, isoTime, plural } from "@/lib/portal/format";

describe("portal words", () => {
  it("counts by the plural rules: one change, 0 and 2 changes, thousands grouped", () => {
    expect(countOf(1, "change", "changes")).toBe("1 change");
    expect(countOf(0, "change", "changes")).toBe("0 changes");
    expect(countOf(2, "creature", "creatures")).toBe("2 creatures");
    expect(countOf(1200, "item", "items")).toBe("1,200 items");
    expect(plural(1, "entry", "entries")).toBe("entry");
  });

  it("writes every time for people one way, whether it comes as a Date, ISO or the v1 API's +0000 form", () => {
    const at = new Date(Date.UTC(2026, 10, 25, 12, 26, 11));
    expect(formatUtc(at)).toBe("2026-11-25 12:26 UTC");
    expect(formatUtc("2026-11-25 12:26:11+0000")).toBe("2026-11-25 12:26 UTC");
    expect(formatUtc("2026-11-25T12:26:11.000Z")).toBe("2026-11-25 12:26 UTC");
    expect(formatUtc(at, { seconds: true })).toBe("2026-11-25 12:26:11 UTC");
    expect(isoTime("2026-11-25 12:26:11+0000")).toBe("2026-11-25T12:26:11.000Z");
  });

  it("spells Aberration on pages, keeps the bits of the v1 environments, and reads the v1 spelling", () => {
    // The official maps' list starts with the v1 environments, in their bit order.
    expect(MAPS.slice(0, ENVIRONMENTS.length)).toEqual(ENVIRONMENTS.map(environmentLabel));
    expect(mapNames(16)).toEqual(["Aberration"]);
    expect(mapNames(0b11111).join(", ")).not.toContain("Abberation");
    expect(mapBit("Abberation")).toBe(16);
    expect(mapBit("aberration")).toBe(16);
    expect(ENVIRONMENTS[4]).toBe("Abberation");
  });
});
