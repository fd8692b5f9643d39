/**
 * A mod's engrams or creatures as a file, in the engram file format the upload, the
 * importer, the pull and the CLI read (lib/engrams/engram-file.ts): CSV or a JSON POST
 * body. Creature files name their kind (a `kind` column, a `kind` key) so every reader
 * takes them as creatures; engram files do not, and stay what they were before
 * creatures existed (a pull file naming kinds governs the mod's creatures too).
 * CSV cells that a spreadsheet would run as a formula get a leading `'` (OWASP's CSV
 * injection advice); readEngramFile drops it again, so a download reads back unchanged.
 */
import { neutraliseFormula } from "@/lib/csv/formula-cells";
import type { ItemJson } from "@/lib/engrams/find-engrams";
import type { ItemKind } from "@/lib/engrams/item-kind";

export type CatalogueFormat = "csv" | "json";

function cell(raw: string): string {
  const value = neutraliseFormula(raw);
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function catalogueCsv(kind: ItemKind, items: ItemJson[]): string {
  const lines = [kind === "engrams" ? "path,label,availability,can_blueprint" : "kind,path,label,availability"];
  for (const e of items) {
    const cells =
      "can_blueprint" in e
        ? [e.path, e.label, e.environments.join(","), String(e.can_blueprint)]
        : ["creature", e.path, e.label, e.environments.join(",")];
    lines.push(cells.map(cell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

/** A POST body of the kind's endpoint (mod_id left out: the file's rows belong to the mod they are uploaded to). */
export function catalogueJson(items: ItemJson[]): string {
  const rows = items.map((e) =>
    "can_blueprint" in e
      ? { path: e.path, label: e.label, environments: e.environments, can_blueprint: e.can_blueprint }
      : { kind: "creature", path: e.path, label: e.label, environments: e.environments },
  );
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** `engrams.csv`, `creatures.json`...: the download names the dashboard serves. */
export function parseCatalogueFileName(name: string): { kind: ItemKind; format: CatalogueFormat } | null {
  const m = /^(engrams|creatures)\.(csv|json)$/.exec(name);
  return m ? { kind: m[1] as ItemKind, format: m[2] as CatalogueFormat } : null;
}
