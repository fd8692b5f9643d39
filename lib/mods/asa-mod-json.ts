/**
 * An ASA mod (a CurseForge project) as /v1/asa-mod.php answers it (docs/API.md#asa-mods):
 * the v1 mod structure's keys where they mean the same, `curseforge_url` where a Workshop
 * mod has `workshop_url`, and `game`. Built key by key; never sent by mod.php.
 */
import { config } from "@/lib/config";
import type { ModRow } from "@/lib/mods/mod-json";

export interface AsaModJson {
  mod_id: string;
  name: string;
  curseforge_url: string;
  confirmed: boolean;
  confirmation_code: string;
  resource_url: string;
  confirm_url: string;
  creatures_url: string;
  spawncodes_url: string;
  pull_url: string | null;
  game: "asa";
}

export function asaModJson(row: ModRow, baseUrl = config().BASE_URL): AsaModJson {
  const id = encodeURIComponent(row.workshopId);
  const resourceUrl = `${baseUrl}/v1/asa-mod.php/${id}`;
  return {
    mod_id: row.workshopId,
    name: row.name,
    // CurseForge sends a project id to its project page, whatever the slug.
    curseforge_url: `https://www.curseforge.com/projects/${id}`,
    confirmed: row.confirmed,
    confirmation_code: row.confirmationCode,
    resource_url: resourceUrl,
    confirm_url: `${resourceUrl}?action=confirm`,
    creatures_url: `${baseUrl}/v1/creature.php?game=asa&mod_id=${id}`,
    spawncodes_url: `${baseUrl}/spawn/?game=asa&mod_id=${id}`,
    pull_url: row.pullUrl,
    game: "asa",
  };
}
