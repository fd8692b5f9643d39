import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportIni } from "@/lib/server-config/export-ini";
import { importIni, type ConfigSetting } from "@/lib/server-config/import-ini";
import { parseIni, serializeIni } from "@/lib/server-config/ini";
import { mergeIni } from "@/lib/server-config/merge";
import { editDistance, nearestKey } from "@/lib/server-config/nearest";
import {
  allOptions,
  defaultFor,
  findOption,
  optionsForGame,
  parseOptions,
  splitIndex,
  type IniFile,
} from "@/lib/server-config/options";

const read = (name: string) => readFileSync(`test/fixtures/server-config/${name}`, "utf8");
const GAME = read("Game.ini");
const GUS = read("GameUserSettings.ini");
const files = { "Game.ini": GAME, "GameUserSettings.ini": GUS } satisfies Record<IniFile, string>;
const key = (s: Pick<ConfigSetting, "file" | "section" | "key" | "value">) =>
  `${s.file}|${s.section}|${s.key}=${s.value}`;

describe("the option table", () => {
  it("loads every row, typed, with lookups that ignore case and find indexed keys", () => {
    expect(allOptions()).toHaveLength(671);
    const mating = findOption("game.ini", "/Script/ShooterGame.ShooterGameMode", "matingintervalmultiplier");
    expect(mating).toMatchObject({ key: "MatingIntervalMultiplier", type: "float", group: "breeding", indexed: false });
    const stat = findOption("Game.ini", "/script/shootergame.shootergamemode", "PerLevelStatsMultiplier_Player[0]");
    expect(stat).toMatchObject({ indexed: true, default: "1.0", type: "float" });
    expect(findOption("Game.ini", "/script/shootergame.shootergamemode", "NoSuchKey")).toBeUndefined();
    const crate = findOption("Game.ini", "/script/shootergame.shootergamemode", "SupplyCrateLootQualityMultiplier")!;
    expect([crate.min, crate.max]).toEqual([1, 5]);
    const maxPlayers = findOption("GameUserSettings.ini", "/Script/Engine.GameSession", "MaxPlayers")!;
    expect(maxPlayers.commandLineOnly).toEqual(["asa"]);
    const hair = allOptions().find((o) => o.key === "HairGrowthSpeedMultiplier")!;
    expect(defaultFor(hair, "asa")).toBe(hair.defaultAsa);
    expect(hair.defaultAsa).not.toBe(hair.default);
    // an empty cell stays empty: nothing is filled in
    expect(allOptions().filter((o) => o.min !== undefined)).toHaveLength(14);
  });

  it("an ASA document is offered only keys marked for ASA or both, and the ASE-only ones are listed as left out", () => {
    const { offered, leftOut } = optionsForGame("asa");
    expect(offered.every((o) => o.game === "asa" || o.game === "both")).toBe(true);
    expect(leftOut.every((o) => o.game === "ase")).toBe(true);
    expect(offered.length + leftOut.length).toBe(671);
    expect(leftOut.map((o) => o.key)).toContain("SupplyCrateLootQualityMultiplier");
    expect(optionsForGame("ase").leftOut.every((o) => o.game === "asa")).toBe(true);
  });

  it("refuses a broken copy of the table", () => {
    expect(() => parseOptions("a,b\n1,2\n")).toThrow(/unexpected header/);
  });

  it("splits an index off a key", () => {
    expect(splitIndex("Key[3]")).toEqual({ base: "Key", index: "3" });
    expect(splitIndex("Key")).toEqual({ base: "Key" });
  });
});

describe("nearest known key", () => {
  it("suggests the key a typo meant, and nothing for a name far from every key", () => {
    expect(editDistance("abc", "acb")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(nearestKey("MatingIntervalMultipler")).toBe("MatingIntervalMultiplier");
    expect(nearestKey("difficultyofset")).toBe("DifficultyOffset");
    expect(nearestKey("CompletelyUnrelatedThing")).toBeUndefined();
  });
});

describe("ini text", () => {
  it("reads and writes both fixtures back byte for byte (comments, odd spacing, CRLF, no final newline)", () => {
    expect(serializeIni(parseIni(GAME))).toBe(GAME);
    expect(serializeIni(parseIni(GUS))).toBe(GUS);
    expect(GUS).toContain("\r\n");
    const bom = '\uFEFF[S]\r\nA = (x=1,y=(z="2"))  \rB[2]=3';
    const lines = parseIni(bom);
    expect(serializeIni(lines)).toBe(bom);
    expect(lines.map((l) => [l.kind, l.section, l.key, l.value])).toEqual([
      ["section", "S", undefined, undefined],
      ["setting", "S", "A", '(x=1,y=(z="2"))  '],
      ["setting", "S", "B[2]", "3"],
    ]);
  });
});

describe("import, export and merge of the fixture pair", () => {
  const imported = importIni(files);

  it("covers at least 80 keys across 10 groups", () => {
    const groups = new Set(
      imported.settings.map((s) => findOption(s.file, s.section, s.key)?.group).filter((g) => g !== undefined),
    );
    expect(imported.settings.length).toBeGreaterThanOrEqual(80);
    expect(groups.size).toBeGreaterThanOrEqual(10);
  });

  it("leaves passwords out, names them, and keeps no trace of their values", () => {
    expect(imported.secretsLeftOut.map((s) => s.key)).toEqual(["ServerPassword", "ServerAdminPassword"]);
    const json = JSON.stringify(imported);
    expect(json).not.toContain("hunter2-fixture");
    expect(json).not.toContain("adminsecret-fixture");
    expect(imported.settings.some((s) => /password/i.test(s.key))).toBe(false);
  });

  it("keeps unknown keys and sections, with the nearest known key suggested", () => {
    expect(imported.unknown.find((u) => u.key === "MatingIntervalMultipler")).toMatchObject({
      suggestion: "MatingIntervalMultiplier",
    });
    expect(imported.settings).toContainEqual({
      file: "Game.ini",
      section: "SomeModSection",
      key: "ModThing",
      value: "42   ",
    });
    expect(imported.settings.filter((s) => s.key === "ConfigOverrideItemMaxQuantity")).toHaveLength(2);
    expect(imported.settings.filter((s) => s.key === "OverridePlayerLevelEngramPoints").map((s) => s.value)).toEqual([
      "4",
      "5",
      "6",
    ]);
  });

  it("keeps the last line of a plain key written twice, and says so", () => {
    expect(imported.duplicates).toHaveLength(1);
    const dup = imported.duplicates[0]!;
    expect(dup.lines).toHaveLength(2);
    expect(imported.settings.filter((s) => s.key === dup.key)).toHaveLength(1);
  });

  it("export then import gives back every setting, for both files", () => {
    const again = importIni({
      "Game.ini": exportIni(imported.settings, "Game.ini"),
      "GameUserSettings.ini": exportIni(imported.settings, "GameUserSettings.ini"),
    });
    expect(again.settings.map(key).sort()).toEqual(imported.settings.map(key).sort());
    expect(again.secretsLeftOut).toEqual([]);
  });

  it("merging the document into the originals keeps every untouched line byte-identical and in order", () => {
    for (const file of ["Game.ini", "GameUserSettings.ini"] as const) {
      const original = files[file];
      const changed = imported.settings.map((s) =>
        s.file === file && s.key === (file === "Game.ini" ? "BabyCuddleIntervalMultiplier" : "DifficultyOffset")
          ? { ...s, value: "0.25" }
          : s,
      );
      const merged = exportIni(changed, file, original);
      const set = new Set(changed.filter((s) => s.file === file).map((s) => s.key.toLowerCase()));
      const untouched = parseIni(original).filter((l) => l.kind !== "setting" || !set.has(l.key!.toLowerCase()));
      const mergedLines = parseIni(merged);
      const kept = mergedLines.filter((l) => l.kind !== "setting" || !set.has(l.key!.toLowerCase()));
      expect(kept.map((l) => l.text + l.end)).toEqual(untouched.map((l) => l.text + l.end));
      // the passwords the admin's file has stay there (the document never had them)
      if (file === "GameUserSettings.ini") expect(merged).toContain("ServerPassword=hunter2-fixture\r\n");
      // every setting once (repeatable keys: all their lines), changed values in place
      const back = importIni({ [file]: merged });
      expect(back.duplicates).toEqual([]);
      expect(back.settings.map(key).sort()).toEqual(
        changed
          .filter((s) => s.file === file)
          .map(key)
          .sort(),
      );
      expect(mergedLines.length).toBe(parseIni(original).length - (file === "GameUserSettings.ini" ? 1 : 0));
      const eol = file === "Game.ini" ? "\n" : "\r\n";
      expect(mergedLines.every((l, i) => l.end === eol || (l.end === "" && i === mergedLines.length - 1))).toBe(true);
    }
  });

  it("merge writes a changed key where it stands, a new key at its section's end, a new section at the end", () => {
    const original = "; top\r\n[A]\r\nX=1\r\n; keep me\r\nY = 2\r\n\r\n[B]\r\nZ=3";
    const merged = mergeIni(original, [
      { section: "a", key: "y", value: "5" },
      { section: "B", key: "W[1]", value: "(p=1)" },
      { section: "C", key: "V", value: "x" },
    ]);
    expect(merged).toBe(
      "; top\r\n[A]\r\nX=1\r\n; keep me\r\ny=5\r\n\r\n[B]\r\nZ=3\r\nW[1]=(p=1)\r\n\r\n[C]\r\nV=x\r\n",
    );
    expect(mergeIni(original, [])).toBe(original);
  });
});
