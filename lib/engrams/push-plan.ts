/**
 * `beacon-hub engrams push` (and `creatures push`): an engram file checked locally with
 * the rules the API applies (validateRows, the importer's), then compared with the mod's
 * engrams on the server, so only new or changed engrams are sent and the summary can say
 * what was added, updated and (with --sync) removed.
 */
import type { CreatureJson, EngramInputJson, EngramJson } from "@/lib/client/beacon-api";
import type { EngramFileRow } from "@/lib/engrams/engram-file";
import { environmentNames } from "@/lib/engrams/environments";
import type { EngramRecord } from "@/lib/engrams/engram-input";
import { validateRows, type RowError } from "@/lib/engrams/import-engrams";
import type { ItemKind } from "@/lib/engrams/item-kind";

export interface PushFile {
  /** the rows of the kind pushed (byKind[kind]) */
  records: EngramRecord[];
  /** every good row by its kind: one file may carry engrams and creatures */
  byKind: Record<ItemKind, EngramRecord[]>;
  errors: RowError[];
}

/**
 * The one rule of a pushed or uploaded file (CLI push, dashboard upload): rows without
 * mod_id belong to `modId` (a row naming another mod is an error); rows without kind are
 * of `kind`, the kind pushed, and a row naming a kind is of that kind, so one file may
 * carry both engrams and creatures, as the importer and pulls read it.
 */
export function validatePushRows(rows: EngramFileRow[], modId: string, kind: ItemKind = "engrams"): PushFile {
  const withMod = rows.map(({ row, value }) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return { row, value };
    const v = value as Record<string, unknown>;
    const missing =
      v.mod_id === undefined || v.mod_id === null || (typeof v.mod_id === "string" && v.mod_id.trim() === "");
    return { row, value: missing ? { ...v, mod_id: modId } : v };
  });
  const { records, rowOf, kindOf, errors } = validateRows(withMod, kind);
  const byKind: Record<ItemKind, EngramRecord[]> = { engrams: [], creatures: [] };
  records.forEach((r, i) => {
    if (r.modId !== modId)
      errors.push({ row: rowOf[i]!, message: `mod_id: ${r.modId ?? "none"} differs from --mod ${modId}` });
    else byKind[kindOf[i]!].push(r);
  });
  return { records: byKind[kind], byKind, errors: errors.sort((a, b) => a.row - b.row) };
}

export interface PushPlan {
  /** what to POST: new and changed engrams */
  send: EngramInputJson[];
  added: number;
  updated: number;
  unchanged: number;
  /** uids on the server that the file lacks */
  missing: string[];
}

function sameEngram(record: EngramRecord, current: EngramJson | CreatureJson): boolean {
  const environments = environmentNames(record.environments);
  return (
    record.path === current.path &&
    record.label === current.label &&
    environments.join(",") === current.environments.join(",") &&
    // can_blueprint left out of the file keeps the stored value (docs/CONTRACT.md#engrams); creatures have none
    (record.canBlueprint === undefined ||
      !("can_blueprint" in current) ||
      record.canBlueprint === current.can_blueprint)
  );
}

export function planPush(records: EngramRecord[], current: (EngramJson | CreatureJson)[]): PushPlan {
  const byUid = new Map(current.map((e) => [e.uid, e]));
  const plan: PushPlan = { send: [], added: 0, updated: 0, unchanged: 0, missing: [] };
  for (const r of records) {
    const existing = byUid.get(r.uid);
    if (existing && sameEngram(r, existing)) {
      plan.unchanged++;
      continue;
    }
    if (existing) plan.updated++;
    else plan.added++;
    plan.send.push({
      path: r.path,
      label: r.label,
      mod_id: r.modId,
      environments: environmentNames(r.environments),
      ...(r.canBlueprint === undefined ? {} : { can_blueprint: r.canBlueprint }),
    });
  }
  const inFile = new Set(records.map((r) => r.uid));
  plan.missing = current.filter((e) => !inFile.has(e.uid)).map((e) => e.uid);
  return plan;
}
