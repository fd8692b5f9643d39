/**
 * Writing a document's settings into the admin's own ini file. Every line the document
 * does not set stays byte for byte (order, comments, blank lines, line endings, a BOM,
 * unknown sections and keys). A key the document sets (same section and key, case
 * ignored, `[i]` index part of the key) is written where the file first has it; the
 * file's further lines for that key are dropped, so each key stands once (a repeatable
 * key's lines stand together in the document's order). Keys the file lacks go after the
 * last setting of their section's last occurrence; sections the file lacks go at the end.
 * New lines use the file's usual line ending.
 */
import { parseIni, usualEnding, type IniLine, type IniSetting } from "./ini";

const idOf = (section: string, key: string) =>
  `${section.trim().toLowerCase()}\u0000${key.replace(/\s+/g, "").toLowerCase()}`;

interface Out {
  text: string;
  end: string;
}

export function mergeIni(existing: string, settings: readonly Pick<IniSetting, "section" | "key" | "value">[]): string {
  const lines = parseIni(existing);
  const eol = usualEnding(lines);
  // the document's lines per key, and the keys of each section in first-seen order
  const byId = new Map<string, string[]>();
  const sectionKeys = new Map<string, { name: string; ids: string[] }>();
  for (const s of settings) {
    const id = idOf(s.section, s.key);
    if (!byId.has(id)) {
      byId.set(id, []);
      const sec = s.section.trim().toLowerCase();
      const entry = sectionKeys.get(sec) ?? { name: s.section.trim(), ids: [] };
      entry.ids.push(id);
      sectionKeys.set(sec, entry);
    }
    byId.get(id)!.push(`${s.key}=${s.value}`);
  }
  const placed = new Set<string>();
  const out: Out[] = [];
  /** per section (lower case): index in `out` after its last header or setting line */
  const sectionEnd = new Map<string, number>();
  lines.forEach((line: IniLine) => {
    const id = line.kind === "setting" ? idOf(line.section, line.key!) : undefined;
    const mine = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && mine) {
      if (!placed.has(id)) {
        placed.add(id);
        // the replaced line's ending goes to the last new line: a file that ended without a break still does
        mine.forEach((text, i) => out.push({ text, end: i === mine.length - 1 ? line.end : eol }));
      }
    } else {
      out.push({ text: line.text, end: line.end });
    }
    if (line.kind === "section" || line.kind === "setting") sectionEnd.set(line.section.toLowerCase(), out.length);
  });
  // insert missing keys from the back so earlier indices stay valid
  const inserts: { at: number; texts: string[] }[] = [];
  const newSections: { name: string; texts: string[] }[] = [];
  for (const [sec, { name, ids }] of sectionKeys) {
    const texts = ids.filter((id) => !placed.has(id)).flatMap((id) => byId.get(id)!);
    if (texts.length === 0) continue;
    const at = sectionEnd.get(sec);
    if (at === undefined) newSections.push({ name, texts });
    else inserts.push({ at, texts });
  }
  for (const { at, texts } of inserts.sort((a, b) => b.at - a.at)) {
    const before = out[at - 1]!;
    const tailEnd = before.end;
    if (tailEnd === "") before.end = eol;
    out.splice(at, 0, ...texts.map((text, i) => ({ text, end: i === texts.length - 1 && tailEnd === "" ? "" : eol })));
  }
  for (const { name, texts } of newSections) {
    if (out.length > 0 && out.at(-1)!.end === "") out.at(-1)!.end = eol;
    if (out.length > 0 && out.at(-1)!.text.trim() !== "") out.push({ text: "", end: eol });
    out.push({ text: `[${name}]`, end: eol });
    for (const text of texts) out.push({ text, end: eol });
  }
  return out.map((l) => l.text + l.end).join("");
}
