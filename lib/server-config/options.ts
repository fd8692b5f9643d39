/**
 * The option table: every known ARK server setting (lib/server-config/data/options.csv,
 * provenance in its SOURCES.md), typed, read once per process on first use. Lookups
 * ignore case (the game's ini reader does) and find an indexed key `Key[3]` by its own
 * row when the table has one, else by the row of `Key`. Empty cells stay undefined:
 * nothing here fills in a fact the table leaves out.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCsv } from "@/lib/csv/parse-csv";
import { appRoot } from "@/lib/server/app-root";

export const OPTIONS_FILE = "lib/server-config/data/options.csv";

export type Game = "ase" | "asa";
export const GAMES: readonly Game[] = ["ase", "asa"];
export type IniFile = "Game.ini" | "GameUserSettings.ini";
export const INI_FILES: readonly IniFile[] = ["Game.ini", "GameUserSettings.ini"];
export type OptionFile = IniFile | "command line" | "dynamicconfig.ini";
export type OptionType = "bool" | "int" | "float" | "string" | "array/struct";
/** what the sources say about a key in one game */
export type Presence = "yes" | "no" | "unknown";

export interface ServerOption {
  file: OptionFile;
  /** as the table spells it; "?" and "-" for command-line options, "" for dynamicconfig.ini */
  section: string;
  /** with its index for indexed rows: `PerLevelStatsMultiplier_Player[0]` */
  key: string;
  type: OptionType;
  default?: string;
  /** only where a source states an ASA default different from `default` */
  defaultAsa?: string;
  min?: number;
  max?: number;
  game: "both" | Game;
  inGame: Record<Game, Presence>;
  group: string;
  /** the Beacon editor page the key belongs to, when it has one */
  beaconEditor?: string;
  indexed: boolean;
  dynamic: boolean;
  /** the games in which the ini value is ignored and only the command line works */
  commandLineOnly: Game[];
  /** whether a GameUserSettings.ini key also works as `?Key=Value` (undefined: not stated) */
  alsoCommandLine?: boolean;
  deprecated: boolean;
  syntax?: string;
  description: string;
  sources: string;
  note?: string;
}

const COLUMNS = [
  "file", "section", "key", "type", "default", "default_asa", "min", "max", "game", "in_ase", "in_asa",
  "group", "beacon_editor", "indexed", "dynamic", "command_line_only", "also_command_line", "deprecated",
  "syntax", "description", "sources", "note",
] as const; // prettier-ignore

const cell = (v: string | undefined) => (v === undefined || v === "" ? undefined : v);
const num = (v: string | undefined) => (cell(v) === undefined ? undefined : Number(v));
const presence = (v: string | undefined): Presence => (v === "yes" || v === "no" ? v : "unknown");

/** Parses the table's text; throws on a header or a row that does not fit (a broken copy). */
export function parseOptions(text: string): ServerOption[] {
  const [head, ...rows] = parseCsv(text);
  if (!head || head.fields.join(",") !== COLUMNS.join(",")) throw new Error(`${OPTIONS_FILE}: unexpected header`);
  return rows.map(({ line, fields }) => {
    if (fields.length !== COLUMNS.length) throw new Error(`${OPTIONS_FILE} line ${line}: ${fields.length} fields`);
    const r = Object.fromEntries(COLUMNS.map((c, i) => [c, fields[i]!])) as Record<(typeof COLUMNS)[number], string>;
    const clo = r.command_line_only;
    return {
      file: r.file as OptionFile,
      section: r.section,
      key: r.key,
      type: r.type as OptionType,
      default: cell(r.default),
      defaultAsa: cell(r.default_asa),
      min: num(r.min),
      max: num(r.max),
      game: r.game as ServerOption["game"],
      inGame: { ase: presence(r.in_ase), asa: presence(r.in_asa) },
      group: r.group,
      beaconEditor: cell(r.beacon_editor),
      indexed: r.indexed === "true",
      dynamic: r.dynamic === "true",
      commandLineOnly: clo === "true" ? ["ase", "asa"] : clo === "ase" || clo === "asa" ? [clo] : [],
      alsoCommandLine: r.also_command_line === "" ? undefined : r.also_command_line === "true",
      deprecated: r.deprecated === "true",
      syntax: cell(r.syntax),
      description: r.description,
      sources: r.sources,
      note: cell(r.note),
    };
  });
}

interface Table {
  all: ServerOption[];
  /** by `file|section|key`, lower case */
  byPlace: Map<string, ServerOption>;
  /** by key, lower case: every row with that key (a few keys live in more than one file) */
  byKey: Map<string, ServerOption[]>;
}
let table: Table | undefined;

/**
 * The table's file: under the working directory (the server, the tests), under the
 * running script's repository, or beside this module's bundle (the installed CLI package
 * carries a copy there: lib/cli/build-package.ts; its bin may be a symlink elsewhere).
 */
function dataPath(): string {
  const here = join(process.cwd(), OPTIONS_FILE);
  if (existsSync(here)) return here;
  const candidates: (() => string)[] = [
    () => join(appRoot(pathToFileURL(process.argv[1]!).href), OPTIONS_FILE),
    () => join(dirname(fileURLToPath(import.meta.url)), OPTIONS_FILE),
  ];
  for (const candidate of candidates) {
    try {
      const path = candidate();
      if (existsSync(path)) return path;
    } catch {
      // no script path, or no package.json above it: the next place
    }
  }
  return here;
}

const placeKey = (file: string, section: string, key: string) => `${file}|${section}|${key}`.toLowerCase();

function load(): Table {
  if (table) return table;
  const all = parseOptions(readFileSync(dataPath(), "utf8"));
  const byPlace = new Map<string, ServerOption>();
  const byKey = new Map<string, ServerOption[]>();
  for (const o of all) {
    byPlace.set(placeKey(o.file, o.section, o.key), o);
    const k = o.key.toLowerCase();
    byKey.set(k, [...(byKey.get(k) ?? []), o]);
  }
  table = { all, byPlace, byKey };
  return table;
}

/** Every row of the table, in its order. */
export function allOptions(): readonly ServerOption[] {
  return load().all;
}

/** `Key[3]` → { base: "Key", index: "3" }; a key without brackets has no index. */
export function splitIndex(key: string): { base: string; index?: string } {
  const m = /^(.*?)\[([^\]]*)\]$/.exec(key.trim());
  return m ? { base: m[1]!, index: m[2]! } : { base: key.trim() };
}

/** The row for a key at this place (file and section), ignoring case; indexed keys fall back to the base key's row. */
export function findOption(file: string, section: string, key: string): ServerOption | undefined {
  const t = load();
  return t.byPlace.get(placeKey(file, section, key)) ?? t.byPlace.get(placeKey(file, section, splitIndex(key).base));
}

/** Every row with this key in any file or section (how a key written in the wrong place is recognised). */
export function optionsNamed(key: string): readonly ServerOption[] {
  const t = load();
  return t.byKey.get(key.trim().toLowerCase()) ?? t.byKey.get(splitIndex(key).base.toLowerCase()) ?? [];
}

/** Whether the table marks the key for this game (its `game` column: both, ase or asa; "unknown" presence is not a mark). */
export function inGame(option: ServerOption, game: Game): boolean {
  return option.game === "both" || option.game === game;
}

/** The options a document for this game may set, and the ones left out because only the other game has them. */
export function optionsForGame(game: Game): { offered: ServerOption[]; leftOut: ServerOption[] } {
  const offered: ServerOption[] = [];
  const leftOut: ServerOption[] = [];
  for (const o of load().all) (inGame(o, game) ? offered : leftOut).push(o);
  return { offered, leftOut };
}

/** The game's default as the table states it (undefined when no source gives one). */
export function defaultFor(option: ServerOption, game: Game): string | undefined {
  return game === "asa" ? (option.defaultAsa ?? option.default) : option.default;
}

/** The table's group names, in first-seen order. */
export function optionGroups(): string[] {
  return [...new Set(load().all.map((o) => o.group))];
}

/**
 * Keys that may stand on several lines of one section, each line adding a value (the
 * game reads them as arrays): the table's array/struct keys, and
 * OverridePlayerLevelEngramPoints, which its description says is one line per level.
 */
export function isRepeatable(option: ServerOption | undefined): boolean {
  return option !== undefined && (option.type === "array/struct" || /one line per/i.test(option.description));
}
