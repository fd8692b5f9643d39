/**
 * The v1 engram structure (docs/CONTRACT.md#engrams), key by key in the order of the
 * spec's table; `mod_id` is a JSON number (mod ids are capped at 2^53-1, so exact).
 */
import { config } from "@/lib/config";
import { classOf, spawnOf } from "@/lib/engrams/derive";
import { environmentNames, type Environment } from "@/lib/engrams/environments";

export interface EngramJson {
  path: string;
  class: string;
  label: string;
  environments: Environment[];
  can_blueprint: boolean;
  spawn: string;
  uid: string;
  resource_url: string;
  mod_id: number | null;
  mod_name: string | null;
}

export interface EngramRow {
  uid: string;
  path: string;
  label: string;
  environments: number;
  canBlueprint: boolean;
  modId: string | null;
  mod: { name: string } | null;
}

/** What to select so a row can be shaped by engramJson. */
export const engramSelect = {
  uid: true,
  path: true,
  label: true,
  environments: true,
  canBlueprint: true,
  modId: true,
  mod: { select: { name: true } },
} as const;

export function engramJson(row: EngramRow, baseUrl = config().BASE_URL): EngramJson {
  return {
    path: row.path,
    class: classOf(row.path),
    label: row.label,
    environments: environmentNames(row.environments),
    can_blueprint: row.canBlueprint,
    spawn: spawnOf(row.path),
    uid: row.uid,
    resource_url: `${baseUrl}/v1/engram.php/${row.uid}`,
    mod_id: row.modId === null ? null : Number(row.modId),
    mod_name: row.mod?.name ?? null,
  };
}
