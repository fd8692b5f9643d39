/**
 * Engram files (the operator's importer, later the pull job): a JSON engram POST body
 * (one object or an array) or a CSV whose header row names engram keys. Every row keeps
 * its number for error messages: the 1-based position in a JSON array, the line in a
 * CSV file. Empty CSV cells count as absent keys. A CSV cell starting with `'` and then
 * `=`, `+`, `-`, `@`, a tab or a CR loses that quote: it is how our downloads (and
 * spreadsheets) keep such cells from running as formulas (lib/csv/formula-cells.ts).
 */
import { restoreFormula } from "@/lib/csv/formula-cells";
import { parseCsv } from "@/lib/csv/parse-csv";

export interface EngramFileRow {
  row: number;
  value: unknown;
}

export class EngramFileError extends Error {}

export function engramFileFormat(nameOrType: string): "json" | "csv" | null {
  const s = nameOrType.toLowerCase();
  if (s.endsWith(".json") || s.startsWith("application/json")) return "json";
  if (s.endsWith(".csv") || s.startsWith("text/csv")) return "csv";
  return null;
}

export function readEngramFile(text: string, format: "json" | "csv"): EngramFileRow[] {
  if (format === "json") {
    let data: unknown;
    try {
      data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (err) {
      throw new EngramFileError(`not valid JSON: ${(err as Error).message}`);
    }
    return (Array.isArray(data) ? data : [data]).map((value, i) => ({ row: i + 1, value }));
  }
  let records;
  try {
    records = parseCsv(text);
  } catch (err) {
    throw new EngramFileError(`not valid CSV: ${(err as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header) return [];
  const keys = header.fields.map((k) => k.trim().toLowerCase());
  if (keys.some((k) => k === "") || new Set(keys).size !== keys.length) {
    throw new EngramFileError(
      "the CSV header row must name each column once (path, label, mod_id, availability, can_blueprint)",
    );
  }
  return body.map((r) => {
    if (r.fields.length !== keys.length) {
      return {
        row: r.line,
        value: new EngramFileError(`has ${r.fields.length} fields where the header has ${keys.length}`),
      };
    }
    const value: Record<string, string> = {};
    keys.forEach((k, i) => {
      const cell = restoreFormula(r.fields[i]!);
      if (cell.trim() !== "") value[k] = cell;
    });
    return { row: r.line, value };
  });
}
