/**
 * The settings editor's model, generated from the option table (lib/server-config/options):
 * which groups a document of a game shows, each field's current value, default, file and
 * section, and a group's submitted form turned into the document's new settings, every
 * value type- and range-checked first (a form with one bad value changes nothing). Plain
 * TypeScript: the pages (app/documents/[id]/settings) and the tests use the same code.
 *
 * Fields are the table's rows of Game.ini and GameUserSettings.ini for the document's game,
 * secrets excepted (documents never hold them). Command-line and dynamicconfig.ini rows are
 * not settings a document stores (docs/SERVER-CONFIG.md, "Settings in a document").
 */
import type { ConfigSetting } from "./import-ini";
import { importIni } from "./import-ini";
import { writeIni } from "./ini";
import {
  allOptions,
  defaultFor,
  findOption,
  inGame,
  INI_FILES,
  isRepeatable,
  type Game,
  type IniFile,
  type ServerOption,
} from "./options";
import { isSecretKey } from "./secrets";

/** The groups an admin knows, in the order the editor lists them; the table's other groups follow. */
export const GROUP_LABELS: Record<string, string> = {
  breeding: "Breeding and imprinting",
  "day-night": "Day and night",
  difficulty: "Difficulty",
  decay: "Decay and spoiling",
  harvest: "Harvest",
  "xp-levels": "XP and levels",
  stats: "Player and creature stats",
  creatures: "Creature adjustments",
  taming: "Taming",
  engrams: "Engram control",
  stacks: "Stack sizes",
  crafting: "Crafting",
  "item-stats": "Item stats",
  loot: "Loot",
  spawns: "Spawns",
  environment: "Environment",
  structures: "Structures",
  players: "Players",
  tribes: "Tribes",
  pvp: "PvP and PvE",
  cryopods: "Cryopods",
  transfers: "Transfers",
  events: "Events",
  chat: "Chat",
  admin: "Administration",
  performance: "Performance",
  "map-specific": "Map-specific",
  client: "Client",
  general: "General",
};

/** The group of settings the table does not know: kept as written, edited as ini lines. */
export const CUSTOM_GROUP = "custom";

export interface EditorGroup {
  id: string;
  label: string;
  options: ServerOption[];
}

export interface FieldView {
  /** the form field's name: stable for one option table */
  name: string;
  option: ServerOption;
  /** the value set, or "" when the document leaves the game's default; repeatable keys: one line per value */
  value: string;
  /** the game's default as the table states it (undefined: no source gives one) */
  default?: string;
  /** set and different from the default (as numbers for numbers, without case for booleans) */
  changed: boolean;
  /** for the other game: a plain note when the key does not exist there */
  otherGame?: string;
}

const groupLabel = (id: string) => GROUP_LABELS[id] ?? id.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

function isEditable(option: ServerOption): boolean {
  return (INI_FILES as readonly string[]).includes(option.file) && !isSecretKey(option.key);
}

let names: Map<ServerOption, string> | undefined;
/** A field's name: its row in the table (the same table renders the form and reads it). */
export function fieldName(option: ServerOption): string {
  names ??= new Map(allOptions().map((o, i) => [o, `o${i}`]));
  return names.get(option)!;
}

// The table never changes while the process runs: each game's groups are made once.
const groupsOf = new Map<Game, EditorGroup[]>();

/** The groups a document of this game shows, known ones first, then "custom" (the same objects each call). */
export function editorGroups(game: Game): EditorGroup[] {
  let groups = groupsOf.get(game);
  if (!groups) groupsOf.set(game, (groups = makeGroups(game)));
  return groups;
}

function makeGroups(game: Game): EditorGroup[] {
  const byGroup = new Map<string, ServerOption[]>();
  for (const o of allOptions())
    if (isEditable(o) && inGame(o, game)) byGroup.set(o.group, [...(byGroup.get(o.group) ?? []), o]);
  const order = Object.keys(GROUP_LABELS);
  const ids = [...byGroup.keys()].sort(
    (a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
  );
  return [
    ...ids.map((id) => ({ id, label: groupLabel(id), options: byGroup.get(id)! })),
    { id: CUSTOM_GROUP, label: "Custom lines", options: [] },
  ];
}

/** The options of the table's ini files a document of this game leaves out (the other game's only). */
export function leftOutFor(game: Game): ServerOption[] {
  return allOptions().filter((o) => isEditable(o) && !inGame(o, game));
}

const sameKey = (s: ConfigSetting, o: ServerOption) =>
  s.file === o.file &&
  s.section.toLowerCase() === o.section.toLowerCase() &&
  s.key.toLowerCase() === o.key.toLowerCase();

const lineKey = (file: string, section: string, key: string) =>
  `${file}\n${section.toLowerCase()}\n${key.toLowerCase()}`;
const optionKeys = new Map<ServerOption, string>();
const optionKey = (o: ServerOption) => {
  let key = optionKeys.get(o);
  if (key === undefined) optionKeys.set(o, (key = lineKey(o.file, o.section, o.key)));
  return key;
};

/**
 * A document's settings by file, section and key (any case), in their order: each field
 * finds its lines by one lookup (every group of a document setting every key was 600
 * options times 600 settings of lowercased comparisons, 46 ms a page).
 */
export type SettingsIndex = Map<string, ConfigSetting[]>;
export function indexSettings(settings: readonly ConfigSetting[]): SettingsIndex {
  const index: SettingsIndex = new Map();
  for (const s of settings) {
    const key = lineKey(s.file, s.section, s.key);
    const list = index.get(key);
    if (list) list.push(s);
    else index.set(key, [s]);
  }
  return index;
}

/** Whether a setting is one the table knows (in its file and section). */
export function isKnown(s: ConfigSetting): boolean {
  return findOption(s.file, s.section, s.key) !== undefined;
}

function sameValue(type: ServerOption["type"], a: string, b: string): boolean {
  if (type === "bool") return a.toLowerCase() === b.toLowerCase();
  if (type === "int" || type === "float") return Number(a) === Number(b);
  return a === b;
}

function otherGameNote(option: ServerOption, game: Game): string | undefined {
  const other: Game = game === "ase" ? "asa" : "ase";
  if (inGame(option, other)) return undefined;
  return `Not in ${other === "asa" ? "ARK: Survival Ascended" : "ARK: Survival Evolved"}: the table lists this key for ${game.toUpperCase()} only.`;
}

export function fieldViews(
  group: EditorGroup,
  settings: readonly ConfigSetting[],
  game: Game,
  index: SettingsIndex = indexSettings(settings),
): FieldView[] {
  return group.options.map((option) => {
    const set = index.get(optionKey(option)) ?? [];
    const value = set.map((s) => s.value).join("\n");
    const def = defaultFor(option, game);
    const changed =
      set.length > 0 && (def === undefined || isRepeatable(option) || !sameValue(option.type, value, def));
    return { name: fieldName(option), option, value, default: def, changed, otherGame: otherGameNote(option, game) };
  });
}

/** The settings the table does not know, of one file, as ini lines (the custom group's text). */
export function customText(settings: readonly ConfigSetting[], file: IniFile): string {
  return writeIni(settings.filter((s) => s.file === file && !isKnown(s)));
}

export const customFieldName = (file: IniFile) => (file === "Game.ini" ? "custom_game" : "custom_gus");

const INT = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const MAX_VALUE_CHARS = 4000;

/** The value as stored, or why it is not one this option takes. */
export function checkValue(option: ServerOption, raw: string): { value: string } | { error: string } {
  const text = raw.trim();
  if (/[\r\n]/.test(text) && !isRepeatable(option)) return { error: "must be one line" };
  if (text.length > MAX_VALUE_CHARS) return { error: `must be at most ${MAX_VALUE_CHARS} characters` };
  if (option.type === "bool") {
    if (/^true$/i.test(text)) return { value: "True" };
    if (/^false$/i.test(text)) return { value: "False" };
    return { error: "must be True or False" };
  }
  if (option.type === "int" || option.type === "float") {
    if (!(option.type === "int" ? INT : FLOAT).test(text))
      return { error: option.type === "int" ? "must be a whole number" : "must be a number" };
    const n = Number(text);
    if (option.min !== undefined && n < option.min) return { error: `must be at least ${option.min}` };
    if (option.max !== undefined && n > option.max) return { error: `must be at most ${option.max}` };
  }
  return { value: text };
}

export type GroupForm = Record<string, string | string[] | undefined>;
export type ApplyResult =
  { ok: true; settings: ConfigSetting[]; changed: number } | { ok: false; errors: Record<string, string> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Replaces an option's settings by `values` (none: the game's default), where its first line stood. */
function replaceOption(settings: ConfigSetting[], option: ServerOption, values: string[]): ConfigSetting[] {
  const at = settings.findIndex((s) => sameKey(s, option));
  const first = at < 0 ? undefined : settings[at]!;
  const fresh = values.map((value) => ({
    file: option.file as IniFile,
    // an existing line keeps the section and key as the admin's file spelled them
    section: first?.section ?? option.section,
    key: first?.key ?? option.key,
    value,
  }));
  const rest = settings.filter((s) => !sameKey(s, option));
  if (at < 0) return [...rest, ...fresh];
  const before = settings.slice(0, at).filter((s) => !sameKey(s, option)).length;
  return [...rest.slice(0, before), ...fresh, ...rest.slice(before)];
}

/**
 * A group's form applied to the settings: a field left empty goes back to the default
 * (no line), `reset` names a field to reset (the others are saved as typed), a field
 * absent from the form is left as it is. The custom group's two texts replace the unknown settings of their file (a
 * known key typed there becomes that key's setting). All or nothing: any error, no change.
 */
export function applyGroupForm(
  settings: readonly ConfigSetting[],
  group: EditorGroup,
  form: GroupForm,
): ApplyResult & { secretsLeftOut?: string[] } {
  const errors: Record<string, string> = {};
  let next = [...settings];
  let changed = 0;
  const reset = one(form.reset);
  if (group.id === CUSTOM_GROUP) {
    const secrets: string[] = [];
    for (const file of INI_FILES) {
      const text = one(form[customFieldName(file)]);
      if (text === undefined) continue;
      // a browser sends a textarea's lines with CRLF: the same text is no change
      if (text.replace(/\r\n?/g, "\n").trim() === customText(next, file).trim()) continue;
      const parsed = importIni({ [file]: text });
      secrets.push(...parsed.secretsLeftOut.map((s) => s.key));
      // a known key typed here becomes that key's setting, checked as its field would be
      const known = new Map<ServerOption, string[]>();
      for (const s of parsed.settings.filter(isKnown)) {
        const option = findOption(s.file, s.section, s.key)!;
        const checked = checkValue(option, s.value);
        if ("error" in checked) errors[customFieldName(file)] ??= `${s.key} ${checked.error}.`;
        else known.set(option, [...(known.get(option) ?? []), checked.value]);
      }
      next = next.filter((s) => s.file !== file || isKnown(s));
      for (const [option, values] of known)
        next = replaceOption(next, option, isRepeatable(option) ? values : values.slice(-1));
      next.push(...parsed.settings.filter((s) => !isKnown(s)));
      changed++;
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, settings: next, changed, secretsLeftOut: secrets };
  }
  for (const option of group.options) {
    const name = fieldName(option);
    const current = next.filter((s) => sameKey(s, option));
    if (reset === name) {
      if (current.length > 0) changed++;
      next = replaceOption(next, option, []);
      continue;
    }
    const raw = one(form[name]);
    if (raw === undefined) continue;
    const lines = isRepeatable(option)
      ? raw
          .split(/\r\n|\r|\n/)
          .map((l) => l.trim())
          .filter((l) => l !== "")
      : raw.trim() === ""
        ? []
        : [raw];
    const values: string[] = [];
    for (const line of lines) {
      const checked = checkValue(option, line);
      if ("error" in checked) errors[name] = `${option.key} ${checked.error}.`;
      else values.push(checked.value);
    }
    if (errors[name]) continue;
    if (values.join("\n") === current.map((s) => s.value).join("\n")) continue;
    next = replaceOption(next, option, values);
    changed++;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, settings: next, changed };
}

export interface GroupSummary {
  id: string;
  label: string;
  /** keys set in the document */
  set: number;
  /** of those, the ones that differ from the game's default (or have none stated) */
  differ: { key: string; value: string; default?: string }[];
}

/** What a document changes, group by group (the document page's summary); groups it leaves alone are left out. */
export function settingsSummary(settings: readonly ConfigSetting[], game: Game): GroupSummary[] {
  const out: GroupSummary[] = [];
  const index = indexSettings(settings);
  for (const group of editorGroups(game)) {
    if (group.id === CUSTOM_GROUP) {
      const custom = settings.filter((s) => !isKnown(s));
      if (custom.length > 0)
        out.push({
          id: group.id,
          label: group.label,
          set: custom.length,
          differ: custom.map((s) => ({ key: s.key, value: s.value })),
        });
      continue;
    }
    const views = fieldViews(group, settings, game, index).filter((v) => v.value !== "");
    if (views.length === 0) continue;
    out.push({
      id: group.id,
      label: group.label,
      set: views.length,
      differ: views.filter((v) => v.changed).map((v) => ({ key: v.option.key, value: v.value, default: v.default })),
    });
  }
  // Settings of keys the table gives only to the other game: shown, never hidden.
  const other = settings.filter((s) => {
    const o = findOption(s.file, s.section, s.key);
    return o !== undefined && !inGame(o, game);
  });
  if (other.length > 0)
    out.push({
      id: "other-game",
      label: `Keys of ${game === "ase" ? "ASA" : "ASE"} only`,
      set: other.length,
      differ: other.map((s) => ({ key: s.key, value: s.value })),
    });
  return out;
}
