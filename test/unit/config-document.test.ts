import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GAME_KEY,
  importIntoDocument,
  readDocumentConfig,
  SETTINGS_KEY,
  withDocumentConfig,
} from "@/lib/server-config/config-document";
import { exportIni } from "@/lib/server-config/export-ini";
import { importIni } from "@/lib/server-config/import-ini";

const DEFAULT_LOOT = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
const GAME = readFileSync("test/fixtures/server-config/Game.ini", "utf8");
const GUS = readFileSync("test/fixtures/server-config/GameUserSettings.ini", "utf8");

describe("settings in a document", () => {
  it("a 2017 loot-only document reads as ASE with no settings, and writing nothing keeps it identical", () => {
    const content = JSON.parse(DEFAULT_LOOT) as Record<string, unknown>;
    expect(readDocumentConfig(content)).toEqual({ game: "ase", settings: [], problems: [] });
    const same = withDocumentConfig(content, "ase", []);
    expect(JSON.stringify(same)).toBe(JSON.stringify(content));
    expect(Object.keys(same)).not.toContain(GAME_KEY);
  });

  it("imports both files into a loot document: loot kept, settings stored ini-native, no password anywhere", () => {
    const content = JSON.parse(DEFAULT_LOOT) as Record<string, unknown>;
    const { content: next, report } = importIntoDocument(
      content,
      { "Game.ini": GAME, "GameUserSettings.ini": GUS },
      "asa",
    );
    expect(next.LootSources).toEqual(content.LootSources);
    expect(next[GAME_KEY]).toBe("ASA");
    const text = JSON.stringify(next);
    expect(text).not.toContain("hunter2-fixture");
    expect(text).not.toContain("adminsecret-fixture");
    expect(report.secretsLeftOut.map((s) => s.key)).toEqual(["ServerPassword", "ServerAdminPassword"]);
    const read = readDocumentConfig(JSON.parse(text));
    expect(read.game).toBe("asa");
    expect(read.settings).toEqual(report.settings);
    expect(read.settings.length).toBeGreaterThanOrEqual(80);
    // the round trip through the stored document gives back every setting
    const again = importIni({
      "Game.ini": exportIni(read.settings, "Game.ini"),
      "GameUserSettings.ini": exportIni(read.settings, "GameUserSettings.ini"),
    });
    expect(again.settings).toEqual(report.settings);
  });

  it("a file imported alone replaces only that file's settings", () => {
    const first = importIntoDocument({}, { "Game.ini": GAME, "GameUserSettings.ini": GUS }).content;
    const second = importIntoDocument(first, { "Game.ini": "[/script/shootergame.shootergamemode]\nXPMultiplier=3\n" });
    const settings = readDocumentConfig(second.content).settings;
    expect(settings.filter((s) => s.file === "Game.ini")).toEqual([
      { file: "Game.ini", section: "/script/shootergame.shootergamemode", key: "XPMultiplier", value: "3" },
    ]);
    expect(settings.filter((s) => s.file === "GameUserSettings.ini")).toEqual(
      readDocumentConfig(first).settings.filter((s) => s.file === "GameUserSettings.ini"),
    );
  });

  it("reads untrusted content without throwing, skipping what is malformed and any secret", () => {
    const read = readDocumentConfig({
      [GAME_KEY]: 7,
      [SETTINGS_KEY]: [
        { File: "game.ini", Section: "S", Key: "A", Value: "1" },
        { File: "other.ini", Section: "S", Key: "B", Value: "1" },
        { File: "Game.ini", Section: "S", Key: "C", Value: 1 },
        "x",
        { File: "GameUserSettings.ini", Section: "ServerSettings", Key: "ServerPassword", Value: "p" },
      ],
    });
    expect(read.game).toBe("ase");
    expect(read.settings).toEqual([{ file: "Game.ini", section: "S", key: "A", value: "1" }]);
    expect(read.problems).toHaveLength(5);
    expect(readDocumentConfig({ [SETTINGS_KEY]: "no" }).problems).toHaveLength(1);
    expect(readDocumentConfig(null).settings).toEqual([]);
  });
});
