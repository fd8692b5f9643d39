/**
 * The ini files a form sends (pasted, or read into the box from a chosen file) and what an
 * import did with them, in plain words for the page: how many settings each file gave,
 * which secrets were left out (by key and line, never by value), which keys are kept as
 * custom lines with the nearest known key, which keys were written twice.
 */
import type { IniImport } from "./import-ini";
import type { IniFile } from "./options";

/** The largest ini file a form accepts. */
export const MAX_INI_BYTES = 1024 * 1024;

export const INI_FIELDS: Record<IniFile, string> = { "Game.ini": "game_ini", "GameUserSettings.ini": "gus_ini" };

/** The files a form holds, or what is wrong with it; `allowNone` for a new, empty document. */
export function iniFilesOf(
  form: Record<string, unknown>,
  allowNone = false,
): { files: Partial<Record<IniFile, string>> } | { error: string } {
  const files: Partial<Record<IniFile, string>> = {};
  for (const [file, field] of Object.entries(INI_FIELDS) as [IniFile, string][]) {
    const value = form[field];
    const text = Array.isArray(value) ? value.join("\n") : value;
    if (typeof text !== "string" || text.trim() === "") continue;
    if (Buffer.byteLength(text) > MAX_INI_BYTES)
      return { error: `${file} is larger than ${MAX_INI_BYTES / 1024 / 1024} MiB: paste the file the server uses.` };
    files[file] = text;
  }
  if (!allowNone && Object.keys(files).length === 0)
    return { error: "Paste a Game.ini or a GameUserSettings.ini (or both) first." };
  return { files };
}

const list = (items: string[], max = 8) =>
  items.length <= max ? items.join(", ") : `${items.slice(0, max).join(", ")} and ${items.length - max} more`;

export function importReport(report: IniImport): string {
  const counts = (["Game.ini", "GameUserSettings.ini"] as const)
    .map((f) => [f, report.settings.filter((s) => s.file === f).length] as const)
    .filter(([, n]) => n > 0)
    .map(([f, n]) => `${f}: ${n}`);
  const parts = [`${report.settings.length} settings read${counts.length ? ` (${counts.join(", ")})` : ""}.`];
  if (report.secretsLeftOut.length > 0)
    parts.push(
      `Left out, never stored: ${list(report.secretsLeftOut.map((s) => `${s.key} (${s.file} line ${s.line})`))}.`,
    );
  if (report.unknown.length > 0)
    parts.push(
      `Kept as custom lines: ${list(
        report.unknown.map((u) =>
          u.knownAt
            ? `${u.key} (the table has it in ${u.knownAt.file} [${u.knownAt.section}])`
            : u.suggestion
              ? `${u.key} (did you mean ${u.suggestion}?)`
              : u.key,
        ),
      )}.`,
    );
  if (report.duplicates.length > 0)
    parts.push(`Written more than once, the last line kept: ${list(report.duplicates.map((d) => d.key))}.`);
  return parts.join(" ");
}
