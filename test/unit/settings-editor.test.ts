// The settings editor's model (lib/server-config/settings-editor.ts): groups generated
// from the option table per game, a group's form checked and applied all or nothing,
// reset and empty fields back to the default, repeatable keys one value a line, custom
// lines kept, and the per-group summary the document page shows.
import { describe, expect, it } from "vitest";
import type { ConfigSetting } from "@/lib/server-config/import-ini";
import { allOptions, inGame } from "@/lib/server-config/options";
import {
  applyGroupForm,
  checkValue,
  CUSTOM_GROUP,
  customFieldName,
  editorGroups,
  fieldName,
  fieldViews,
  leftOutFor,
  settingsSummary,
  type EditorGroup,
} from "@/lib/server-config/settings-editor";

const MODE = "/script/shootergame.shootergamemode";
const group = (id: string, game: "ase" | "asa" = "ase"): EditorGroup => editorGroups(game).find((g) => g.id === id)!;
const optionOf = (g: EditorGroup, key: string) => g.options.find((o) => o.key === key)!;
const nameOf = (g: EditorGroup, key: string) => fieldName(optionOf(g, key));

describe("settings editor", () => {
  it("offers each game only the keys the table marks for it, and lists what an ASA document leaves out", () => {
    for (const game of ["ase", "asa"] as const) {
      const offered = editorGroups(game).flatMap((g) => g.options);
      expect(offered.length).toBeGreaterThan(300);
      expect(offered.every((o) => inGame(o, game))).toBe(true);
      expect(offered.every((o) => o.file === "Game.ini" || o.file === "GameUserSettings.ini")).toBe(true);
      expect(offered.some((o) => /password/i.test(o.key))).toBe(false);
    }
    const leftOut = leftOutFor("asa");
    expect(leftOut.length).toBeGreaterThan(0);
    expect(leftOut.every((o) => o.game === "ase")).toBe(true);
    expect(leftOut.map((o) => o.key)).not.toContain("MatingIntervalMultiplier");
    // the groups an admin knows come first, custom lines last
    const ids = editorGroups("ase").map((g) => g.id);
    expect(ids.slice(0, 3)).toEqual(["breeding", "day-night", "difficulty"]);
    expect(ids.at(-1)).toBe(CUSTOM_GROUP);
    expect(allOptions().filter((o) => o.group === "breeding" && inGame(o, "ase")).length).toBeGreaterThan(0);
  });

  it("sets a value in its file and section, shows the default and marks it changed; an equal value is not a change", () => {
    const breeding = group("breeding");
    const applied = applyGroupForm([], breeding, { [nameOf(breeding, "MatingIntervalMultiplier")]: "0.25" });
    expect(applied).toMatchObject({ ok: true, changed: 1 });
    if (!applied.ok) return;
    expect(applied.settings).toEqual([
      { file: "Game.ini", section: MODE, key: "MatingIntervalMultiplier", value: "0.25" },
    ]);
    const view = fieldViews(breeding, applied.settings, "ase").find(
      (v) => v.option.key === "MatingIntervalMultiplier",
    )!;
    expect(view).toMatchObject({ value: "0.25", default: "1.0", changed: true });
    const same = fieldViews(breeding, [{ ...applied.settings[0]!, value: "1" }], "ase").find(
      (v) => v.option.key === "MatingIntervalMultiplier",
    )!;
    expect(same.changed).toBe(false);
  });

  it("refuses a value of the wrong type or out of range and changes nothing", () => {
    const breeding = group("breeding");
    const before: ConfigSetting[] = [{ file: "Game.ini", section: MODE, key: "MatingIntervalMultiplier", value: "2" }];
    const bad = applyGroupForm(before, breeding, {
      [nameOf(breeding, "MatingIntervalMultiplier")]: "fast",
      [nameOf(breeding, "EggHatchSpeedMultiplier")]: "3",
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors[nameOf(breeding, "MatingIntervalMultiplier")]).toBe("MatingIntervalMultiplier must be a number.");
    const ranged = allOptions().find((o) => o.key === "SupplyCrateLootQualityMultiplier")!;
    expect(checkValue(ranged, "6")).toEqual({ error: "must be at most 5" });
    expect(checkValue(ranged, "0.5")).toEqual({ error: "must be at least 1" });
    expect(checkValue(ranged, "2.5")).toEqual({ value: "2.5" });
    const bool = allOptions().find((o) => o.key === "bAllowUnlimitedRespecs")!;
    expect(checkValue(bool, "true")).toEqual({ value: "True" });
    expect(checkValue(bool, "yes")).toEqual({ error: "must be True or False" });
    const int = allOptions().find((o) => o.key === "OverrideMaxExperiencePointsPlayer")!;
    expect(checkValue(int, "1.5")).toEqual({ error: "must be a whole number" });
  });

  it("an emptied field and a reset go back to the default; a changed value keeps its line's place and spelling", () => {
    const breeding = group("breeding");
    const mating = nameOf(breeding, "MatingIntervalMultiplier");
    const hatch = nameOf(breeding, "EggHatchSpeedMultiplier");
    const settings: ConfigSetting[] = [
      { file: "Game.ini", section: "/Script/ShooterGame.ShooterGameMode", key: "matingintervalmultiplier", value: "2" },
      { file: "Game.ini", section: MODE, key: "SomethingElse", value: "x" },
      { file: "Game.ini", section: MODE, key: "EggHatchSpeedMultiplier", value: "3" },
    ];
    const changed = applyGroupForm(settings, breeding, { [mating]: "0.5" });
    expect(changed.ok && changed.settings[0]).toEqual({ ...settings[0]!, value: "0.5" });
    const emptied = applyGroupForm(settings, breeding, { [mating]: "" });
    expect(emptied.ok && emptied.settings.map((s) => s.key)).toEqual(["SomethingElse", "EggHatchSpeedMultiplier"]);
    const reset = applyGroupForm(settings, breeding, { reset: hatch, [mating]: "4" });
    expect(reset.ok && reset.settings.map((s) => `${s.key}=${s.value}`)).toEqual([
      "matingintervalmultiplier=4",
      "SomethingElse=x",
    ]);
  });

  it("a repeatable key takes one value a line, in order", () => {
    const stacks = group("stacks");
    const name = nameOf(stacks, "ConfigOverrideItemMaxQuantity");
    const lines = [
      '(ItemClassString="PrimalItemResource_Stone_C",Quantity=(MaxItemQuantity=1000,bIgnoreMultiplier=true))',
      '(ItemClassString="PrimalItemResource_Wood_C",Quantity=(MaxItemQuantity=500,bIgnoreMultiplier=true))',
    ];
    const applied = applyGroupForm([], stacks, { [name]: `${lines[0]}\r\n\r\n${lines[1]}\n` });
    expect(applied.ok && applied.settings.map((s) => s.value)).toEqual(lines);
  });

  it("custom lines: unknown keys kept as written, a known key typed there becomes its setting, a password never", () => {
    const custom = group(CUSTOM_GROUP);
    const settings: ConfigSetting[] = [
      { file: "GameUserSettings.ini", section: "ServerSettings", key: "MyModSetting", value: "1" },
      { file: "Game.ini", section: MODE, key: "MatingIntervalMultiplier", value: "0.5" },
    ];
    const applied = applyGroupForm(settings, custom, {
      [customFieldName("GameUserSettings.ini")]:
        "[ServerSettings]\nMyModSetting=2\nDifficultyOffset=0.8\nServerAdminPassword=hunter2\n[MyMod]\nX=(a=1,b=2)\n",
    });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.secretsLeftOut).toEqual(["ServerAdminPassword"]);
    expect(applied.settings.map((s) => `${s.file} ${s.key}=${s.value}`)).toEqual([
      "Game.ini MatingIntervalMultiplier=0.5",
      "GameUserSettings.ini DifficultyOffset=0.8",
      "GameUserSettings.ini MyModSetting=2",
      "GameUserSettings.ini X=(a=1,b=2)",
    ]);
    const refused = applyGroupForm(settings, custom, {
      [customFieldName("GameUserSettings.ini")]: "[ServerSettings]\nDifficultyOffset=hard\n",
    });
    expect(refused).toEqual({
      ok: false,
      errors: { [customFieldName("GameUserSettings.ini")]: "DifficultyOffset must be a number." },
    });
  });

  it("summarises by group what differs from the defaults, custom lines and keys of the other game", () => {
    const summary = settingsSummary(
      [
        { file: "Game.ini", section: MODE, key: "MatingIntervalMultiplier", value: "0.25" },
        { file: "Game.ini", section: MODE, key: "EggHatchSpeedMultiplier", value: "1.0" },
        { file: "GameUserSettings.ini", section: "ServerSettings", key: "MyModSetting", value: "1" },
        ...leftOutFor("asa")
          .filter((o) => o.file !== "Game.ini" || o.type !== "array/struct")
          .slice(0, 1)
          .map((o) => ({ file: o.file as "Game.ini", section: o.section, key: o.key, value: "1" })),
      ],
      "asa",
    );
    expect(summary.find((g) => g.id === "breeding")).toEqual({
      id: "breeding",
      label: "Breeding and imprinting",
      set: 2,
      differ: [{ key: "MatingIntervalMultiplier", value: "0.25", default: "1.0" }],
    });
    expect(summary.find((g) => g.id === CUSTOM_GROUP)?.differ).toEqual([{ key: "MyModSetting", value: "1" }]);
    expect(summary.find((g) => g.id === "other-game")?.set).toBe(1);
  });
});

describe("a diff of two contents speaks settings", () => {
  it("names each key changed, set or removed, and the game, instead of the array's JSON", async () => {
    const { diffContents, readDiffSide } = await import("@/lib/documents/diff/document-diff");
    const content = (game: string, settings: [string, string][]) =>
      new TextEncoder().encode(
        JSON.stringify({
          Identifier: "00000000-0000-4000-8000-000000000001",
          Title: "T",
          Options: { X: 1 },
          HubGame: game,
          HubConfigSettings: settings.map(([Key, Value]) => ({ File: "Game.ini", Section: MODE, Key, Value })),
        }),
      );
    const a = readDiffSide(
      content("ASE", [
        ["MatingIntervalMultiplier", "1.0"],
        ["XPMultiplier", "2"],
        ["ConfigOverrideItemMaxQuantity", "(a)"],
      ]),
    );
    const b = readDiffSide(
      content("ASA", [
        ["matingintervalmultiplier", "0.25"],
        ["ConfigOverrideItemMaxQuantity", "(a)"],
        ["ConfigOverrideItemMaxQuantity", "(b)"],
        ["BabyCuddleIntervalMultiplier", "0.5"],
      ]),
    );
    const diff = diffContents(a, b);
    expect(diff.format).toBe("json");
    expect(diff.json.map((c) => c.text)).toEqual([
      "Game: ASE → ASA",
      "matingintervalmultiplier: 1.0 → 0.25",
      "ConfigOverrideItemMaxQuantity: (a) → (a) | (b)",
      "BabyCuddleIntervalMultiplier set to 0.5 (Game.ini)",
      "XPMultiplier removed: back to the game's default (was 2)",
    ]);
  });
});
