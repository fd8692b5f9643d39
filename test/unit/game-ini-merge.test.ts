/** Merging a loot document's lines into an existing Game.ini (lib/loot/game-ini-merge). */
import { describe, expect, it } from "vitest";
import { crateOfLine, mergeGameIni } from "@/lib/loot/game-ini-merge";

const line = (crate: string, body = "x") =>
  `ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="${crate}",MinItemSets=1,ItemSets=(${body}))`;
const doc = [
  { crate: "SupplyCrate_Level03_C", line: line("SupplyCrate_Level03_C", "new3") },
  { crate: "SupplyCrate_Level15_C", line: line("SupplyCrate_Level15_C", "new15") },
];

describe("mergeGameIni", () => {
  it("replaces the document's crates in place, keeps other crates, keys, comments and sections byte for byte (CRLF)", () => {
    const ini = [
      "[/Script/ShooterGame.ShooterGameUserSettings]",
      "MasterAudioVolume=1.000000",
      "",
      "[/script/shootergame.shootergamemode]",
      "; loot below",
      "bDisableStructurePlacementCollision=True",
      line("SupplyCrate_Level03_C", "old3"),
      line("SupplyCrate_Cave_QualityTier1_C", "cave"),
      "MatingIntervalMultiplier=0.5",
      "",
      "[MessageOfTheDay]",
      "Message=Welcome",
      "",
    ].join("\r\n");
    const merged = mergeGameIni(ini, doc);
    expect(merged).toBe(
      [
        "[/Script/ShooterGame.ShooterGameUserSettings]",
        "MasterAudioVolume=1.000000",
        "",
        "[/script/shootergame.shootergamemode]",
        "; loot below",
        "bDisableStructurePlacementCollision=True",
        line("SupplyCrate_Level03_C", "new3"),
        line("SupplyCrate_Cave_QualityTier1_C", "cave"),
        "MatingIntervalMultiplier=0.5",
        line("SupplyCrate_Level15_C", "new15"),
        "",
        "[MessageOfTheDay]",
        "Message=Welcome",
        "",
      ].join("\r\n"),
    );
  });

  it("matches the section and the key in any case, and crate names case-insensitively", () => {
    const ini =
      '[/SCRIPT/ShooterGame.ShooterGameMode]\nconfigoverridesupplycrateitems = (supplycrateclassstring="supplycrate_level03_c",ItemSets=())\n';
    expect(mergeGameIni(ini, doc)).toBe(`[/SCRIPT/ShooterGame.ShooterGameMode]\n${doc[0]!.line}\n${doc[1]!.line}\n`);
  });

  it("handles a duplicated section: replaces wherever the crate stands, drops its repeats, appends to the last occurrence", () => {
    const ini = [
      "[/script/shootergame.shootergamemode]",
      line("SupplyCrate_Level03_C", "a"),
      "[ServerSettings]",
      "ServerPassword=secret",
      "[/script/shootergame.shootergamemode]",
      line("SupplyCrate_Level03_C", "b"),
      "XPMultiplier=2",
      "",
    ].join("\n");
    expect(mergeGameIni(ini, doc)).toBe(
      [
        "[/script/shootergame.shootergamemode]",
        doc[0]!.line,
        "[ServerSettings]",
        "ServerPassword=secret",
        "[/script/shootergame.shootergamemode]",
        "XPMultiplier=2",
        doc[1]!.line,
        "",
      ].join("\n"),
    );
  });

  it("leaves crate lines outside the section alone", () => {
    const ini = `[ServerSettings]\n${line("SupplyCrate_Level03_C", "elsewhere")}\n`;
    expect(mergeGameIni(ini, doc)).toBe(
      `${ini}\n[/script/shootergame.shootergamemode]\n${doc[0]!.line}\n${doc[1]!.line}\n`,
    );
  });

  it("adds the section to a file without it, or to an empty file, and keeps a BOM and a missing final newline", () => {
    expect(mergeGameIni("", doc)).toBe(`[/script/shootergame.shootergamemode]\n${doc[0]!.line}\n${doc[1]!.line}\n`);
    expect(mergeGameIni("\uFEFF[ServerSettings]\r\nX=1", doc)).toBe(
      `\uFEFF[ServerSettings]\r\nX=1\r\n\r\n[/script/shootergame.shootergamemode]\r\n${doc[0]!.line}\r\n${doc[1]!.line}\r\n`,
    );
    expect(mergeGameIni(`[/script/shootergame.shootergamemode]\nX=1`, doc)).toBe(
      `[/script/shootergame.shootergamemode]\nX=1\n${doc[0]!.line}\n${doc[1]!.line}`,
    );
  });

  it("changes nothing when the document has no sources", () => {
    const ini = "[/script/shootergame.shootergamemode]\r\n" + line("A_C") + "\r\n; end";
    expect(mergeGameIni(ini, [])).toBe(ini);
  });

  it("reads the crate of a line and nothing else", () => {
    expect(crateOfLine(line("SupplyCrate_Level03_C"))).toBe("supplycrate_level03_c");
    expect(crateOfLine('ConfigOverrideItemMaxQuantity=(ItemClassString="X")')).toBeUndefined();
    expect(crateOfLine('; ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="A_C")')).toBeUndefined();
  });
});

// Fidelity with literal bytes: every expected file below is written out by hand, never
// computed by the merge, and every line the merge does not replace keeps its exact bytes.
describe("mergeGameIni keeps the bytes of the lines it does not replace", () => {
  const NEW3 = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))';
  const NEW15 = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))';
  const both = [
    { crate: "SupplyCrate_Level03_C", line: NEW3 },
    { crate: "SupplyCrate_Level15_C", line: NEW15 },
  ];

  it("mixed line endings: each kept line keeps its own; the replaced line keeps its; new lines take the most common (CRLF)", () => {
    const ini =
      "[ServerSettings]\r\nA=1\nB=2\r\n[/script/shootergame.shootergamemode]\nX=1\r\n" +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))\nY=2\r\n';
    expect(mergeGameIni(ini, both)).toBe(
      "[ServerSettings]\r\nA=1\nB=2\r\n[/script/shootergame.shootergamemode]\nX=1\r\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\nY=2\r\n' +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))\r\n',
    );
  });

  it("trailing spaces and tabs stay on kept lines, leading ones too; a missing final newline stays missing", () => {
    const ini =
      "[/script/shootergame.shootergamemode] \t\nKey=1  \n\t; comment\t\n  " +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))   \n' +
      "Z=3 \t";
    expect(mergeGameIni(ini, both)).toBe(
      "[/script/shootergame.shootergamemode] \t\nKey=1  \n\t; comment\t\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\n' +
        "Z=3 \t\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))',
    );
  });

  it("a lone CR ends a line (files saved with old Mac line endings), and a lone CR among CRLF lines too", () => {
    const ini =
      "[ServerSettings]\rA=1\r[/script/shootergame.shootergamemode]\r" +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))\rY=2\r';
    expect(mergeGameIni(ini, both)).toBe(
      "[ServerSettings]\rA=1\r[/script/shootergame.shootergamemode]\r" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\rY=2\r' +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))\r',
    );
    const crlf =
      "[MessageOfTheDay]\r\nMessage=a\rb\r\n[/script/shootergame.shootergamemode]\r\n" +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))\r\n';
    expect(mergeGameIni(crlf, both.slice(0, 1))).toBe(
      "[MessageOfTheDay]\r\nMessage=a\rb\r\n[/script/shootergame.shootergamemode]\r\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\r\n',
    );
  });

  it("a replaced last line without a final newline stays without one", () => {
    const ini =
      "[/script/shootergame.shootergamemode]\r\n" +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))';
    expect(mergeGameIni(ini, both.slice(0, 1))).toBe(
      "[/script/shootergame.shootergamemode]\r\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))',
    );
    expect(mergeGameIni(ini, both)).toBe(
      "[/script/shootergame.shootergamemode]\r\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\r\n' +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))',
    );
  });

  it("a BOM before the section's header: the header is found and the BOM kept", () => {
    const ini =
      "\uFEFF[/script/shootergame.shootergamemode]\r\n" +
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))\r\n';
    expect(mergeGameIni(ini, both)).toBe(
      "\uFEFF[/script/shootergame.shootergamemode]\r\n" +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(new3))\r\n' +
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(new15))\r\n',
    );
  });
});

// More edges, each expected file written out byte for byte.
describe("mergeGameIni at the edges", () => {
  const S = "[/script/shootergame.shootergamemode]";
  const OLD3 = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(old))';
  const A = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(a))';
  const B = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=(b))';
  const C15 = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=(c))';
  const three = [{ crate: "SupplyCrate_Level03_C", line: A }];
  const fifteen = [{ crate: "SupplyCrate_Level15_C", line: C15 }];

  it("recognises only whole header lines: any case and spaces inside the brackets, nothing before or after them", () => {
    expect(mergeGameIni(`[ServerSettings]\nx${S}\n${OLD3}\n`, three)).toBe(
      `[ServerSettings]\nx${S}\n${OLD3}\n\n${S}\n${A}\n`,
    );
    expect(mergeGameIni(`[ServerSettings]\n${S} x\n${OLD3}\n`, three)).toBe(
      `[ServerSettings]\n${S} x\n${OLD3}\n\n${S}\n${A}\n`,
    );
    expect(mergeGameIni(`[ServerSettings]\n[/script/\uFEFFshootergame.shootergamemode]\n${OLD3}\n`, three)).toBe(
      `[ServerSettings]\n[/script/\uFEFFshootergame.shootergamemode]\n${OLD3}\n\n${S}\n${A}\n`,
    );
    expect(mergeGameIni(`[ /Script/ShooterGame.ShooterGameMode ]\n${OLD3}\n`, three)).toBe(
      `[ /Script/ShooterGame.ShooterGameMode ]\n${A}\n`,
    );
  });

  it("leaves a crate line before any header alone", () => {
    expect(mergeGameIni(`${OLD3}\n${S}\n`, three)).toBe(`${OLD3}\n${S}\n${A}\n`);
  });

  it("puts every line the document has for one crate where the old line stood, the last with its ending", () => {
    const both = [
      { crate: "SupplyCrate_Level03_C", line: A },
      { crate: "supplycrate_level03_c", line: B },
    ];
    expect(mergeGameIni(`${S}\r\n${OLD3}\r\nX=1\n`, both)).toBe(`${S}\r\n${A}\r\n${B}\r\nX=1\n`);
    expect(mergeGameIni(`${S}\n${OLD3}`, both)).toBe(`${S}\n${A}\n${B}`);
  });

  it("new lines take the line ending most lines have, not the first one seen", () => {
    expect(mergeGameIni("[A]\r\nX=1\nY=2\nZ=3\n", fifteen)).toBe(`[A]\r\nX=1\nY=2\nZ=3\n\n${S}\n${C15}\n`);
    expect(mergeGameIni("[A]\nX=1\r\nY=2\r\nZ=3\r\n", fifteen)).toBe(
      `[A]\nX=1\r\nY=2\r\nZ=3\r\n\r\n${S}\r\n${C15}\r\n`,
    );
  });

  it("a one-line file without a line break gets LF lines after it", () => {
    expect(mergeGameIni("[ServerSettings]", fifteen)).toBe(`[ServerSettings]\n\n${S}\n${C15}\n`);
  });

  it("adds the section after a file's last line: its missing break added, no blank line doubled, its own break kept", () => {
    expect(mergeGameIni("A=1\nB=2\nC=3", fifteen)).toBe(`A=1\nB=2\nC=3\n\n${S}\n${C15}\n`);
    expect(mergeGameIni("A=1\nB=2\n  \n", fifteen)).toBe(`A=1\nB=2\n  \n${S}\n${C15}\n`);
    expect(mergeGameIni("A=1\nB=2\nC=3\r", fifteen)).toBe(`A=1\nB=2\nC=3\r\n${S}\n${C15}\n`);
  });

  it("adds missing crates after the section's last line that is not blank, even when that is its header", () => {
    expect(mergeGameIni(`${S}\n[Other]\nB=1\n`, fifteen)).toBe(`${S}\n${C15}\n[Other]\nB=1\n`);
    expect(mergeGameIni(`${S}\nX=1\n   \n\n[Other]\n`, fifteen)).toBe(`${S}\nX=1\n${C15}\n   \n\n[Other]\n`);
  });

  it("keeps the ending of the section's last line when crates go after it", () => {
    expect(mergeGameIni(`[A]\nX=1\nY=2\n${S}\r\nK=1\r\n`, fifteen)).toBe(`[A]\nX=1\nY=2\n${S}\r\nK=1\r\n${C15}\n`);
  });
});
