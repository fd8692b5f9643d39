/**
 * Reading an admin's Game.ini / GameUserSettings.ini into settings a document stores
 * ini-native: file, section and key as written, the value exactly as written. Nothing is
 * dropped but secrets: unknown keys and sections are kept (with the nearest known key
 * suggested), repeatable keys (the table's array/struct keys) keep every line in order,
 * and a plain key written twice in a section keeps its last line (the import says so).
 * Secrets (passwords and the like) are left out and listed by key, never by value.
 */
import { iniSettings, parseIni } from "./ini";
import { nearestKey } from "./nearest";
import { findOption, isRepeatable, optionsNamed, type IniFile, type ServerOption } from "./options";
import { isSecretKey } from "./secrets";

export interface ConfigSetting {
  file: IniFile;
  section: string;
  key: string;
  value: string;
}

export interface UnknownKey {
  file: IniFile;
  section: string;
  key: string;
  line: number;
  /** the nearest known key, when one is close */
  suggestion?: string;
  /** where the table has this key, when it is known but written in another file or section */
  knownAt?: { file: string; section: string };
}

export interface IniImport {
  settings: ConfigSetting[];
  /** keys of secret settings left out (with their file and line) */
  secretsLeftOut: { file: IniFile; key: string; line: number }[];
  unknown: UnknownKey[];
  /** plain keys written more than once in a section: the last line was kept */
  duplicates: { file: IniFile; section: string; key: string; lines: number[] }[];
}

const idOf = (s: { section: string; key: string }) =>
  `${s.section.toLowerCase()}\u0000${s.key.replace(/\s+/g, "").toLowerCase()}`;

/** Imports one or both files; settings come out file by file in the files' line order. */
export function importIni(files: Partial<Record<IniFile, string>>): IniImport {
  const result: IniImport = { settings: [], secretsLeftOut: [], unknown: [], duplicates: [] };
  for (const file of ["Game.ini", "GameUserSettings.ini"] as const) {
    const text = files[file];
    if (text === undefined) continue;
    const kept: (ConfigSetting & { option?: ServerOption; line: number })[] = [];
    const seen = new Map<string, number[]>();
    for (const s of iniSettings(parseIni(text))) {
      if (isSecretKey(s.key)) {
        result.secretsLeftOut.push({ file, key: s.key, line: s.line! });
        continue;
      }
      const option = findOption(file, s.section, s.key);
      if (!option) {
        const elsewhere = optionsNamed(s.key)[0];
        result.unknown.push({
          file,
          section: s.section,
          key: s.key,
          line: s.line!,
          suggestion: elsewhere ? undefined : nearestKey(s.key),
          knownAt: elsewhere ? { file: elsewhere.file, section: elsewhere.section } : undefined,
        });
      }
      const id = idOf(s);
      const lines = [...(seen.get(id) ?? []), s.line!];
      seen.set(id, lines);
      // unknown keys keep every line too: without the table nothing says they are plain
      if (lines.length > 1 && option && !isRepeatable(option)) {
        const i = kept.findIndex((k) => idOf(k) === id);
        kept.splice(i, 1);
      }
      kept.push({ file, section: s.section, key: s.key, value: s.value, option, line: s.line! });
    }
    for (const [id, lines] of seen) {
      const s = kept.find((k) => idOf(k) === id);
      if (lines.length > 1 && s?.option && !isRepeatable(s.option))
        result.duplicates.push({ file, section: s.section, key: s.key, lines });
    }
    result.settings.push(...kept.map(({ file: f, section, key, value }) => ({ file: f, section, key, value })));
  }
  return result;
}
