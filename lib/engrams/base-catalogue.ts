/**
 * The base game's catalogue, shipped as data (prisma/seed/base-game-engrams.csv) and
 * loaded at start-up into a database that has no base-game engram yet, through the same
 * checks as `npm run engrams:import`. Once any base-game row exists nothing is loaded,
 * so rows an operator changed or removed stay as they are.
 *
 * Instances starting together on one PostgreSQL take turns on an advisory lock held
 * around "is it there yet?" and the load, so exactly one loads and the others find it
 * there; on SQLite its write lock, taken before the check, does the same. A load that
 * fails is reported and leaves the database as it was: the server still serves (mods,
 * documents and the API do not depend on it) and the next start tries again.
 */
import { readFileSync } from "node:fs";
import type { Db } from "@/lib/db/client";
import { lockForCheckThenWrite } from "@/lib/db/lock";
import { readEngramFile, type EngramFileRow } from "@/lib/engrams/engram-file";
import { importEngramsWithin, type RowError } from "@/lib/engrams/import-engrams";

export type BaseCatalogueOutcome =
  | { status: "loaded"; created: number; updated: number; ms: number }
  | { status: "present"; count: number }
  | { status: "failed"; message: string };

/** Thrown inside the transaction to roll back a refused load. */
class RefusedRows extends Error {
  constructor(readonly errors: RowError[]) {
    super(`${errors.length} row(s) refused`);
  }
}

function describeRefusal(file: string, errors: RowError[]): string {
  const shown = errors.slice(0, 5).map((e) => `row ${e.row}: ${e.message}`);
  const more = errors.length > shown.length ? `; and ${errors.length - shown.length} more` : "";
  return `${file}: ${shown.join("; ")}${more}`;
}

/** Loads the file unless base-game engrams exist, inside one locked transaction. */
async function loadOnce(db: Db, rows: EngramFileRow[]): Promise<BaseCatalogueOutcome> {
  return db.$transaction(
    async (tx): Promise<BaseCatalogueOutcome> => {
      await lockForCheckThenWrite(tx, "base-catalogue");
      const count = await tx.engram.count({ where: { modId: null } });
      if (count > 0) return { status: "present", count };
      const result = await importEngramsWithin(tx, rows);
      if (!result.ok) throw new RefusedRows(result.errors);
      return { status: "loaded", created: result.created, updated: result.updated, ms: 0 };
    },
    // Another instance may hold the lock for the length of its load.
    { maxWait: 30_000, timeout: 120_000 },
  );
}

const ATTEMPTS = 3;

export async function loadBaseCatalogue(
  db: Db,
  options: { file: string; log: (line: string) => void },
): Promise<BaseCatalogueOutcome> {
  const { file, log } = options;
  const started = performance.now();
  let outcome: BaseCatalogueOutcome | undefined;
  let rows: EngramFileRow[] = [];
  try {
    rows = readEngramFile(readFileSync(file, "utf8"), "csv");
  } catch (err) {
    outcome = { status: "failed", message: err instanceof Error ? err.message : String(err) };
  }
  for (let attempt = 1; !outcome; attempt++) {
    try {
      outcome = await loadOnce(db, rows);
    } catch (err) {
      // Refused rows stay refused; anything else (SQLite busy for longer than its
      // timeout while another process loads) is tried again, and then finds the rows.
      if (err instanceof RefusedRows) outcome = { status: "failed", message: describeRefusal(file, err.errors) };
      else if (attempt === ATTEMPTS)
        outcome = { status: "failed", message: err instanceof Error ? err.message : String(err) };
    }
  }
  if (outcome.status === "loaded") {
    outcome.ms = Math.round(performance.now() - started);
    log(
      `base catalogue: loaded ${outcome.created + outcome.updated} base-game engrams (${outcome.created} added, ${outcome.updated} updated) in ${outcome.ms} ms`,
    );
  } else if (outcome.status === "present") {
    log(`base catalogue: ${outcome.count} base-game engrams present, not loaded`);
  } else {
    log(
      `base catalogue: NOT LOADED, serving without it (the next start tries again; or run npm run engrams:import -- ${file}): ${outcome.message}`,
    );
  }
  return outcome;
}
