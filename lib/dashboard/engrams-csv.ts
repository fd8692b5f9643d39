/** A mod's engrams as CSV, in the engram file format the upload, importer and pull read. */
import type { EngramJson } from "@/lib/engrams/engram-json";

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function engramsCsv(engrams: EngramJson[]): string {
  const lines = ["path,label,availability,can_blueprint"];
  for (const e of engrams) lines.push([e.path, e.label, e.environments.join(","), String(e.can_blueprint)].map(cell).join(","));
  return lines.join("\r\n") + "\r\n";
}
