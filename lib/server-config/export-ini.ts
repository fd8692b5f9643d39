/**
 * A document's settings out as ini text: one file at a time, either fresh (sections in
 * the document's order) or merged into the admin's own file (lib/server-config/merge).
 */
import type { ConfigSetting } from "./import-ini";
import { writeIni } from "./ini";
import { mergeIni } from "./merge";
import type { IniFile } from "./options";

export function settingsOfFile(settings: readonly ConfigSetting[], file: IniFile): ConfigSetting[] {
  return settings.filter((s) => s.file === file);
}

/** The file's text: merged into `original` when given, else written fresh. */
export function exportIni(settings: readonly ConfigSetting[], file: IniFile, original?: string): string {
  const mine = settingsOfFile(settings, file);
  return original === undefined ? writeIni(mine) : mergeIni(original, mine);
}
