/**
 * Steam Workshop look-ups (CONTRACT §5): one `GetPublishedFileDetails` call per item.
 * An item with `result` ≠ 1 or of another game (`consumer_app_id`) is "not found" (404);
 * a Steam that cannot be reached, times out, answers non-200 or something unparsable is
 * a 502. Each call gets a 5 s timeout and one retry. Found items are cached briefly so a
 * burst of registrations does not hammer Steam; misses and failures are never cached.
 * Plain code: no Next.js, no database.
 */
import { z } from "zod";
import { ApiError, notFound } from "@/lib/api/errors";
import { config } from "@/lib/config";

export interface WorkshopItem {
  workshopId: string;
  title: string;
  description: string;
}

export interface WorkshopClientOptions {
  /** base of the Steam Web API, no trailing slash */
  apiUrl: string;
  /** the game's app id; items of other apps are not found */
  appId: number;
  timeoutMs?: number;
  cacheTtlMs?: number;
}

export interface WorkshopClient {
  /** `fresh` skips the cache: confirmation must read the description as it is now */
  getItem(workshopId: string, options?: { fresh?: boolean }): Promise<WorkshopItem>;
}

const detailsSchema = z.object({
  response: z.object({
    publishedfiledetails: z
      .array(
        z.object({
          publishedfileid: z.union([z.string(), z.number()]).transform(String),
          result: z.number(),
          consumer_app_id: z.number().optional(),
          title: z.string().optional(),
          description: z.string().optional(),
        }),
      )
      .min(1),
  }),
});

class SteamUnavailable extends Error {}

function badGateway(workshopId: string, reason: string): ApiError {
  return new ApiError("bad_gateway", "The Steam Workshop could not be reached or answered something unusable; try again later.", {
    mod_id: workshopId,
    reason,
  });
}

export function createWorkshopClient(options: WorkshopClientOptions): WorkshopClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new Map<string, { item: WorkshopItem; until: number }>();
  const endpoint = `${options.apiUrl}/ISteamRemoteStorage/GetPublishedFileDetails/v1/`;

  async function call(workshopId: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ itemcount: "1", "publishedfileids[0]": workshopId }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SteamUnavailable((err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : `unreachable (${(err as Error).message})`);
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new SteamUnavailable(`HTTP ${res.status}`);
    }
    try {
      return (await res.json()) as unknown;
    } catch {
      throw new SteamUnavailable("the reply is not JSON");
    }
  }

  async function lookUp(workshopId: string): Promise<WorkshopItem> {
    let body: unknown;
    let parsed: z.infer<typeof detailsSchema> | undefined;
    let lastError = "";
    for (let attempt = 0; attempt < 2 && !parsed; attempt++) {
      try {
        body = await call(workshopId);
        const result = detailsSchema.safeParse(body);
        if (result.success) parsed = result.data;
        else lastError = "the reply lacks publishedfiledetails";
      } catch (err) {
        if (!(err instanceof SteamUnavailable)) throw err;
        lastError = err.message;
      }
    }
    if (!parsed) throw badGateway(workshopId, lastError);
    const details = parsed.response.publishedfiledetails[0]!;
    if (details.result !== 1 || details.consumer_app_id !== options.appId) {
      throw notFound("The Steam Workshop has no such item for this game.", { mod_id: workshopId });
    }
    if (details.publishedfileid !== workshopId) throw badGateway(workshopId, "the reply describes another item");
    // The title becomes the mod's name; PostgreSQL text cannot hold NUL.
    return { workshopId, title: (details.title ?? "").replaceAll("\u0000", ""), description: details.description ?? "" };
  }

  return {
    async getItem(workshopId, { fresh = false } = {}) {
      const hit = cache.get(workshopId);
      if (!fresh && hit && hit.until > Date.now()) return hit.item;
      const item = await lookUp(workshopId);
      cache.set(workshopId, { item, until: Date.now() + ttlMs });
      if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
      return item;
    },
  };
}

const globalForSteam = globalThis as unknown as { beaconWorkshop?: WorkshopClient };

/** The process's client, configured from STEAM_API_URL and WORKSHOP_APP_ID. */
export function workshop(): WorkshopClient {
  globalForSteam.beaconWorkshop ??= createWorkshopClient({ apiUrl: config().STEAM_API_URL, appId: config().WORKSHOP_APP_ID });
  return globalForSteam.beaconWorkshop;
}
