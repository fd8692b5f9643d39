// The dye colour table (prisma/seed/dye-colors.csv) and the colour builder's commands
// (lib/spawn/colour-command.ts), docs/PORTAL.md#dye-colours.
import { describe, expect, it } from "vitest";
import { dyeColours, parseDyeColours } from "@/lib/catalogue/dye-colours";
import {
  checkColourView,
  colourCommand,
  colourCommands,
  colourViewQuery,
  DEFAULT_COLOUR_VIEW,
  oneLine,
  parseColourView,
} from "@/lib/spawn/colour-command";

describe("the shipped dye colours", () => {
  const colours = dyeColours();

  it("has 227 colours with unique ids, in id order, as the sources give them", () => {
    expect(colours).toHaveLength(227);
    expect(new Set(colours.map((c) => c.id)).size).toBe(227);
    expect(colours.map((c) => c.id)).toEqual([...colours.map((c) => c.id)].sort((a, b) => a - b));
    expect(colours[0]).toEqual({ id: 1, name: "Red", hex: "#FF0000" });
    expect(colours.find((c) => c.id === 94)).toEqual({ id: 94, name: "Teal", hex: "#14849C" });
    expect(colours.find((c) => c.id === 128)).toEqual({ id: 128, name: "Burn Coloring", hex: "#330000" });
    expect(colours.at(-1)).toEqual({ id: 254, name: "Bubblegum Coloring", hex: null });
  });

  it("leaves the 28 colours the sources give no hex without one (ids 227-254), never a guess", () => {
    const unknown = colours.filter((c) => c.hex === null).map((c) => c.id);
    expect(unknown).toEqual(Array.from({ length: 28 }, (_, i) => 227 + i));
    expect(colours.filter((c) => c.hex !== null).every((c) => /^#[0-9A-F]{6}$/.test(c.hex!))).toBe(true);
  });

  it("refuses a file with a wrong header, a duplicate or out-of-range id, an empty name or a bad hex", () => {
    expect(() => parseDyeColours("id,name\n1,Red\n")).toThrow(/header/);
    expect(() => parseDyeColours("id,name,hex\n1,Red,#FF0000\n1,Blue,#0000FF\n")).toThrow(/line 3: id 1 twice/);
    expect(() => parseDyeColours("id,name,hex\n256,Red,#FF0000\n")).toThrow(/line 2: id "256"/);
    expect(() => parseDyeColours("id,name,hex\n0,Red,#FF0000\n")).toThrow(/id "0"/);
    expect(() => parseDyeColours("id,name,hex\n1, ,#FF0000\n")).toThrow(/no name/);
    expect(() => parseDyeColours("id,name,hex\n1,Red,red\n")).toThrow(/not #RRGGBB/);
    expect(parseDyeColours("id,name,hex\r\n7,Cyan,#00ffff\r\n8,Haze,\r\n")).toEqual([
      { id: 7, name: "Cyan", hex: "#00FFFF" },
      { id: 8, name: "Haze", hex: null },
    ]);
  });
});

describe("the colour builder's commands", () => {
  const known = new Set(dyeColours().map((c) => c.id));
  const isColour = (id: number) => known.has(id);

  it("writes SetTargetDinoColor <region> <id> with the prefix", () => {
    expect(colourCommand(0, 1, "cheat")).toBe("cheat SetTargetDinoColor 0 1");
    expect(colourCommand(5, 226, "admincheat")).toBe("admincheat SetTargetDinoColor 5 226");
  });

  it("gives one command per region with a colour, in region order, and all of them on one line", () => {
    const view = parseColourView({ r3: "94", r0: "1", r5: "254", prefix: "admincheat" });
    const { choices, errors } = checkColourView(view, isColour);
    expect(errors).toEqual({});
    expect(choices).toEqual([
      { region: 0, colour: 1 },
      { region: 3, colour: 94 },
      { region: 5, colour: 254 },
    ]);
    const commands = colourCommands(choices, view.prefix);
    expect(commands).toEqual([
      "admincheat SetTargetDinoColor 0 1",
      "admincheat SetTargetDinoColor 3 94",
      "admincheat SetTargetDinoColor 5 254",
    ]);
    expect(oneLine(commands)).toBe(
      "admincheat SetTargetDinoColor 0 1 | admincheat SetTargetDinoColor 3 94 | admincheat SetTargetDinoColor 5 254",
    );
  });

  it("paints all six regions at once", () => {
    const view = parseColourView(new URLSearchParams("r0=1&r1=2&r2=3&r3=4&r4=5&r5=6"));
    const commands = colourCommands(checkColourView(view, isColour).choices, view.prefix);
    expect(commands).toEqual([0, 1, 2, 3, 4, 5].map((r) => `cheat SetTargetDinoColor ${r} ${r + 1}`));
  });

  it("says what is wrong with an id instead of writing a command for it", () => {
    const view = parseColourView({ r0: "1", r1: "300", r2: "blue", r4: "101", r6: "5" });
    const { choices, errors } = checkColourView(view, isColour);
    expect(choices).toEqual([{ region: 0, colour: 1 }]);
    expect(errors).toEqual({
      1: "Region 1: no dye colour has id 300 (see the table).",
      2: "Region 2: “blue” is not a colour id; ids are whole numbers.",
      4: "Region 4: no dye colour has id 101 (see the table).",
    });
  });

  it("keeps the view in the URL: only chosen regions and a prefix other than cheat; unknown values fall back", () => {
    expect(parseColourView({})).toEqual(DEFAULT_COLOUR_VIEW);
    expect(colourViewQuery(DEFAULT_COLOUR_VIEW)).toBe("");
    const view = parseColourView({ r1: " 12 ", r4: ["44", "45"], prefix: "sudo" });
    expect(view).toEqual({ regions: ["", "12", "", "", "44", ""], prefix: "cheat" });
    expect(colourViewQuery(view)).toBe("?r1=12&r4=44");
    const admin = { ...view, prefix: "admincheat" as const };
    expect(parseColourView(new URLSearchParams(colourViewQuery(admin)))).toEqual(admin);
  });
});
