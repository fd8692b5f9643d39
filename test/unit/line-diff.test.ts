// lineDiff (lib/text/line-diff.ts): the kept, removed and added lines, which rebuild both
// texts exactly; the fewest changes; null past the bound of changes.
import { describe, expect, it } from "vitest";
import { lineDiff, type DiffLine } from "@/lib/text/line-diff";

const side = (diff: DiffLine[], kind: "removed" | "added") =>
  diff
    .filter((l) => l.kind !== kind)
    .map((l) => l.text)
    .join("\n");

describe("lineDiff", () => {
  it("finds the fewest changes and rebuilds both texts", () => {
    const before = "[ServerSettings]\nA=1\nB=2\nC=3\n";
    const after = "[ServerSettings]\nA=1\nC=3\nD=4\n";
    const diff = lineDiff(before, after)!;
    expect(diff.filter((l) => l.kind !== "same")).toEqual([
      { kind: "removed", text: "B=2" },
      { kind: "added", text: "D=4" },
    ]);
    expect(side(diff, "added")).toBe(before);
    expect(side(diff, "removed")).toBe(after);
  });

  it("handles empty texts, identical texts and texts with nothing in common", () => {
    expect(lineDiff("x", "x")).toEqual([{ kind: "same", text: "x" }]);
    expect(
      lineDiff("", "a\nb")!
        .filter((l) => l.kind === "added")
        .map((l) => l.text),
    ).toEqual(["a", "b"]);
    const apart = lineDiff("a\nb", "c\nd")!;
    expect(side(apart, "added")).toBe("a\nb");
    expect(side(apart, "removed")).toBe("c\nd");
  });

  it("rebuilds both sides of random edits", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const a = Array.from({ length: 30 }, () => `k${Math.floor(rand() * 8)}`);
      const b = a.filter(() => rand() > 0.2).map((l) => (rand() > 0.9 ? `${l}x` : l));
      const diff = lineDiff(a.join("\n"), b.join("\n"))!;
      expect(side(diff, "added")).toBe(a.join("\n"));
      expect(side(diff, "removed")).toBe(b.join("\n"));
    }
  });

  it("gives up past its bound of changes", () => {
    const a = Array.from({ length: 100 }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: 100 }, (_, i) => `b${i}`).join("\n");
    expect(lineDiff(a, b, 50)).toBeNull();
    expect(lineDiff(a, b, 200)).not.toBeNull();
  });
});
