/**
 * Server settings inside a Beacon document: an extension of the version-2 format
 * (docs/SERVER-CONFIG.md, "Settings in a document") that a 2017 client ignores, since it
 * reads only the keys it knows. Two top-level keys, both optional:
 *
 * - `HubGame`: "ASE" (the default when absent) or "ASA";
 * - `HubConfigSettings`: an array of `{ File, Section, Key, Value }`, ini-native (File is
 *   "Game.ini" or "GameUserSettings.ini"; Key keeps its `[i]`; Value exactly as written).
 *
 * Content is untrusted: reading never throws; an element that is not a well-formed
 * setting is skipped and noted. Writing keeps every other key of the content as it was,
 * never stores a secret, and adds neither key to a document that sets nothing for ASE,
 * so a loot-only document stays byte for byte what it was.
 */
import type { ConfigSetting, IniImport } from "./import-ini";
import { importIni } from "./import-ini";
import { INI_FILES, type Game, type IniFile } from "./options";
import { isSecretKey } from "./secrets";

export const GAME_KEY = "HubGame";
export const SETTINGS_KEY = "HubConfigSettings";

type Json = Record<string, unknown>;

export interface DocumentConfig {
  game: Game;
  settings: ConfigSetting[];
  /** what could not be read, in plain words */
  problems: string[];
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The game and settings a document's content holds (ASE and none for a 2017 document). */
export function readDocumentConfig(content: unknown): DocumentConfig {
  const result: DocumentConfig = { game: "ase", settings: [], problems: [] };
  if (!isObject(content)) return result;
  const game = content[GAME_KEY];
  if (typeof game === "string" && game.toLowerCase() === "asa") result.game = "asa";
  else if (game !== undefined && !(typeof game === "string" && game.toLowerCase() === "ase"))
    result.problems.push(`${GAME_KEY} is not "ASE" or "ASA"; read as ASE`);
  const list = content[SETTINGS_KEY];
  if (list === undefined) return result;
  if (!Array.isArray(list)) {
    result.problems.push(`${SETTINGS_KEY} is not a list; no settings read`);
    return result;
  }
  list.forEach((el, i) => {
    const file = isObject(el) ? INI_FILES.find((f) => f.toLowerCase() === String(el.File).toLowerCase()) : undefined;
    if (
      !isObject(el) ||
      !file ||
      typeof el.Section !== "string" ||
      typeof el.Key !== "string" ||
      el.Key.trim() === "" ||
      typeof el.Value !== "string"
    ) {
      result.problems.push(`setting ${i + 1} is not a {File, Section, Key, Value} of Game.ini or GameUserSettings.ini`);
      return;
    }
    // a hand-written document may carry a secret: it is not read, so it is never exported
    if (isSecretKey(el.Key)) {
      result.problems.push(`setting ${i + 1} (${el.Key}) is a secret and was left out`);
      return;
    }
    result.settings.push({ file, section: el.Section, key: el.Key, value: el.Value });
  });
  return result;
}

/**
 * The content with this game and these settings (secrets dropped); every other key kept
 * in its place. An ASE document without settings gets neither key (removed if present).
 */
export function withDocumentConfig(content: Json, game: Game, settings: readonly ConfigSetting[]): Json {
  const kept = settings.filter((s) => !isSecretKey(s.key));
  const out: Json = { ...content };
  delete out[GAME_KEY];
  delete out[SETTINGS_KEY];
  if (game === "asa" || kept.length > 0) out[GAME_KEY] = game === "asa" ? "ASA" : "ASE";
  if (kept.length > 0)
    out[SETTINGS_KEY] = kept.map((s) => ({ File: s.file, Section: s.section, Key: s.key, Value: s.value }));
  return out;
}

/**
 * Imports ini files into a document's content: the files' settings replace the
 * document's settings of the same file (a file not given keeps the document's); loot and
 * every other key stay. Returns the new content and the import's report.
 */
export function importIntoDocument(
  content: Json,
  files: Partial<Record<IniFile, string>>,
  game?: Game,
): { content: Json; report: IniImport } {
  const current = readDocumentConfig(content);
  const report = importIni(files);
  const settings = [...current.settings.filter((s) => files[s.file] === undefined), ...report.settings];
  return { content: withDocumentConfig(content, game ?? current.game, settings), report };
}
