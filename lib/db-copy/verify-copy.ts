/**
 * The copy's last step: every table read back from PostgreSQL in primary-key order, in
 * one read-only snapshot, and checksummed the way the source was while it was read
 * (lib/db-copy/canonical-row.ts); counted too. A table matches when both counts and
 * both checksums are equal.
 */
import type pg from "pg";
import { TableChecksum } from "@/lib/db-copy/canonical-row";
import { countRows, readRows } from "@/lib/db-copy/postgres-target";
import type { ModelTable } from "@/lib/db/model-tables";

export interface TableReport {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

export type VerifyProgress = (p: { phase: "verify"; table: string; done: number; total: number; rate: number }) => void;

export async function verifyCopy(
  target: pg.Client,
  tables: ModelTable[],
  sourceSums: Map<string, TableChecksum>,
  totals: Map<string, number>,
  onProgress?: VerifyProgress,
): Promise<TableReport[]> {
  const started = performance.now();
  const reports: TableReport[] = [];
  let verified = 0;
  await target.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    for (const table of tables) {
      const sum = new TableChecksum(table.columns.map((c) => c.type));
      for await (const rows of readRows(target, table)) {
        for (const row of rows) sum.add(row);
        onProgress?.({
          phase: "verify",
          table: table.name,
          done: sum.rows,
          total: totals.get(table.name)!,
          rate: (verified + sum.rows) / ((performance.now() - started) / 1000 || 1),
        });
      }
      verified += sum.rows;
      const targetRows = await countRows(target, table.name);
      const s = sourceSums.get(table.name)!;
      reports.push({
        table: table.name,
        sourceRows: s.rows,
        targetRows,
        sourceChecksum: s.hex(),
        targetChecksum: sum.hex(),
        ok: s.rows === targetRows && sum.rows === targetRows && s.hex() === sum.hex(),
      });
    }
  } finally {
    await target.query("COMMIT");
  }
  return reports;
}
