import { describe, expect, it } from "vitest";
import { gfiScopeNote } from "@/lib/spawn/spawn-notices";

describe("what a spawn page's GFI codes are unique among", () => {
  it("names the catalogue the codes were computed over, and when to use the full command", () => {
    expect(gfiScopeNote({ kind: "base" }, [])).toContain("unique among the base game's items only.");
    const two = gfiScopeNote({ kind: "mods", ids: ["1", "2"] }, [
      { id: "1", name: "Primal Fear" },
      { id: "2", name: "S+" },
    ]);
    expect(two).toContain("unique among the base game's items and Primal Fear and S+'s.");
    expect(two).toContain("also runs other mods, a code may give one of their items instead: use the full command");
    expect(gfiScopeNote({ kind: "all" }, [])).toContain("every mod this site lists");
    expect(gfiScopeNote({ kind: "all" }, [])).toContain("also runs mods this site does not list");
  });
});
