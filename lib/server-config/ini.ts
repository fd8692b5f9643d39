/**
 * A lossless ini reader for Game.ini and GameUserSettings.ini. `parseIni` keeps every
 * line with its exact text and line ending (CRLF, LF, CR, none on the last line, a BOM),
 * so `serializeIni(parseIni(t)) === t` for any text; each line is also classified
 * (section header, `Key=Value` setting, comment, blank, other) with the section it
 * stands in. Values are kept as written after the first `=`: struct values
 * `(a=1,b=(c=2))`, quotes and trailing spaces untouched; keys keep their `[i]` index.
 */

export interface IniLine {
  /** the line without its ending; a BOM stays on the first line's text */
  text: string;
  /** "\r\n", "\n", "\r" or "" (a last line without one) */
  end: string;
  kind: "blank" | "comment" | "section" | "setting" | "other";
  /** the section the line stands in (for a header: its own name), trimmed; "" before the first header */
  section: string;
  /** settings only: the key as written, trimmed, index included (`Key[2]`) */
  key?: string;
  /** settings only: everything after the first "=", leading spaces removed */
  value?: string;
}

export interface IniSetting {
  section: string;
  key: string;
  value: string;
  /** 1-based line number in the file it was read from */
  line?: number;
}

const HEADER = /^\s*\[([^\]]*)\]\s*$/;
// A key: anything up to the first "=", without brackets-in-brackets; `Key[3]` allowed.
const SETTING = /^\s*([^=;#[\s][^=]*?)\s*=\s?(.*)$/s;

export function splitLines(text: string): { text: string; end: string }[] {
  const lines: { text: string; end: string }[] = [];
  const re = /([^\r\n]*)(\r\n|\n|\r|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0] === "") break;
    lines.push({ text: m[1]!, end: m[2]! });
  }
  return lines;
}

export function parseIni(text: string): IniLine[] {
  let section = "";
  return splitLines(text).map(({ text: raw, end }, i): IniLine => {
    const t = i === 0 ? raw.replace(/^\uFEFF/, "") : raw;
    const trimmed = t.trim();
    if (trimmed === "") return { text: raw, end, kind: "blank", section };
    if (trimmed.startsWith(";") || trimmed.startsWith("#")) return { text: raw, end, kind: "comment", section };
    const h = HEADER.exec(t);
    if (h) {
      section = h[1]!.trim();
      return { text: raw, end, kind: "section", section };
    }
    const s = SETTING.exec(t);
    if (s) return { text: raw, end, kind: "setting", section, key: s[1]!.trim(), value: s[2]!.replace(/^\s+/, "") };
    return { text: raw, end, kind: "other", section };
  });
}

/** The exact text again. */
export function serializeIni(lines: readonly IniLine[]): string {
  return lines.map((l) => l.text + l.end).join("");
}

/** Every `Key=Value` line, in order, duplicates included. */
export function iniSettings(lines: readonly IniLine[]): IniSetting[] {
  const out: IniSetting[] = [];
  lines.forEach((l, i) => {
    if (l.kind === "setting") out.push({ section: l.section, key: l.key!, value: l.value!, line: i + 1 });
  });
  return out;
}

/** The line ending most lines of a file use ("\n" for a file with none). */
export function usualEnding(lines: readonly { end: string }[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) if (l.end) counts.set(l.end, (counts.get(l.end) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "\n";
}

/**
 * A fresh ini text for settings grouped by section in first-seen order (the export of a
 * document that has no original file to merge into): a header per section, one line per
 * setting, a blank line between sections, `\n` endings unless told otherwise.
 */
export function writeIni(settings: readonly IniSetting[], eol = "\n"): string {
  const sections = new Map<string, IniSetting[]>();
  for (const s of settings) {
    const k = s.section.toLowerCase();
    sections.set(k, [...(sections.get(k) ?? []), s]);
  }
  return [...sections.values()]
    .map((list) => [`[${list[0]!.section}]`, ...list.map((s) => `${s.key}=${s.value}`)].join(eol) + eol)
    .join(eol);
}
