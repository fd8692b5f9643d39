/**
 * The ini doctor: checks a server's Game.ini and GameUserSettings.ini against the option
 * table (lib/server-config/options.ts) for one game, and says for every problem the line,
 * what is wrong, why it matters and, where one is certain, the fix. Plain TypeScript: the
 * page, the CLI (`beacon-hub ini check`) and the API call this one function. Nothing it is
 * given is kept or logged; a secret is named by its key only, never by its value.
 *
 * Which line of a key written twice the game reads: Unreal Engine keeps an ini section as
 * a multimap and reads a single value with its first match, so the first line wins
 * (docs/INI-DOCTOR.md says how sure that is); the fix removes the others.
 */
import { parseIni, type IniLine } from "@/lib/server-config/ini";
import { editDistance, nearestKey } from "@/lib/server-config/nearest";
import {
  allOptions,
  findOption,
  inGame,
  isRepeatable,
  optionsNamed,
  splitIndex,
  type Game,
  type IniFile,
  type ServerOption,
} from "@/lib/server-config/options";
import { isSecretKey } from "@/lib/server-config/secrets";
import { GAME_INI_SECTION, SUPPLY_CRATE_KEY } from "@/lib/loot/game-ini";
import { fileDifficulty, readGameIni } from "@/lib/loot/game-ini-reader";
import type { LootDocument } from "@/lib/loot/loot-document";
import { lootItems } from "@/lib/documents/loot-view";
import { lootWarnings } from "@/lib/loot/loot-warnings";
import type { ItemResolver } from "@/lib/catalogue/resolve-items";

export type Severity = "error" | "warning" | "info";

export type FindingCode =
  | "outside-section"
  | "misspelt-section"
  | "wrong-place"
  | "command-line-only"
  | "other-game"
  | "deprecated"
  | "unknown-key"
  | "wrong-case"
  | "bad-type"
  | "out-of-range"
  | "bad-index"
  | "duplicate"
  | "secret"
  | "loot-unreadable"
  | "loot-warning"
  | "loot-unknown-items"
  | "loot-mod-items";

/** A change the doctor is sure of; `applyFixes` makes exactly these. */
export type IniFix =
  | { kind: "move"; to: { file: IniFile; section: string } }
  | { kind: "rename-key"; key: string }
  | { kind: "rename-section"; section: string }
  | { kind: "remove-line" }
  | { kind: "launch-option"; option: string };

export interface IniFinding {
  severity: Severity;
  code: FindingCode;
  file: IniFile;
  /** 1-based line of the file */
  line: number;
  /** the key as written, for findings about a setting */
  key?: string;
  /** what is wrong, in an admin's words */
  message: string;
  /** why it matters */
  why: string;
  fix?: IniFix;
  /** a hint that is not certain enough to apply ("did you mean …") */
  suggestion?: string;
}

export interface IniCheckInput {
  game: Game;
  files: Partial<Record<IniFile, string>>;
  /**
   * The catalogue's entry for an item a loot line names, where the caller has the catalogue
   * (the API and the page, lib/ini-doctor/check-request): then unknown items and the mods a
   * line needs are findings too. The CLI checks offline, without it.
   */
  items?: ItemResolver;
}

const GAME_NAMES: Record<Game, string> = { ase: "ARK: Survival Evolved", asa: "ARK: Survival Ascended" };
const other = (game: Game): Game => (game === "ase" ? "asa" : "ase");

/** The sections the table knows per file, as it spells them. */
function knownSections(file: IniFile): string[] {
  return [
    ...new Set(
      allOptions()
        .filter((o) => o.file === file)
        .map((o) => o.section),
    ),
  ];
}

/** The launch-line form of a command-line option: `?Key=Value` or `-Key`. */
function launchOption(option: ServerOption, value: string): string {
  if (option.section === "?") return `?${option.key}=${value}`;
  return option.type === "bool" ? `-${option.key}` : `-${option.key}=${value}`;
}

const BOOL = /^(true|false)$/i;
const INT = /^[-+]?\d+$/;
const FLOAT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function typeProblem(option: ServerOption, value: string): string | undefined {
  const v = value.trim();
  if (option.type === "bool" && !BOOL.test(v)) return `${option.key} takes True or False, not “${v}”.`;
  if (option.type === "int" && !INT.test(v)) return `${option.key} takes a whole number, not “${v}”.`;
  if (option.type === "float" && !FLOAT.test(v)) return `${option.key} takes a number, not “${v}”.`;
  return undefined;
}

function rangeProblem(option: ServerOption, value: string): string | undefined {
  if (option.type !== "int" && option.type !== "float") return undefined;
  const n = Number(value.trim());
  if (!Number.isFinite(n)) return undefined;
  if (option.min !== undefined && n < option.min)
    return `${option.key} is ${n}; the lowest the game takes is ${option.min}.`;
  if (option.max !== undefined && n > option.max)
    return `${option.key} is ${n}; the highest the game takes is ${option.max}.`;
  return undefined;
}

/** The indices the table lists for an indexed key at this place (`Key[0]` … `Key[11]`). */
function indicesAt(file: IniFile, section: string, base: string): string[] {
  return allOptions()
    .filter(
      (o) =>
        o.indexed &&
        o.file === file &&
        o.section.toLowerCase() === section.toLowerCase() &&
        splitIndex(o.key).base.toLowerCase() === base.toLowerCase() &&
        splitIndex(o.key).index !== undefined,
    )
    .map((o) => splitIndex(o.key).index!);
}

function checkFile(game: Game, file: IniFile, lines: IniLine[], out: IniFinding[]) {
  const sections = knownSections(file);
  const sectionKeys = new Map<string, Map<string, number[]>>();
  // A misspelt header's settings are checked as in the section its fix names.
  const renamed = new Map<string, string>();
  lines.forEach((l, i) => {
    const line = i + 1;
    if (l.kind === "section") {
      if (sections.some((s) => s.toLowerCase() === l.section.toLowerCase())) return;
      const near = sections
        .map((s) => ({ s, d: editDistance(l.section.toLowerCase(), s.toLowerCase(), 4) }))
        .filter((c) => c.d <= 4)
        .sort((a, b) => a.d - b.d)[0];
      if (near) renamed.set(l.section.toLowerCase(), near.s);
      if (near)
        out.push({
          severity: "error",
          code: "misspelt-section",
          file,
          line,
          message: `The section [${l.section}] is not one ${file} has: [${near.s}] is.`,
          why: "The game reads settings only from the sections it knows: every line under this header is ignored.",
          fix: { kind: "rename-section", section: near.s },
        });
      return;
    }
    if (l.kind !== "setting") return;
    const key = l.key!;
    const value = l.value!;
    if (isSecretKey(key)) {
      out.push({
        severity: "warning",
        code: "secret",
        file,
        line,
        key,
        message: `${key} holds a secret.`,
        why: "Do not share these files as they are: anyone who reads them can join or administer the server. Beacon Hub never stores or logs it.",
      });
    }
    if (l.section === "") {
      const home = optionsNamed(key).find((o) => o.file === file);
      out.push({
        severity: "error",
        code: "outside-section",
        file,
        line,
        key,
        message: `${key} stands before any [section] header.`,
        why: "The game reads a setting only inside its section: this line is ignored.",
        fix: home ? { kind: "move", to: { file, section: home.section } } : undefined,
      });
      return;
    }
    const section = renamed.get(l.section.toLowerCase()) ?? l.section;
    const here = findOption(file, section, key);
    const { base, index } = splitIndex(key);
    const known = index === undefined ? [] : indicesAt(file, section, base);
    if (!here && known.length > 0) {
      out.push({
        severity: "error",
        code: "bad-index",
        file,
        line,
        key,
        message: `${key}: the index must be one of ${known.join(", ")}.`,
        why: "The game has no such entry: the line is ignored.",
      });
      return;
    }
    if (!here) {
      // Where the key belongs: an ini file first (a key the dynamic config also takes is
      // still an ini setting), then the command line; this game's row before the other's.
      const rank = (o: ServerOption) =>
        (o.file === "Game.ini" || o.file === "GameUserSettings.ini" ? 0 : o.file === "command line" ? 2 : 4) +
        (inGame(o, game) ? 0 : 1);
      const at = [...optionsNamed(key)].sort((a, b) => rank(a) - rank(b))[0];
      if (at && (at.file === "Game.ini" || at.file === "GameUserSettings.ini")) {
        out.push({
          severity: "error",
          code: "wrong-place",
          file,
          line,
          key,
          message: `${key} belongs in ${at.file} under [${at.section}], not ${file} [${section}].`,
          why: "The game looks for each setting in one file and section only: here it is silently ignored.",
          fix: { kind: "move", to: { file: at.file, section: at.section } },
        });
      } else if (at && at.file === "command line") {
        out.push({
          severity: "error",
          code: "command-line-only",
          file,
          line,
          key,
          message: `${key} is a launch option, not an ini setting.`,
          why: "The game reads it only from the server's command line: in the ini file it does nothing.",
          fix: { kind: "launch-option", option: launchOption(at, value) },
        });
      } else if (at) {
        out.push({
          severity: "warning",
          code: "wrong-place",
          file,
          line,
          key,
          message: `${key} is read from ${at.file}, not ${file}.`,
          why: "Here it is ignored.",
        });
      } else {
        const exact = allOptions().find((o) => splitIndex(o.key).base.toLowerCase() === base.toLowerCase());
        const suggestion = exact ? undefined : nearestKey(key);
        out.push({
          severity: suggestion ? "error" : "info",
          code: "unknown-key",
          file,
          line,
          key,
          message: suggestion
            ? `${key} is not a setting the game knows; did you mean ${suggestion}?`
            : `${key} is not in Beacon Hub's table of settings.`,
          why: suggestion
            ? "A misspelt key is ignored without a word from the game."
            : "It may be a mod's setting or a new one; if it is neither, the game ignores it.",
          suggestion,
        });
      }
      return;
    }
    checkKnown(game, file, line, key, value, here, out);
    if (!isRepeatable(here)) {
      const secKey = section.toLowerCase();
      const keys = sectionKeys.get(secKey) ?? new Map<string, number[]>();
      sectionKeys.set(secKey, keys);
      const id = key.replace(/\s+/g, "").toLowerCase();
      keys.set(id, [...(keys.get(id) ?? []), line]);
    }
  });
  for (const keys of sectionKeys.values())
    for (const lineNumbers of keys.values()) {
      if (lineNumbers.length < 2) continue;
      const [first, ...rest] = lineNumbers;
      for (const line of rest)
        out.push({
          severity: "warning",
          code: "duplicate",
          file,
          line,
          key: lines[line - 1]!.key,
          message: `${lines[line - 1]!.key} is set again here; line ${first} already sets it.`,
          why: `The game reads the first line (${first}) and ignores this one, so editing this line changes nothing.`,
          fix: { kind: "remove-line" },
        });
    }
}

function checkKnown(
  game: Game,
  file: IniFile,
  line: number,
  key: string,
  value: string,
  o: ServerOption,
  out: IniFinding[],
) {
  const at = { file, line, key };
  if (!inGame(o, game))
    out.push({
      ...at,
      severity: "warning",
      code: "other-game",
      message: `${o.key} is a setting of ${GAME_NAMES[other(game)]}, not ${GAME_NAMES[game]}.`,
      why: `An ${GAME_NAMES[game]} server ignores it.`,
      fix: { kind: "remove-line" },
    });
  if (o.commandLineOnly.includes(game)) {
    const cli = optionsNamed(o.key).find((c) => c.file === "command line");
    out.push({
      ...at,
      severity: "error",
      code: "command-line-only",
      message: `${o.key} in the ini file has no effect on ${GAME_NAMES[game]}.`,
      why: o.note ?? o.description,
      fix: cli ? { kind: "launch-option", option: launchOption(cli, value) } : undefined,
    });
  }
  if (o.deprecated)
    out.push({
      ...at,
      severity: "warning",
      code: "deprecated",
      message: `${o.key} is deprecated.`,
      why: "The sources mark it deprecated: the game no longer reads it, or may stop reading it.",
    });
  const canonical = o.indexed ? splitIndex(o.key).base : o.key;
  const written = splitIndex(key).base;
  if (written !== canonical && written.toLowerCase() === canonical.toLowerCase())
    out.push({
      ...at,
      severity: "info",
      code: "wrong-case",
      message: `${written} is written ${canonical} by the game.`,
      why: "The game ignores case, but some hosts' control panels and tools read keys case-sensitively and would not see it.",
      fix: { kind: "rename-key", key: key.replace(written, canonical) },
    });
  const bad = typeProblem(o, value);
  if (bad) {
    out.push({
      ...at,
      severity: "error",
      code: "bad-type",
      message: bad,
      why: "The game reads a value it cannot parse as 0 or its default.",
    });
    return;
  }
  const range = rangeProblem(o, value);
  if (range)
    out.push({
      ...at,
      severity: "warning",
      code: "out-of-range",
      message: range,
      why: "The game clamps or ignores a value outside this range.",
    });
}

/**
 * Each supply crate line of Game.ini read as the loot editor imports it (lib/loot/game-ini-reader)
 * and checked as a document's loot is (lib/loot/loot-warnings): a line the game cannot read,
 * and the crash risks and sanity warnings of one that it can. The difficulty is the file's
 * OverrideOfficialDifficulty (else 4), as the game's quality numbers are scaled by it.
 */
function checkLootOverrides(text: string, lines: IniLine[], out: IniFinding[], resolve?: ItemResolver) {
  const difficulty = fileDifficulty(text);
  const section = GAME_INI_SECTION.slice(1, -1).toLowerCase();
  lines.forEach((l, i) => {
    if (l.kind !== "setting" || l.key!.toLowerCase() !== SUPPLY_CRATE_KEY.toLowerCase()) return;
    if (l.section.toLowerCase() !== section) return; // the wrong-place finding says it
    const line = i + 1;
    const at = { file: "Game.ini" as const, line, key: l.key };
    const read = readGameIni(`${GAME_INI_SECTION}\n${l.text}`, { difficulty });
    // Its own problems, without the one-line text's line numbers. Items are not looked up
    // (no catalogue here): the reader's "not in the catalogue" says nothing of the line.
    const problems = read.problems
      .filter((p) => !p.startsWith("no ") && !p.includes("not in the catalogue"))
      .map((p) =>
        p
          .replace(/^line \d+(: |, )/, "")
          .replace(/, skipped$/, "")
          .replace(/^could not be read \((.*)\)$/, "$1"),
      );
    if (read.doc.sources.length === 0) {
      out.push({
        ...at,
        severity: "error",
        code: "loot-unreadable",
        message: `This ${SUPPLY_CRATE_KEY} line cannot be read: ${problems[0] ?? "it holds no crate"}.`,
        why: "The game skips a loot override it cannot parse, so the crate keeps its default contents.",
      });
      return;
    }
    if (problems.length > 0)
      out.push({
        ...at,
        severity: "warning",
        code: "loot-unreadable",
        message: `Parts of this ${SUPPLY_CRATE_KEY} line cannot be read: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}.`,
        why: "The game skips what it cannot parse: those parts drop nothing.",
      });
    if (resolve) checkLootItems(read.doc, resolve, at, out);
    for (const w of lootWarnings(read.doc))
      out.push({
        ...at,
        severity: w.severity === "crash" ? "error" : "warning",
        code: "loot-warning",
        message: w.message,
        why:
          w.severity === "crash"
            ? "A crate that rolls this much can stall or crash the server when it drops (docs/LOOT.md, Warnings)."
            : "The crate will not drop what this line seems to say.",
      });
  });
}

const listed = (names: string[]) =>
  `${names.slice(0, 5).join(", ")}${names.length > 5 ? ` and ${names.length - 5} more` : ""}`;

/** A loot line's items against the catalogue: the ones it does not know, and the mods the known ones come from. */
function checkLootItems(
  doc: LootDocument,
  resolve: ItemResolver,
  at: Pick<IniFinding, "file" | "line" | "key">,
  out: IniFinding[],
) {
  const unknown = new Set<string>();
  const mods = new Set<string>();
  for (const item of lootItems(doc)) {
    const engram = resolve(item);
    if (!engram) unknown.add(item.class || item.path);
    else if (engram.mod_id !== null) mods.add(engram.mod_name ?? `mod ${engram.mod_id}`);
  }
  if (unknown.size > 0)
    out.push({
      ...at,
      severity: "warning",
      code: "loot-unknown-items",
      message: `${unknown.size === 1 ? "An item" : `${unknown.size} items`} this line names ${unknown.size === 1 ? "is" : "are"} not in Beacon Hub's catalogue: ${listed([...unknown])}.`,
      why: "An item the server does not have drops nothing: check the spelling, or that the server runs the mod that adds it.",
    });
  if (mods.size > 0)
    out.push({
      ...at,
      severity: "info",
      code: "loot-mod-items",
      message: `This line drops items of ${listed([...mods])}.`,
      why: "The server needs those mods installed, or their items drop nothing.",
    });
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Every finding of both files, errors first, then by file and line. */
export function checkIni(input: IniCheckInput): IniFinding[] {
  const out: IniFinding[] = [];
  for (const file of ["GameUserSettings.ini", "Game.ini"] as const) {
    const text = input.files[file];
    if (text === undefined) continue;
    const lines = parseIni(text);
    checkFile(input.game, file, lines, out);
    if (file === "Game.ini") checkLootOverrides(text, lines, out, input.items);
  }
  return out.sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.file.localeCompare(b.file) || a.line - b.line);
}

export interface FixedFiles {
  files: Partial<Record<IniFile, string>>;
  /** launch options the fixes took out of the files, for the server's command line */
  launchOptions: string[];
  /** how many fixes were applied */
  applied: number;
}

/**
 * Both files with every certain fix applied: headers and keys renamed, losing duplicates
 * and other games' keys removed, launch options taken out (and listed), settings moved to
 * their file and section (added there unless that section sets the key already). Lines
 * without a fix stay byte for byte, line endings included.
 */
export function applyFixes(input: IniCheckInput, findings: readonly IniFinding[]): FixedFiles {
  const byLine = new Map<string, IniFix>();
  for (const f of findings) if (f.fix) byLine.set(`${f.file}:${f.line}`, f.fix);
  const parsed = new Map<IniFile, IniLine[]>();
  for (const file of ["Game.ini", "GameUserSettings.ini"] as const) {
    const text = input.files[file];
    if (text !== undefined) parsed.set(file, parseIni(text));
  }
  const moves: { file: IniFile; section: string; text: string; key: string }[] = [];
  const launchOptions: string[] = [];
  let applied = 0;
  const kept = new Map<IniFile, IniLine[]>();
  for (const [file, lines] of parsed) {
    const out: IniLine[] = [];
    lines.forEach((l, i) => {
      const fix = byLine.get(`${file}:${i + 1}`);
      if (!fix) return out.push(l);
      applied++;
      if (fix.kind === "rename-section") out.push({ ...l, text: l.text.replace(`[${l.section}]`, `[${fix.section}]`) });
      else if (fix.kind === "rename-key") out.push({ ...l, text: l.text.replace(l.key!, fix.key) });
      else if (fix.kind === "launch-option") launchOptions.push(fix.option);
      else if (fix.kind === "move")
        moves.push({ file: fix.to.file, section: fix.to.section, text: l.text.trim(), key: l.key! });
      // remove-line: dropped
    });
    kept.set(file, out);
  }
  for (const m of moves) {
    const lines = kept.get(m.file) ?? [];
    kept.set(m.file, lines);
    const eol = lines.find((l) => l.end)?.end ?? "\n";
    const inSection = (l: IniLine) => l.section.toLowerCase() === m.section.toLowerCase();
    if (lines.some((l) => inSection(l) && l.kind === "setting" && l.key!.toLowerCase() === m.key.toLowerCase()))
      continue;
    const last = lines.findLastIndex((l) => inSection(l) && l.kind !== "blank");
    const line: IniLine = { text: m.text, end: eol, kind: "setting", section: m.section, key: m.key, value: "" };
    if (last >= 0) {
      if (lines[last]!.end === "") lines[last] = { ...lines[last]!, end: eol };
      lines.splice(last + 1, 0, line);
    } else {
      if (lines.length > 0 && lines[lines.length - 1]!.end === "") lines[lines.length - 1]!.end = eol;
      lines.push({ text: `[${m.section}]`, end: eol, kind: "section", section: m.section }, line);
    }
  }
  const files: Partial<Record<IniFile, string>> = {};
  for (const [file, lines] of kept) files[file] = lines.map((l) => l.text + l.end).join("");
  return { files, launchOptions, applied };
}
