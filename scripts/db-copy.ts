/**
 * usage: npm run db:copy -- --from file:./data/beacon.db --to postgresql://... [--force] [--json]
 * Copies a SQLite database into PostgreSQL (lib/db-copy/copy-database.ts), verifies
 * every table's row count and checksum on both sides and prints them. See USAGE.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { progressBar, table, type Progress } from "@/lib/cli/output";
import { copyDatabase, CopyError, redactUrl, type CopyProgress, type CopyReport } from "@/lib/db-copy/copy-database";
import { SchemaReadError } from "@/lib/db/model-tables";
import { SourceError } from "@/lib/db-copy/sqlite-source";

const USAGE = `usage: npm run db:copy -- --from file:<sqlite file> --to postgresql://<user>@<host>/<db> [--force] [--json]

Copies every row of a Beacon Hub SQLite database into a PostgreSQL database, then
checks each table's row count and checksum on both sides and prints them.

  --from URL   the SQLite database (file:...); stop the server using it first, or
               writes made after the copy starts are not copied
  --to URL     the PostgreSQL database: new and empty (createdb). Its schema is created
               here. One that already has the schema but no rows needs --force; one that
               holds any row is refused
  --force      copy into a target that already has the (empty) schema
  --json       print the summary as JSON on stdout (progress still goes to stderr)

Progress (rows and rows/s) goes to stderr. Exit status: 0 copied and verified,
1 refused, failed or a checksum differs, 2 usage.`;

function main(): Promise<number> | number {
  let args;
  try {
    args = parseArgs({
      options: {
        from: { type: "string" },
        to: { type: "string" },
        force: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const { from, to, force, json } = args.values;
  if (!from || !to) {
    console.error(`Both --from and --to are needed.\n\n${USAGE}`);
    return 2;
  }
  return run(from, to, force === true, json === true);
}

async function run(from: string, to: string, force: boolean, json: boolean): Promise<number> {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const bars = progressOnStderr();
  process.stderr.write(`copying ${from} -> ${redactUrl(to)}\n`);
  let report: CopyReport;
  try {
    report = await copyDatabase({
      from,
      to,
      force,
      root,
      onProgress: bars.update,
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (err) {
    bars.finish();
    if (err instanceof CopyError || err instanceof SourceError || err instanceof SchemaReadError) {
      console.error(`db:copy: ${err.message}`);
      return 1;
    }
    throw err;
  }
  bars.finish();
  if (json) console.log(JSON.stringify(summary(report, from, to), null, 2));
  else printReport(report);
  return report.verified ? 0 : 1;
}

function summary(report: CopyReport, from: string, to: string) {
  return {
    from,
    to: redactUrl(to),
    verified: report.verified,
    rows: report.rows,
    copy_seconds: round(report.copySeconds),
    verify_seconds: round(report.verifySeconds),
    rows_per_second: Math.round(report.rows / (report.copySeconds || 1)),
    tables: report.tables.map((t) => ({
      table: t.table,
      source_rows: t.sourceRows,
      target_rows: t.targetRows,
      source_checksum: t.sourceChecksum,
      target_checksum: t.targetChecksum,
      ok: t.ok,
    })),
    sequences: report.sequences,
  };
}

function printReport(report: CopyReport): void {
  console.log(
    table(
      ["table", "rows (SQLite)", "rows (PostgreSQL)", "checksum (SQLite)", "checksum (PostgreSQL)", ""],
      report.tables.map((t) => [
        t.table,
        String(t.sourceRows),
        String(t.targetRows),
        t.sourceChecksum.slice(0, 16),
        t.targetChecksum.slice(0, 16),
        t.ok ? "ok" : "DIFFERS",
      ]),
    ),
  );
  for (const s of report.sequences) console.log(`sequence of ${s.table}.${s.column}: next value ${s.next}`);
  console.log(
    `${report.rows} rows copied in ${round(report.copySeconds)} s (${Math.round(report.rows / (report.copySeconds || 1))} rows/s), verified in ${round(report.verifySeconds)} s: ${report.verified ? "every table matches" : "SOME TABLES DIFFER"}`,
  );
}

const round = (s: number) => Math.round(s * 100) / 100;

/** One bar per table and phase; on a pipe, a line at most every 2 s and at each table's end. */
function progressOnStderr(): { update: (p: CopyProgress) => void; finish: () => void } {
  let current: { key: string; bar: Progress; lastLine: number } | null = null;
  const tty = process.stderr.isTTY === true;
  return {
    update(p) {
      const key = `${p.phase} ${p.table}`;
      if (current?.key !== key) {
        current?.bar.finish();
        current = {
          key,
          bar: progressBar(`${p.phase === "copy" ? "copying" : "verifying"} ${p.table}`.padEnd(32), p.total),
          lastLine: 0,
        };
      }
      const now = Date.now();
      if (tty || p.done >= p.total || now - current.lastLine >= 2000) {
        current.bar.update(p.done, `${Math.round(p.rate)} rows/s`);
        current.lastLine = now;
      }
    },
    finish() {
      current?.bar.finish();
      current = null;
    },
  };
}

Promise.resolve(main())
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    // Driver and system errors (a wrong URL, a refused connection) carry a code: their message says it all.
    const e = err as Error & { code?: unknown };
    console.error(`db:copy failed: ${typeof e.code === "string" ? e.message : (e.stack ?? String(err))}`);
    process.exit(1);
  });
