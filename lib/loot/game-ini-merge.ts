/**
 * Merging a loot document's lines into the Game.ini a server already runs: every line
 * outside `[/script/shootergame.shootergamemode]` is kept byte for byte (comments,
 * other sections, line endings, a BOM); inside that section (any case, however many
 * times it appears) the `ConfigOverrideSupplyCrateItems` line of each crate the
 * document defines is replaced where it stands (further lines for the same crate are
 * dropped: the game would take only one), other crates' lines and other keys stay in
 * place, and crates the file lacks are appended to the section's last occurrence. A
 * file without the section gets it at the end. New lines use the file's line ending.
 */
import { splitLines, usualEnding } from "@/lib/server-config/ini";
import { GAME_INI_SECTION, SUPPLY_CRATE_KEY, type CrateLine } from "./game-ini";

interface Line {
  text: string;
  /** "\r\n", "\n", "\r" or "" (the last line without one) */
  end: string;
}

const SECTION_NAME = GAME_INI_SECTION.slice(1, -1).toLowerCase();
const header = (text: string) => /^\s*\[([^\]]*)\]\s*$/.exec(text.replace(/^\uFEFF/, ""))?.[1];
const CRATE_LINE = new RegExp(`^\\s*${SUPPLY_CRATE_KEY}\\s*=.*?SupplyCrateClassString\\s*=\\s*"([^"]*)"`, "i");

/** The crate a ConfigOverrideSupplyCrateItems line overrides, lowercase; undefined for other lines. */
export function crateOfLine(text: string): string | undefined {
  return CRATE_LINE.exec(text)?.[1]?.toLowerCase();
}

export function mergeGameIni(existing: string, crates: CrateLine[]): string {
  const lines = splitLines(existing);
  const eol = usualEnding(lines);
  const byCrate = new Map<string, string[]>();
  for (const c of crates) byCrate.set(c.crate.toLowerCase(), [...(byCrate.get(c.crate.toLowerCase()) ?? []), c.line]);
  const placed = new Set<string>();
  const out: Line[] = [];
  let inSection = false;
  /** index in `out` after the last non-blank line of the section's last occurrence */
  let sectionEnd = -1;
  for (const line of lines) {
    const name = header(line.text);
    if (name !== undefined) inSection = name.trim().toLowerCase() === SECTION_NAME;
    const crate = inSection && name === undefined ? crateOfLine(line.text) : undefined;
    const replacement = crate === undefined ? undefined : byCrate.get(crate);
    if (crate !== undefined && replacement) {
      if (!placed.has(crate)) {
        placed.add(crate);
        // The replaced line's ending goes to the last line put in its place: a file that
        // ended without a line break still does.
        replacement.forEach((text, i) => out.push({ text, end: i === replacement.length - 1 ? line.end : eol }));
      }
    } else {
      out.push(line);
    }
    if (inSection && (name !== undefined || line.text.trim() !== "")) sectionEnd = out.length;
  }
  const missing = crates.filter((c) => !placed.has(c.crate.toLowerCase())).map((c) => c.line);
  if (missing.length === 0) return join(out);
  if (sectionEnd < 0) {
    if (out.length > 0 && out.at(-1)!.end === "") out.at(-1)!.end = eol;
    if (out.length > 0 && out.at(-1)!.text.trim() !== "") out.push({ text: "", end: eol });
    out.push({ text: GAME_INI_SECTION, end: eol });
    for (const text of missing) out.push({ text, end: eol });
    return join(out);
  }
  const before = out[sectionEnd - 1]!;
  const tailEnd = before.end;
  if (tailEnd === "") before.end = eol;
  out.splice(
    sectionEnd,
    0,
    ...missing.map((text, i) => ({ text, end: i === missing.length - 1 && tailEnd === "" ? "" : eol })),
  );
  return join(out);
}

const join = (lines: Line[]) => lines.map((l) => l.text + l.end).join("");
