/**
 * Reading Game.ini back into the loot model (the import side of lib/loot/game-ini):
 * each `ConfigOverrideSupplyCrateItems` line of `[/script/shootergame.shootergamemode]`
 * becomes a loot source with its item sets and entries. What a line does not carry is
 * filled in: the crate's label, maps, colour and multipliers from the known crates
 * (else the class and multipliers of 1); quality numbers become the nearest tier given
 * those multipliers and the difficulty (the file's OverrideOfficialDifficulty when it
 * has one, else the caller's or 4); class strings get their blueprint path from the
 * catalogue and `BlueprintGeneratedClass'<path>_C'` items their class from the path.
 * Everything that could not be read is listed in `problems` with its line, and the
 * rest is still read.
 */
import { classOf } from "@/lib/engrams/derive";
import { knownCrate } from "./known-crates";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "./loot-document";
import { GAME_INI_SECTION, SUPPLY_CRATE_KEY } from "./game-ini";
import { DEFAULT_DIFFICULTY, nearestTier } from "./quality";
import { field, listItems, parseUeValue, textOf, UeParseError, type UeValue } from "./ue-struct";

export interface GameIniReadOptions {
  /** used when the text has no OverrideOfficialDifficulty */
  difficulty?: number;
  /** the catalogue's blueprint path of a class, when it knows one */
  pathOfClass?: (className: string) => string | undefined;
}

export interface GameIniImport {
  doc: LootDocument;
  difficulty: number;
  problems: string[];
}

const SECTION = GAME_INI_SECTION.slice(1, -1).toLowerCase();
const KEY_LINE = new RegExp(`^\\s*${SUPPLY_CRATE_KEY}\\s*=\\s*(.*)$`, "i");

function numberOf(v: UeValue | undefined, fallback: number, what: string, problems: string[]): number {
  const t = textOf(v);
  if (t === undefined || t === "") return fallback;
  const n = Number(t);
  if (!Number.isFinite(n)) {
    problems.push(`${what}: "${t.slice(0, 40)}" is not a number`);
    return fallback;
  }
  return n;
}
const boolOf = (v: UeValue | undefined, fallback: boolean) => {
  const t = textOf(v)?.toLowerCase();
  return t === "true" ? true : t === "false" ? false : fallback;
};

function readItems(
  entry: UeValue,
  where: string,
  options: GameIniReadOptions,
  problems: string[],
): { items: LootItem[]; blueprints: boolean } {
  const weights = listItems(field(entry, "ItemsWeights")).map((w, i) =>
    numberOf(w, 1, `${where}, item weight ${i + 1}`, problems),
  );
  const classes = field(entry, "ItemClassStrings");
  if (classes) {
    const items = listItems(classes).map((v, i): LootItem => {
      const cls = textOf(v) ?? "";
      const path = options.pathOfClass?.(cls);
      if (!path) problems.push(`${where}: the class ${cls} is not in the catalogue (kept by class)`);
      return { class: cls, path: path ?? "", weight: weights[i] ?? 1 };
    });
    return { items, blueprints: false };
  }
  const items = listItems(field(entry, "Items")).map((v, i): LootItem => {
    const m = /^BlueprintGeneratedClass'(.+?)_C'$/i.exec(textOf(v) ?? "");
    if (!m)
      problems.push(`${where}: "${(textOf(v) ?? "").slice(0, 80)}" is not a BlueprintGeneratedClass'<path>_C' item`);
    const path = m?.[1] ?? "";
    return { class: path ? classOf(path) : (textOf(v) ?? ""), path, weight: weights[i] ?? 1 };
  });
  return { items, blueprints: true };
}

function readEntry(
  v: UeValue,
  where: string,
  m: { min: number; max: number },
  difficulty: number,
  options: GameIniReadOptions,
  problems: string[],
) {
  const { items, blueprints } = readItems(v, where, options, problems);
  const chance = numberOf(
    field(v, "ChanceToBeBlueprintOverride"),
    0,
    `${where}, ChanceToBeBlueprintOverride`,
    problems,
  );
  const entry: LootEntry = {
    weight: numberOf(field(v, "EntryWeight"), 1, `${where}, EntryWeight`, problems),
    items,
    minQuantity: numberOf(field(v, "MinQuantity"), 1, `${where}, MinQuantity`, problems),
    maxQuantity: numberOf(field(v, "MaxQuantity"), 1, `${where}, MaxQuantity`, problems),
    minQuality: nearestTier(numberOf(field(v, "MinQuality"), 0, `${where}, MinQuality`, problems), m.min, difficulty),
    maxQuality: nearestTier(numberOf(field(v, "MaxQuality"), 0, `${where}, MaxQuality`, problems), m.max, difficulty),
    blueprintChance: boolOf(field(v, "bForceBlueprint"), false) ? 1 : chance,
    raw: {},
  };
  return { entry, blueprints };
}

function readSource(
  line: UeValue,
  lineNo: number,
  difficulty: number,
  options: GameIniReadOptions,
  problems: string[],
): LootSource {
  const crateClass = textOf(field(line, "SupplyCrateClassString")) ?? "";
  const crate = knownCrate(crateClass);
  const m = { min: crate?.multiplierMin ?? 1, max: crate?.multiplierMax ?? 1 };
  let blueprints = false;
  const itemSets = listItems(field(line, "ItemSets")).map((s, i): LootItemSet => {
    const label = textOf(field(s, "SetName")) ?? "";
    const where = `line ${lineNo}, set ${i + 1}${label ? ` "${label}"` : ""}`;
    const entries = listItems(field(s, "ItemEntries")).map((e, j) => {
      const read = readEntry(e, `${where}, entry ${j + 1}`, m, difficulty, options, problems);
      blueprints ||= read.blueprints;
      return read.entry;
    });
    return {
      label,
      minItems: numberOf(field(s, "MinNumItems"), 1, `${where}, MinNumItems`, problems),
      maxItems: numberOf(field(s, "MaxNumItems"), 1, `${where}, MaxNumItems`, problems),
      itemsPower: numberOf(field(s, "NumItemsPower"), 1, `${where}, NumItemsPower`, problems),
      weight: numberOf(field(s, "SetWeight"), 1, `${where}, SetWeight`, problems),
      itemsRandomWithoutReplacement: boolOf(field(s, "bItemsRandomWithoutReplacement"), true),
      entries,
      raw: {},
    };
  });
  if (!crate)
    problems.push(
      `line ${lineNo}: the crate ${crateClass || "(none)"} is not a known crate: labelled by its class, quality multipliers taken as 1`,
    );
  return {
    crateClass,
    label: crate?.label ?? crateClass,
    kind: crate?.kind ?? "Standard",
    availability: crate?.availability ?? 0,
    minItemSets: numberOf(field(line, "MinItemSets"), 1, `line ${lineNo}, MinItemSets`, problems),
    maxItemSets: numberOf(field(line, "MaxItemSets"), 1, `line ${lineNo}, MaxItemSets`, problems),
    itemSetsPower: numberOf(field(line, "NumItemSetsPower"), 1, `line ${lineNo}, NumItemSetsPower`, problems),
    setsRandomWithoutReplacement: boolOf(field(line, "bSetsRandomWithoutReplacement"), true),
    multiplierMin: m.min,
    multiplierMax: m.max,
    useBlueprints: blueprints,
    uiColor: crate?.uiColor ?? "",
    sortValue: crate?.sortValue ?? 0,
    itemSets,
    raw: {},
  };
}

/** The file's OverrideOfficialDifficulty when it has one, else `fallback` when positive, else 4. */
export function fileDifficulty(text: string, fallback?: number): number {
  const override = /^\s*OverrideOfficialDifficulty\s*=\s*([0-9.]+)\s*$/im.exec(text);
  const fromFile = override ? Number(override[1]) : NaN;
  return fromFile > 0 ? fromFile : fallback && fallback > 0 ? fallback : DEFAULT_DIFFICULTY;
}

export function readGameIni(text: string, options: GameIniReadOptions = {}): GameIniImport {
  const problems: string[] = [];
  const difficulty = fileDifficulty(text, options.difficulty);
  const sources: LootSource[] = [];
  let inSection = false;
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const header = /^\s*\[([^\]]*)\]\s*$/.exec(raw.replace(/^\uFEFF/, ""));
    if (header) {
      inSection = header[1]!.trim().toLowerCase() === SECTION;
      return;
    }
    const m = KEY_LINE.exec(raw);
    if (!m) return;
    if (!inSection) {
      problems.push(
        `line ${i + 1}: a supply crate line outside ${GAME_INI_SECTION} (the game ignores it there), skipped`,
      );
      return;
    }
    try {
      sources.push(readSource(parseUeValue(m[1]!, raw.length - m[1]!.length), i + 1, difficulty, options, problems));
    } catch (err) {
      if (!(err instanceof UeParseError)) throw err;
      problems.push(`line ${i + 1}: could not be read (${err.message}), skipped`);
    }
  });
  if (sources.length === 0) problems.push(`no ${SUPPLY_CRATE_KEY} line was found in ${GAME_INI_SECTION}`);
  const maps = sources.reduce((mask, s) => mask | s.availability, 0);
  return {
    doc: { version: 2, title: "", description: "", difficulty, maps, sources, problems, raw: {} },
    difficulty,
    problems,
  };
}
