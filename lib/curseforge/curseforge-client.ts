/**
 * CurseForge look-ups for ARK: Survival Ascended mods (docs/API.md#asa-mods), through
 * CurseForge's public Core API: `GET {base}/v1/mods/{modId}` answers `{"data": Mod}`
 * (id, gameId, name, summary, slug, links...), `GET {base}/v1/mods/{modId}/description`
 * answers `{"data": "<html>"}`; both need the operator's key in `x-api-key`, and an
 * unknown id is 404. A project of another game (gameId other than CURSEFORGE_GAME_ID)
 * is "not found", as a workshop item of another app is for Workshop mods.
 *
 * It is a WorkshopClient, so registerMods and confirmMod take it in Steam's place: the
 * project's name is the mod's name, and its summary and description together play the
 * workshop description's part (the confirmation code may be in either).
 *
 * Every request goes through the address guard (lib/net/guarded-fetch.ts): the base URL
 * is configuration, and a configured URL must not reach loopback or private addresses
 * unless the operator allows it (CURSEFORGE_ALLOW_PRIVATE_HOSTS, tests only). Redirects
 * are not followed, so the key never travels to another host. A CurseForge that cannot be
 * reached or answers anything but 200/404 with the documented shape is a 502 after one
 * retry. Found projects are cached briefly for registration; confirmation reads fresh.
 */
import { processWide } from "@/lib/process/process-wide";
import { z } from "zod";
import { ApiError, notFound } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { FetchRefused, guardedFetch } from "@/lib/net/guarded-fetch";
import type { WorkshopClient, WorkshopItem } from "@/lib/steam/workshop-client";

export interface CurseForgeClientOptions {
  /** base of the Core API, no trailing slash (https://api.curseforge.com) */
  apiUrl: string;
  apiKey: string;
  /** CurseForge's id of ARK: Survival Ascended; projects of other games are not found */
  gameId: number;
  allowPrivate?: boolean;
  timeoutMs?: number;
  cacheTtlMs?: number;
}

const CONCURRENT_CALLS = 4;

const modSchema = z.object({
  data: z.object({ id: z.number(), gameId: z.number(), name: z.string(), summary: z.string().nullish() }),
});
const descriptionSchema = z.object({ data: z.string() });

class Unavailable extends Error {}

function badGateway(modId: string, reason: string): ApiError {
  return new ApiError(
    "bad_gateway",
    "CurseForge could not be reached or answered something unusable; try again later.",
    {
      mod_id: modId,
      reason,
    },
  );
}

export function createCurseForgeClient(options: CurseForgeClientOptions): WorkshopClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new Map<string, { item: WorkshopItem; until: number }>();

  /** The parsed JSON of a 200, or null for a 404. */
  async function call(path: string): Promise<unknown> {
    let res;
    try {
      res = await guardedFetch(
        `${options.apiUrl}${path}`,
        { headers: { accept: "application/json", "x-api-key": options.apiKey } },
        { allowPrivate: options.allowPrivate ?? false, timeoutMs, maxBytes: 4 << 20, followRedirects: false },
      );
    } catch (err) {
      if (err instanceof FetchRefused) throw new Unavailable(err.message);
      throw err;
    }
    if (res.status === 404) return null;
    if (res.status !== 200) throw new Unavailable(`HTTP ${res.status}`);
    try {
      return JSON.parse(res.body.toString("utf8")) as unknown;
    } catch {
      throw new Unavailable("the reply is not JSON");
    }
  }

  /** One call and its retry; parsed by `schema`, null for a 404. */
  async function read<T>(modId: string, path: string, schema: z.ZodType<T>): Promise<T | null> {
    let lastError = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const body = await call(path);
        if (body === null) return null;
        const parsed = schema.safeParse(body);
        if (parsed.success) return parsed.data;
        lastError = "the reply is not in the documented shape";
      } catch (err) {
        if (!(err instanceof Unavailable)) throw err;
        lastError = err.message;
      }
    }
    throw badGateway(modId, lastError);
  }

  async function lookUp(modId: string, withDescription: boolean): Promise<WorkshopItem | null> {
    const path = `/v1/mods/${encodeURIComponent(modId)}`;
    const mod = await read(modId, path, modSchema);
    if (!mod || mod.data.gameId !== options.gameId || String(mod.data.id) !== modId) return null;
    let description = mod.data.summary ?? "";
    if (withDescription) {
      const html = await read(modId, `${path}/description`, descriptionSchema);
      if (html) description += `\n${html.data}`;
    }
    // The name becomes the mod's name; PostgreSQL text cannot hold NUL.
    const item = { workshopId: modId, title: mod.data.name.replaceAll("\u0000", ""), description };
    cache.set(modId, { item, until: Date.now() + ttlMs });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return item;
  }

  async function getItems(modIds: string[]): Promise<Map<string, WorkshopItem | null>> {
    const found = new Map<string, WorkshopItem | null>();
    const todo: string[] = [];
    for (const id of new Set(modIds)) {
      const hit = cache.get(id);
      if (hit && hit.until > Date.now()) found.set(id, hit.item);
      else todo.push(id);
    }
    for (let i = 0; i < todo.length; i += CONCURRENT_CALLS) {
      const part = todo.slice(i, i + CONCURRENT_CALLS);
      const items = await Promise.all(part.map((id) => lookUp(id, false)));
      part.forEach((id, j) => found.set(id, items[j]!));
    }
    return found;
  }

  return {
    async getItem(modId, { fresh = false } = {}) {
      const item = fresh ? await lookUp(modId, true) : (await getItems([modId])).get(modId);
      if (!item) throw notFound("CurseForge has no such ARK: Survival Ascended project.", { mod_id: modId });
      return item;
    },
    getItems,
  };
}

/** Why ASA mods cannot be registered or confirmed on this instance (no key), in the owner's words. */
export const NO_CURSEFORGE_KEY =
  "ARK: Survival Ascended mods cannot be registered or confirmed on this instance: its operator has not set a CurseForge API key (CURSEFORGE_API_KEY).";

/** The process's client from CURSEFORGE_API_KEY, CURSEFORGE_API_URL and CURSEFORGE_GAME_ID; null without a key. */
export function curseForge(): WorkshopClient | null {
  const c = config();
  if (!c.CURSEFORGE_API_KEY) return null;
  const apiKey = c.CURSEFORGE_API_KEY;
  return processWide("beaconCurseForge", () =>
    createCurseForgeClient({
      apiUrl: c.CURSEFORGE_API_URL,
      apiKey,
      gameId: c.CURSEFORGE_GAME_ID,
      allowPrivate: c.CURSEFORGE_ALLOW_PRIVATE_HOSTS,
    }),
  );
}
