/**
 * The v1 creature structure (docs/CONTRACT.md#creatures), key by key in the engram structure's order
 * without can_blueprint: `spawn` is the spawndino command, `resource_url` points at
 * /v1/creature.php. Everything else means what it means for engrams (engram-json.ts).
 */
import { config } from "@/lib/config";
import { classOf, creatureSpawnOf } from "@/lib/engrams/derive";
import { environmentNames, type Environment } from "@/lib/engrams/environments";

export interface CreatureJson {
  path: string;
  class: string;
  label: string;
  environments: Environment[];
  spawn: string;
  uid: string;
  resource_url: string;
  mod_id: number | null;
  mod_name: string | null;
}

export interface CreatureRow {
  uid: string;
  path: string;
  label: string;
  environments: number;
  modId: string | null;
  mod: { name: string } | null;
}

/** What to select so a row can be shaped by creatureJson. */
export const creatureSelect = {
  uid: true,
  path: true,
  label: true,
  environments: true,
  modId: true,
  mod: { select: { name: true } },
} as const;

export function creatureJson(row: CreatureRow, baseUrl = config().BASE_URL): CreatureJson {
  return {
    path: row.path,
    class: classOf(row.path),
    label: row.label,
    environments: environmentNames(row.environments),
    spawn: creatureSpawnOf(row.path),
    uid: row.uid,
    resource_url: `${baseUrl}/v1/creature.php/${row.uid}`,
    mod_id: row.modId === null ? null : Number(row.modId),
    mod_name: row.mod?.name ?? null,
  };
}
