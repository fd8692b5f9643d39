/**
 * The v1 mod structure (docs/CONTRACT.md#mods), built key by key in the interface's order.
 * Both `pull_url` (field table) and `pull_api` (sample structure) are sent: old clients
 * read either.
 */
import { config } from "@/lib/config";

export interface ModJson {
  mod_id: string;
  name: string;
  workshop_url: string;
  confirmed: boolean;
  confirmation_code: string;
  resource_url: string;
  confirm_url: string;
  engrams_url: string;
  spawncodes_url: string;
  pull_url: string | null;
  pull_api: string | null;
}

export interface ModRow {
  workshopId: string;
  name: string;
  confirmed: boolean;
  confirmationCode: string;
  pullUrl: string | null;
}

export function modJson(row: ModRow, baseUrl = config().BASE_URL): ModJson {
  const id = encodeURIComponent(row.workshopId);
  const resourceUrl = `${baseUrl}/v1/mod.php/${id}`;
  return {
    mod_id: row.workshopId,
    name: row.name,
    workshop_url: `https://steamcommunity.com/sharedfiles/filedetails/?id=${id}`,
    confirmed: row.confirmed,
    confirmation_code: row.confirmationCode,
    resource_url: resourceUrl,
    confirm_url: `${resourceUrl}?action=confirm`,
    engrams_url: `${baseUrl}/v1/engram.php?mod_id=${id}`,
    spawncodes_url: `${baseUrl}/spawn/?mod_id=${id}`,
    pull_url: row.pullUrl,
    pull_api: row.pullUrl,
  };
}
