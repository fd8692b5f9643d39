/**
 * The game's dye colours, shipped as data (prisma/seed/dye-colors.csv, 227 rows: id,
 * name, hex; where it comes from: docs/CATALOGUE.md#the-files-prismaseed). The ids are what
 * `SetTargetDinoColor <region> <id>` takes. 28 colours (ids 227-254) have a name and no
 * known hex: they have no swatch, never a guessed one. Read once per process; the file is
 * part of the release, not of the database, so an operator does not edit it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCsv } from "@/lib/csv/parse-csv";

export interface DyeColour {
  id: number;
  name: string;
  /** `#RRGGBB`, or null where the sources give none */
  hex: string | null;
}

export const DYE_COLOURS_FILE = "prisma/seed/dye-colors.csv";

/** The game stores a colour id in a byte; 0 is "no colour". */
export const MAX_COLOUR_ID = 255;

/** The rows of the shipped file, checked: a bad file fails loudly (it is ours, so a test catches it first). */
export function parseDyeColours(text: string): DyeColour[] {
  const [header, ...records] = parseCsv(text);
  if (header?.fields.join(",") !== "id,name,hex") throw new Error("dye colours: the header must be id,name,hex");
  const seen = new Set<number>();
  return records.map(({ line, fields }) => {
    const [idText = "", name = "", hex = ""] = fields;
    const id = Number(idText);
    if (!/^\d+$/.test(idText) || id < 1 || id > MAX_COLOUR_ID)
      throw new Error(`dye colours line ${line}: id ${JSON.stringify(idText)} is not 1-${MAX_COLOUR_ID}`);
    if (seen.has(id)) throw new Error(`dye colours line ${line}: id ${id} twice`);
    seen.add(id);
    if (name.trim() === "") throw new Error(`dye colours line ${line}: no name`);
    if (hex !== "" && !/^#[0-9A-Fa-f]{6}$/.test(hex))
      throw new Error(`dye colours line ${line}: hex ${JSON.stringify(hex)} is not #RRGGBB`);
    return { id, name: name.trim(), hex: hex === "" ? null : hex.toUpperCase() };
  });
}

let shipped: readonly DyeColour[] | undefined;

/** The shipped colours in id order (the server runs from the repository's root, as it does for the base catalogue). */
export function dyeColours(): readonly DyeColour[] {
  shipped ??= parseDyeColours(readFileSync(join(process.cwd(), DYE_COLOURS_FILE), "utf8")).sort((a, b) => a.id - b.id);
  return shipped;
}
