// The changes feed's pure parts (docs/CONTRACT.md#changes): cursors, changes_since times, the CLI's
// mirror, and the kind column of engram files.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { ChangesPage } from "@/lib/changes/changes-page";
import { comparePositions, decodeCursor, encodeCursor, type Cursor } from "@/lib/changes/cursor";
import { parseChangesSince } from "@/lib/changes/feed-time";
import { applyPage, emptyMirror, mirrorLists } from "@/lib/changes/mirror";
import { engramJson } from "@/lib/engrams/engram-json";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { validateRows } from "@/lib/engrams/import-engrams";
import { parseItemKind } from "@/lib/engrams/item-kind";

const status = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof ApiError ? err.status : -1;
  }
  return 200;
};

describe("cursors", () => {
  it("carry a position, or a full read's progress, through an opaque token and back", () => {
    const cases: Cursor[] = [
      { position: { txid: "0", id: 0, at: 0 } },
      { position: { txid: "18446744073709551", id: 2147483647, at: Date.UTC(2026, 10, 24, 12) } },
      { position: { txid: "771", id: 12, at: 1 }, full: { section: "mods", after: "" } },
      { position: { txid: "771", id: 12, at: 1 }, full: { section: "mods", after: "731604991" } },
      {
        position: { txid: "0", id: 9, at: 1 },
        full: { section: "creatures", after: "0123456789abcdef0123456789abcdef" },
      },
    ];
    for (const c of cases) {
      const token = encodeCursor(c);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(token)).toEqual(c);
    }
  });

  it("are refused (400) unless this server could have given them out", () => {
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    for (const bad of [
      "",
      "abc",
      "%%%",
      forged("p.1.2"),
      forged("p.-1.2.3"),
      forged("p.1.2.3.x"),
      forged("f.1.2.3.users."),
      forged("f.1.2.3.engrams.ZZ"),
      "a".repeat(300),
    ]) {
      expect(
        status(() => decodeCursor(bad)),
        bad,
      ).toBe(400);
    }
  });

  it("order by transaction id first, then id, past 2^53", () => {
    const p = (txid: string, id: number) => ({ txid, id, at: 0 });
    expect(comparePositions(p("9007199254740993", 1), p("9007199254740992", 5))).toBeGreaterThan(0);
    expect(comparePositions(p("5", 1), p("5", 2))).toBeLessThan(0);
    expect(comparePositions(p("5", 2), p("5", 2))).toBe(0);
  });
});

describe("changes_since", () => {
  const at = Date.UTC(2026, 10, 21, 8, 0, 0);
  it.each([
    ["2026-11-21 08:00:00+0000", at],
    ["2026-11-21 08:00:00 0000", at],
    ["2026-11-21 10:00:00+02:00", at],
    ["2026-11-21 03:30:00-0430", at],
    ["2026-11-21T08:00:00Z", at],
    ["2026-11-21T08:00:00", at],
    ["2026-11-21T08:00:00.250Z", at + 250],
    ["2026-11-21 08:00", at],
    ["2026-11-21", Date.UTC(2026, 10, 21)],
  ])("reads %s", (text, expected) => {
    expect(parseChangesSince(text)).toBe(expected);
  });

  it.each([
    "yesterday",
    "2026-02-30 00:00:00",
    "2026-11-21 24:00:00",
    "2026-11-21 08:00:00+2500",
    "1700000000",
    "2026-11-21 08:00:00+00:0",
  ])("refuses %s with 400", (text) => {
    expect(status(() => parseChangesSince(text))).toBe(400);
  });
});

describe("the sync mirror", () => {
  const engram = (name: string, label = name) =>
    engramJson(
      {
        uid: name.padEnd(32, "0"),
        path: `/Game/M/${name}.${name}`,
        label,
        environments: 1,
        canBlueprint: true,
        modId: "7",
        mod: { name: "M" },
      },
      "http://h",
    );
  const page = (over: Partial<ChangesPage>): ChangesPage => ({
    timestamp: "",
    cursor: "c",
    next_cursor: null,
    is_full: false,
    engrams: [],
    creatures: [],
    mods: [],
    expired_records: [],
    ...over,
  });

  it("upserts what a page lists, removes what it expires, and counts only real changes", () => {
    const mirror = emptyMirror();
    expect(
      applyPage(
        mirror,
        page({
          is_full: true,
          engrams: [engram("b"), engram("a")],
          mods: [{ mod_id: "7", name: "M", confirmed: true }],
        }),
      ),
    ).toEqual({ upserted: 3, removed: 0 });
    expect(
      applyPage(
        mirror,
        page({
          engrams: [engram("a"), engram("b", "B2")],
          expired_records: [
            { group: "mods", object_id: "7", label: "M" },
            { group: "engrams", object_id: "c".padEnd(32, "0"), label: "never here" },
          ],
        }),
      ),
    ).toEqual({
      upserted: 1,
      removed: 1,
    });
    const lists = mirrorLists(mirror);
    expect(lists.engrams.map((e) => e.label)).toEqual(["B2", "a"]);
    expect(lists.mods).toEqual([]);
  });
});

describe("the kind of a file row", () => {
  it("is engram when absent or empty, either kind in any case or number, and nothing else", () => {
    expect([undefined, null, "", " ", "engram", "Engrams", "CREATURE", "creatures"].map(parseItemKind)).toEqual([
      "engrams",
      "engrams",
      "engrams",
      "engrams",
      "engrams",
      "engrams",
      "creatures",
      "creatures",
    ]);
    expect([1, "dino", {}].map(parseItemKind)).toEqual([null, null, null]);
  });

  it("sends each CSV row to its kind's rules: creatures have no can_blueprint, the same path may be both", () => {
    const csv = [
      "kind,path,label,availability,can_blueprint",
      "creature,/Game/D/Rex.Rex,Rex,Island,maybe",
      ",/Game/D/Rex.Rex,Rex Saddle,Island,true",
      "dino,/Game/D/X.X,X,Island,",
      "creature,/Game/D/Rex.Rex,Again,Island,",
    ].join("\n");
    const { records, kindOf, errors } = validateRows(readEngramFile(csv, "csv"));
    expect(kindOf).toEqual(["creatures", "engrams"]);
    expect(records.map((r) => [r.label, r.canBlueprint])).toEqual([
      ["Rex", undefined],
      ["Rex Saddle", true],
    ]);
    expect(errors).toEqual([
      { row: 4, message: "kind: must be engram or creature (or left empty: engram)" },
      { row: 5, message: "path: the same path as row 2" },
    ]);
  });
});
