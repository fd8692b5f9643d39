/** Seed helpers for mods: registrations through the API, confirmed via the fake Steam. */
import type { Identity } from "@/lib/client/identity";
import { api } from "./api";
import { steamItem } from "./steam";

export interface ModReply {
  mod_id: string;
  name: string;
  confirmed: boolean;
  confirmation_code: string;
  pull_url: string | null;
  pull_api: string | null;
}

export const postMods = (who: Identity, body: unknown) => api(who).request("POST", "/v1/mod.php", { body });
export const getMod = async (who: Identity, id: string) =>
  (await api(who).request("GET", `/v1/mod.php/${id}`)).json<ModReply>();
export const confirmMod = (who: Identity, id: string, client = api(who)) =>
  client.request("GET", `/v1/mod.php/${id}?action=confirm`);

/** A new workshop item registered by `who`; returns its id. */
export async function registeredMod(who: Identity, item: Parameters<typeof steamItem>[0] = {}): Promise<string> {
  const id = await steamItem(item);
  const res = await postMods(who, { mod_id: id });
  if (res.status !== 200) throw new Error(`registering ${id} failed: ${res.status} ${res.text()}`);
  return id;
}

/** Registers and confirms a mod for `who` by putting its code in the workshop description. */
export async function confirmedMod(who: Identity, item: Parameters<typeof steamItem>[0] = {}): Promise<string> {
  const id = await registeredMod(who, item);
  const code = (await getMod(who, id)).confirmation_code;
  await steamItem({ ...item, publishedfileid: id, description: `Owner code: ${code}` });
  const res = await confirmMod(who, id);
  if (!res.json<ModReply>().confirmed) throw new Error(`confirming ${id} failed: ${res.text()}`);
  return id;
}
