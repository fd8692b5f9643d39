/**
 * The ini doctor on the files a document exports (docs/INI-DOCTOR.md, "On documents"): its
 * Game.ini (crate lines and settings) and GameUserSettings.ini, checked for the document's
 * game as a server will read them. The crash risks and sanity warnings of its loot are left
 * out: the document's page shows them already, from the document itself (lib/loot/loot-warnings).
 */
import { checkIni, type IniFinding } from "@/lib/ini-doctor/check-ini";
import type { ConfigSetting } from "@/lib/server-config/import-ini";
import { INI_FILES, type Game, type IniFile } from "@/lib/server-config/options";
import type { DocumentLoot } from "./document-loot";
import { documentIniLines } from "./game-ini-export";

export interface DocumentIniCheck {
  /** the exported files checked (a file the document writes nothing to is left out) */
  files: Partial<Record<IniFile, string>>;
  findings: IniFinding[];
}

export function documentIniCheck(
  loot: DocumentLoot["loot"],
  settings: readonly ConfigSetting[],
  game: Game,
  difficulty?: number,
): DocumentIniCheck {
  const files: Partial<Record<IniFile, string>> = {};
  for (const file of INI_FILES) {
    const text = documentIniLines(loot, settings, file, difficulty);
    if (text.trim() !== "") files[file] = text;
  }
  const findings = checkIni({ game, files }).filter((f) => f.code !== "loot-warning");
  return { files, findings };
}
