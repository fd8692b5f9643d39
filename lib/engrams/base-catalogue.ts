/**
 * The base game's catalogue, shipped as data in prisma/seed/ (docs/CATALOGUE.md names
 * the sources): base-game-items.csv (engrams) and base-game-creatures.csv, read into
 * catalogue rows (engram-input.ts: itemFactsInput) and loaded at start-up through the
 * same checks as `npm run engrams:import`.
 *
 * Every row it loads is recorded in catalogue_shipped with the values shipped, so a later
 * start on a newer catalogue knows which rows the operator changed (values differ from
 * the record) or deleted (recorded, missing): those stay as the operator left them. Rows
 * never shipped are added; rows still as shipped are brought up to the new values. An
 * install from before the record is taken to have been shipped the 2017 catalogue
 * (base-game-engrams.csv) when it holds any base-game row.
 *
 * Instances starting together on one PostgreSQL take turns on an advisory lock held
 * around the comparison and the load, so exactly one loads and the others find it
 * there; on SQLite its write lock, taken before the check, does the same. A load that
 * fails is reported and leaves the database as it was: the server still serves (mods,
 * documents and the API do not depend on it) and the next start tries again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCsv } from "@/lib/csv/parse-csv";
import { chunks } from "@/lib/db/chunks";
import type { Db, Tx } from "@/lib/db/client";
import { lockForCheckThenWrite } from "@/lib/db/lock";
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { EngramRecord } from "@/lib/engrams/engram-input";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { importEngramsWithin, validateRows, type RowError } from "@/lib/engrams/import-engrams";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

/** The shipped files, relative to the app's root. */
export const BASE_CATALOGUE_FILES = {
  engrams: "prisma/seed/base-game-items.csv",
  creatures: "prisma/seed/base-game-creatures.csv",
  /** the 2017 catalogue: what installs from before catalogue_shipped were shipped */
  shipped2017: "prisma/seed/base-game-engrams.csv",
  /** ARK: Survival Ascended's creatures (no public data set lists its items) */
  asaCreatures: "prisma/seed/asa-creatures.csv",
} as const;

export interface BaseCatalogueCounts {
  engrams: number;
  creatures: number;
  added: number;
  /** rows still as shipped, given the new shipped values */
  updated: number;
  /** rows the operator changed or deleted, kept so */
  changed: number;
  deleted: number;
}

export type BaseCatalogueOutcome =
  | ({ status: "loaded"; ms: number } & BaseCatalogueCounts)
  | ({ status: "present" } & BaseCatalogueCounts)
  | { status: "failed"; message: string };

/** One file's rows, named for error messages. */
interface CatalogueFile {
  kind: ItemKind;
  game: Game;
  file: string;
  rows: EngramFileRow[];
}

/** Thrown inside the transaction to roll back a refused load. */
class RefusedRows extends Error {
  constructor(
    readonly file: string,
    readonly errors: RowError[],
  ) {
    super(`${errors.length} row(s) refused`);
  }
}

function describeRefusal(file: string, errors: RowError[]): string {
  const shown = errors.slice(0, 5).map((e) => `row ${e.row}: ${e.message}`);
  const more = errors.length > shown.length ? `; and ${errors.length - shown.length} more` : "";
  return `${file}: ${shown.join("; ")}${more}`;
}

/** A CSV file as records keyed by its header, with their line numbers. */
function readCsv(text: string): { line: number; cells: Record<string, string> }[] {
  const [header, ...body] = parseCsv(text);
  if (!header) return [];
  const keys = header.fields.map((k) => k.trim().toLowerCase());
  return body.map((r) => ({
    line: r.line,
    cells: Object.fromEntries(keys.map((k, i) => [k, (r.fields[i] ?? "").trim()])),
  }));
}

const orNull = (cell: string | undefined) => (cell === undefined || cell === "" ? null : cell);

/** The data set's placeholder where the game has several strings for one item. */
const PLACEHOLDER_LABEL = "Multiple Values";

/**
 * The catalogue rows of one shipped file, with the rules docs/CATALOGUE.md states:
 * labels on one line (the game wrapped tribute items' names), an empty label or the data
 * set's placeholder replaced by the 2017 catalogue's label, else the class name; maps and
 * can_blueprint the data leaves empty taken from the 2017 catalogue where it has the
 * path; rows repeating a path merged into the first (its empty cells filled). Cells the
 * data leaves empty stay unknown (null).
 */
export function catalogueRows(kind: ItemKind, text: string, shipped2017: Map<string, Record<string, string>>) {
  const byUid = new Map<string, { line: number; cells: Record<string, string> }>();
  for (const record of readCsv(text)) {
    const uid = uidOf(record.cells.path ?? "");
    const first = byUid.get(uid);
    if (!first) byUid.set(uid, record);
    else for (const [k, v] of Object.entries(record.cells)) if (!first.cells[k]) first.cells[k] = v;
  }
  return [...byUid.entries()].map(([uid, { line, cells }]): EngramFileRow => {
    const old = kind === "engrams" ? shipped2017.get(uid) : undefined;
    let label = (cells.label ?? "").replace(/\s+/g, " ").trim();
    if (label === "" || label === PLACEHOLDER_LABEL) label = old?.label || classOf(cells.path ?? "");
    const maps = orNull(cells.maps) ?? orNull(old?.availability?.replaceAll(",", ";"));
    const value: Record<string, unknown> = {
      kind,
      path: cells.path,
      label,
      mod_id: null,
      maps: maps === null ? null : maps,
    };
    if (kind === "engrams") {
      const blueprint = orNull(cells.can_blueprint) ?? orNull(old?.can_blueprint);
      value.can_blueprint = blueprint;
      value.category = orNull(cells.category);
    } else {
      value.tameable = orNull(cells.tameable);
      value.listed_as = orNull(cells.listed_as);
    }
    return { row: line, value };
  });
}

/** The 2017 catalogue by uid. */
function read2017(text: string): Map<string, Record<string, string>> {
  return new Map(readCsv(text).map((r) => [uidOf(r.cells.path ?? ""), r.cells]));
}

/** What a row holds of the catalogue, as compared with what was shipped. */
interface RowValues {
  path: string;
  label: string;
  environments: number;
  canBlueprint?: boolean;
  maps: number | null;
  category?: string | null;
  blueprintKnown?: boolean;
  tameable?: boolean | null;
  listedAs?: string | null;
}

/** The shipped record of a row: its values as JSON, keys in one order. */
export function shippedValues(kind: ItemKind, v: RowValues): string {
  return JSON.stringify(
    kind === "engrams"
      ? [v.path, v.label, v.environments, v.canBlueprint, v.maps, v.category, v.blueprintKnown]
      : [v.path, v.label, v.environments, v.maps, v.tameable, v.listedAs],
  );
}

/** The values a record leaves in its row once loaded (can_blueprint: true when not given). */
function recordValues(r: EngramRecord): RowValues {
  return {
    path: r.path,
    label: r.label,
    environments: r.environments,
    canBlueprint: r.canBlueprint ?? true,
    maps: r.facts?.maps ?? null,
    category: r.facts?.category ?? null,
    blueprintKnown: r.facts?.blueprintKnown ?? true,
    tameable: r.facts?.tameable ?? null,
    listedAs: r.facts?.listedAs ?? null,
  };
}

async function currentRows(tx: Tx, kind: ItemKind, game: Game): Promise<Map<string, string>> {
  const rows: (RowValues & { uid: string })[] =
    kind === "engrams"
      ? await tx.engram.findMany({
          where: { modId: null, game },
          select: {
            uid: true,
            path: true,
            label: true,
            environments: true,
            canBlueprint: true,
            maps: true,
            category: true,
            blueprintKnown: true,
          },
        })
      : await tx.creature.findMany({
          where: { modId: null, game },
          select: {
            uid: true,
            path: true,
            label: true,
            environments: true,
            maps: true,
            tameable: true,
            listedAs: true,
          },
        });
  return new Map(rows.map((r) => [r.uid, shippedValues(kind, r)]));
}

/** The 2017 catalogue's records, as it was loaded (no facts beyond v1). */
function records2017(shipped2017: Map<string, Record<string, string>>): Map<string, string> {
  const valid = validateRows([...shipped2017.values()].map((value, i) => ({ row: i + 2, value })));
  return new Map(valid.records.map((r) => [r.uid, shippedValues("engrams", recordValues(r))]));
}

/** Compares, loads what is to load and records it, inside one locked transaction. */
async function loadOnce(
  db: Db,
  files: CatalogueFile[],
  shipped2017: Map<string, Record<string, string>>,
): Promise<BaseCatalogueOutcome> {
  return db.$transaction(
    async (tx): Promise<BaseCatalogueOutcome> => {
      await lockForCheckThenWrite(tx, "base-catalogue");
      const counts: BaseCatalogueCounts = { engrams: 0, creatures: 0, added: 0, updated: 0, changed: 0, deleted: 0 };
      const recordedRows = await tx.catalogueShipped.findMany({ select: { kind: true, uid: true, shipped: true } });
      const newRecords: { kind: ItemKind; uid: string; shipped: string }[] = [];
      for (const { kind, game, file, rows } of files) {
        const valid = validateRows(rows, kind, { facts: true, game });
        if (valid.errors.length > 0) throw new RefusedRows(file, valid.errors);
        counts[kind] = valid.records.length;
        const current = await currentRows(tx, kind, game);
        const recorded = new Map(recordedRows.filter((r) => r.kind === kind).map((r) => [r.uid, r.shipped]));
        if (recordedRows.length === 0 && kind === "engrams" && game === V1_GAME && current.size > 0) {
          for (const [uid, shipped] of records2017(shipped2017)) {
            recorded.set(uid, shipped);
            newRecords.push({ kind, uid, shipped });
          }
        }
        const rowAt = new Map(rows.map((r) => [r.row, r]));
        const load: EngramFileRow[] = [];
        valid.records.forEach((record, i) => {
          const shipped = shippedValues(kind, recordValues(record));
          const now = current.get(record.uid);
          const before = recorded.get(record.uid);
          if (before === undefined && now !== undefined) {
            // The operator's own row of a path never shipped before: theirs, unless it is
            // what we ship anyway.
            if (now === shipped) newRecords.push({ kind, uid: record.uid, shipped });
            else counts.changed++;
            return;
          }
          if (before !== undefined && now === undefined) return void counts.deleted++;
          if (before !== undefined && now !== before) return void counts.changed++;
          if (before === shipped) return;
          if (now === undefined) counts.added++;
          else counts.updated++;
          load.push(rowAt.get(valid.rowOf[i]!)!);
          newRecords.push({ kind, uid: record.uid, shipped });
        });
        if (load.length === 0) continue;
        const result = await importEngramsWithin(tx, load, game);
        if (!result.ok) throw new RefusedRows(file, result.errors);
      }
      if (newRecords.length === 0) return { status: "present", ...counts };
      for (const part of chunks(newRecords)) {
        for (const kind of ["engrams", "creatures"] as const) {
          const uids = part.filter((r) => r.kind === kind).map((r) => r.uid);
          if (uids.length > 0) await tx.catalogueShipped.deleteMany({ where: { kind, uid: { in: uids } } });
        }
        await tx.catalogueShipped.createMany({ data: part });
      }
      return { status: "loaded", ms: 0, ...counts };
    },
    // Another instance may hold the lock for the length of its load.
    { maxWait: 30_000, timeout: 120_000 },
  );
}

const ATTEMPTS = 3;

function keptNote(c: BaseCatalogueCounts): string {
  return `kept as the operator left them: ${c.changed} changed, ${c.deleted} deleted`;
}

/**
 * Loads ASE's catalogue, then ASA's (its creatures), each in a transaction of its own
 * with its own log line: the ASE outcome is returned (what the v1 interface reports).
 */
export async function loadBaseCatalogue(
  db: Db,
  options: { root: string; log: (line: string) => void },
): Promise<BaseCatalogueOutcome> {
  const outcome = await loadGameCatalogue(db, V1_GAME, options);
  await loadGameCatalogue(db, "asa", options);
  return outcome;
}

function catalogueFiles(
  game: Game,
  root: string,
): { files: CatalogueFile[]; shipped2017: Map<string, Record<string, string>> } {
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  if (game === "asa") {
    const file = BASE_CATALOGUE_FILES.asaCreatures;
    return {
      files: [{ kind: "creatures", game, file, rows: catalogueRows("creatures", read(file), new Map()) }],
      shipped2017: new Map(),
    };
  }
  const shipped2017 = read2017(read(BASE_CATALOGUE_FILES.shipped2017));
  const files = (["engrams", "creatures"] as const).map((kind) => ({
    kind,
    game,
    file: BASE_CATALOGUE_FILES[kind],
    rows: catalogueRows(kind, read(BASE_CATALOGUE_FILES[kind]), shipped2017),
  }));
  return { files, shipped2017 };
}

async function loadGameCatalogue(
  db: Db,
  game: Game,
  options: { root: string; log: (line: string) => void },
): Promise<BaseCatalogueOutcome> {
  const { root } = options;
  // ASE's lines name no game (the v1 interface's); ASA's say whose they are.
  const log =
    game === V1_GAME ? options.log : (line: string) => options.log(line.replace("base catalogue:", "ASA catalogue:"));
  const started = performance.now();
  let outcome: BaseCatalogueOutcome | undefined;
  let files: CatalogueFile[] = [];
  let shipped2017 = new Map<string, Record<string, string>>();
  try {
    ({ files, shipped2017 } = catalogueFiles(game, root));
  } catch (err) {
    outcome = { status: "failed", message: err instanceof Error ? err.message : String(err) };
  }
  for (let attempt = 1; !outcome; attempt++) {
    try {
      outcome = await loadOnce(db, files, shipped2017);
    } catch (err) {
      // Refused rows stay refused; anything else (SQLite busy for longer than its
      // timeout while another process loads) is tried again, and then finds the rows.
      if (err instanceof RefusedRows) outcome = { status: "failed", message: describeRefusal(err.file, err.errors) };
      else if (attempt === ATTEMPTS)
        outcome = { status: "failed", message: err instanceof Error ? err.message : String(err) };
    }
  }
  if (outcome.status === "loaded") {
    outcome.ms = Math.round(performance.now() - started);
    log(
      `base catalogue: loaded ${outcome.engrams} engrams and ${outcome.creatures} creatures (${outcome.added} added, ${outcome.updated} brought up to date; ${keptNote(outcome)}) in ${outcome.ms} ms`,
    );
  } else if (outcome.status === "present") {
    log(
      `base catalogue: up to date, ${outcome.engrams} engrams and ${outcome.creatures} creatures shipped (${keptNote(outcome)}), nothing loaded`,
    );
  } else {
    log(`base catalogue: NOT LOADED, serving without it (the next start tries again): ${outcome.message}`);
  }
  return outcome;
}
