// The changes feed's pure parts (docs/CONTRACT.md#changes): cursors, changes_since times, the CLI's
// mirror, and the kind column of engram files.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { ChangesPage } from "@/lib/changes/changes-page";
import { comparePositions, decodeCursor, encodeCursor, type Cursor } from "@/lib/changes/cursor";
import { parseChangesSince } from "@/lib/changes/feed-time";
import { applyPage, emptyMirror, mirrorLists, mirrorOf } from "@/lib/changes/mirror";
import { DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT, parseChangesQuery } from "@/lib/changes/changes-query";
import { engramJson, type EngramJson } from "@/lib/engrams/engram-json";
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

describe("cursor and changes_since edges", () => {
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      const e = err as ApiError;
      return { status: e.status, message: e.message, details: e.details };
    }
    return null;
  };
  const p = (txid: string, id: number) => ({ txid, id, at: 0 });

  it("orders a lower transaction id first whatever the ids", () => {
    expect(comparePositions(p("5", 9), p("6", 1))).toBe(-1);
    expect(comparePositions(p("6", 1), p("5", 9))).toBe(1);
  });

  it("refuses a cursor with anything around its base64url text, naming at most 100 characters of it", () => {
    const token = encodeCursor({ position: p("1", 2) });
    expect(decodeCursor(token).position).toEqual(p("1", 2));
    for (const bad of [`%${token}`, `${token}%`, ` ${token}`, `${token}=`])
      expect(
        refusal(() => decodeCursor(bad)),
        bad,
      ).toEqual({
        status: 400,
        message: "cursor is not a cursor this server gave out; start again without one (a full read).",
        details: { cursor: bad },
      });
    const long = "!".repeat(150);
    expect(refusal(() => decodeCursor(long))).toMatchObject({ details: { cursor: "!".repeat(100) } });
  });

  it("reads changes_since with spaces around it and at the ends of each field's range", () => {
    const day = Date.UTC(2026, 10, 21);
    expect(parseChangesSince("  2026-11-21 08:00:00+0000\n")).toBe(day + 8 * 3_600_000);
    expect(parseChangesSince("2026-11-21 23:59:59")).toBe(day + 86_399_000);
    expect(parseChangesSince("2026-11-21 00:00:00+14:00")).toBe(day - 14 * 3_600_000);
    expect(parseChangesSince("2026-11-21 00:00:00-00:59")).toBe(day + 59 * 60_000);
    expect(parseChangesSince("2026-12-31")).toBe(Date.UTC(2026, 11, 31));
  });

  it.each([
    "0050-01-01", // Date.UTC reads years below 100 as 19xx
    "2026-11-21 08:60:00",
    "2026-11-21 08:00:60",
    "2026-11-21 00:00:00+15:00",
    "2026-11-21 00:00:00+00:60",
    "2026-13-01",
    "2026-04-31",
  ])("refuses %s, naming it", (text) => {
    expect(refusal(() => parseChangesSince(text))).toEqual({
      status: 400,
      message: "changes_since must be a time like 2026-11-21 08:00:00+0000 or 2026-11-21T08:00:00Z.",
      details: { changes_since: text },
    });
  });

  it("names at most 100 characters of a refused time", () => {
    expect(refusal(() => parseChangesSince("x".repeat(150)))).toMatchObject({
      details: { changes_since: "x".repeat(100) },
    });
  });
});

describe("the changes query", () => {
  const q = (s: string) => parseChangesQuery(new URLSearchParams(s));
  it("has a default limit, a cursor or a time, and bounds", () => {
    expect(q("")).toEqual({ cursor: undefined, since: undefined, limit: DEFAULT_CHANGES_LIMIT });
    expect(q("cursor=abc&limit=1")).toEqual({ cursor: "abc", since: undefined, limit: 1 });
    expect(q(`changes_since=2026-11-21&limit=${MAX_CHANGES_LIMIT}`)).toEqual({
      cursor: undefined,
      since: Date.UTC(2026, 10, 21),
      limit: MAX_CHANGES_LIMIT,
    });
    expect([DEFAULT_CHANGES_LIMIT, MAX_CHANGES_LIMIT]).toEqual([5000, 10_000]);
  });

  it.each([
    [
      "cursor=a&changes_since=2026-11-21",
      "Send cursor or changes_since, not both: a cursor already says where to go on from.",
    ],
    ["limit=0", "The query parameter limit must be a whole number of at least 1."],
    [`limit=${MAX_CHANGES_LIMIT + 1}`, `The query parameter limit must be at most ${MAX_CHANGES_LIMIT}.`],
    ["cursor=a&cursor=b", "The query parameter cursor is given more than once."],
    ["changes_since=a&changes_since=b", "The query parameter changes_since is given more than once."],
  ])("refuses %s", (query, message) => {
    expect(() => q(query)).toThrow(message);
  });
});

describe("the sync mirror's lists", () => {
  const item = (uid: string, label: string) => ({ uid, label }) as unknown as EngramJson;
  it("start from lists keyed by uid and mod id, and come back in the API's order: label, then uid; mods by name, then id", () => {
    const engrams = [item("b", "Same"), item("c", "Axe"), item("a", "Same")];
    const creatures = [item("z", "Rex"), item("y", "Argy"), item("x", "Rex")];
    const mods = [
      { mod_id: "2", name: "Beta", confirmed: true },
      { mod_id: "3", name: "Alpha", confirmed: true },
      { mod_id: "1", name: "Beta", confirmed: true },
    ];
    const mirror = mirrorOf({ engrams, creatures, mods });
    expect([...mirror.engrams.keys()]).toEqual(["b", "c", "a"]);
    expect([...mirror.creatures.keys()]).toEqual(["z", "y", "x"]);
    expect([...mirror.mods.keys()]).toEqual(["2", "3", "1"]);
    const lists = mirrorLists(mirror);
    expect(lists.engrams.map((e) => e.uid)).toEqual(["c", "a", "b"]);
    expect(lists.creatures.map((c) => c.uid)).toEqual(["y", "x", "z"]);
    expect(lists.mods.map((m) => m.mod_id)).toEqual(["3", "1", "2"]);
    // The same again from a reversed start: the order does not depend on insertion.
    const reversed = mirrorLists(
      mirrorOf({ engrams: [...engrams].reverse(), creatures: [...creatures].reverse(), mods: [...mods].reverse() }),
    );
    expect(reversed).toEqual(lists);
    // Many equal labels, in every order they could arrive in: uid order.
    for (const order of [
      ["c", "a", "b", "d"],
      ["d", "c", "b", "a"],
      ["b", "d", "a", "c"],
      ["a", "b", "c", "d"],
    ]) {
      const same = mirrorLists(mirrorOf({ engrams: order.map((u) => item(u, "Same")), creatures: [], mods: [] }));
      expect(
        same.engrams.map((e) => e.uid),
        order.join(""),
      ).toEqual(["a", "b", "c", "d"]);
      const named = mirrorLists(
        mirrorOf({
          engrams: [],
          creatures: [],
          mods: order.map((id) => ({ mod_id: id, name: "Same", confirmed: true })),
        }),
      );
      expect(
        named.mods.map((m) => m.mod_id),
        order.join(""),
      ).toEqual(["a", "b", "c", "d"]);
    }
  });
});
