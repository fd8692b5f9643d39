/**
 * A mod's engrams as CSV, in the engram file format the upload, importer and pull read.
 * Cells that a spreadsheet would run as a formula get a leading `'` (OWASP's CSV
 * injection advice); readEngramFile drops it again, so a download reads back unchanged.
 */
import { neutraliseFormula } from "@/lib/csv/formula-cells";
import type { EngramJson } from "@/lib/engrams/engram-json";

function cell(raw: string): string {
  const value = neutraliseFormula(raw);
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function engramsCsv(engrams: EngramJson[]): string {
  const lines = ["path,label,availability,can_blueprint"];
  for (const e of engrams) lines.push([e.path, e.label, e.environments.join(","), String(e.can_blueprint)].map(cell).join(","));
  return lines.join("\r\n") + "\r\n";
}
