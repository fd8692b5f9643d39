/**
 * Steam Workshop look-ups (docs/CONTRACT.md#mods): `GetPublishedFileDetails` with the form Steam
 * takes, `itemcount=N&publishedfileids[0]=...&publishedfileids[N-1]=...`, at most 100 ids
 * per call, so registering 1,000 mods costs 10 calls. An item with `result` ≠ 1 or of
 * another game (`consumer_app_id`) is "not found"; a Steam that cannot be reached, times
 * out, answers non-200, something unparsable or a reply that leaves out an id it was
 * asked about is a 502. Each call gets a 5 s timeout and one retry. Found items are
 * cached briefly so a burst of registrations does not hammer Steam; misses and failures
 * are never cached. Plain code: no Next.js, no database.
 */
import { processWide } from "@/lib/process/process-wide";
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
  /** Every id, in calls of up to IDS_PER_CALL; null for an id the game's workshop lacks. */
  getItems(workshopIds: string[]): Promise<Map<string, WorkshopItem | null>>;
}

/** Ids per GetPublishedFileDetails call. */
export const IDS_PER_CALL = 100;
const CONCURRENT_CALLS = 4;

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
type Details = z.infer<typeof detailsSchema>["response"]["publishedfiledetails"][number];

class SteamUnavailable extends Error {}

function badGateway(workshopIds: string[], reason: string): ApiError {
  const ids = workshopIds.length === 1 ? { mod_id: workshopIds[0] } : { mod_ids: workshopIds.slice(0, 20) };
  return new ApiError(
    "bad_gateway",
    "The Steam Workshop could not be reached or answered something unusable; try again later.",
    { ...ids, reason },
  );
}

export function createWorkshopClient(options: WorkshopClientOptions): WorkshopClient {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new Map<string, { item: WorkshopItem; until: number }>();
  const endpoint = `${options.apiUrl}/ISteamRemoteStorage/GetPublishedFileDetails/v1/`;

  async function call(workshopIds: string[]): Promise<unknown> {
    const form = new URLSearchParams({ itemcount: String(workshopIds.length) });
    workshopIds.forEach((id, i) => form.set(`publishedfileids[${i}]`, id));
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SteamUnavailable(
        (err as Error).name === "TimeoutError"
          ? `no answer within ${timeoutMs} ms`
          : `unreachable (${(err as Error).message})`,
      );
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

  /** One call (and its retry) for up to IDS_PER_CALL ids. */
  async function lookUp(workshopIds: string[]): Promise<Map<string, WorkshopItem | null>> {
    let parsed: Details[] | undefined;
    let lastError = "";
    for (let attempt = 0; attempt < 2 && !parsed; attempt++) {
      try {
        const result = detailsSchema.safeParse(await call(workshopIds));
        if (result.success) parsed = result.data.response.publishedfiledetails;
        else lastError = "the reply lacks publishedfiledetails";
      } catch (err) {
        if (!(err instanceof SteamUnavailable)) throw err;
        lastError = err.message;
      }
    }
    if (!parsed) throw badGateway(workshopIds, lastError);
    const byId = new Map(parsed.map((d) => [d.publishedfileid, d]));
    const found = new Map<string, WorkshopItem | null>();
    for (const workshopId of workshopIds) {
      const details = byId.get(workshopId);
      if (!details)
        throw badGateway(
          [workshopId],
          parsed.length === 1 ? "the reply describes another item" : "the reply leaves this item out",
        );
      // The title becomes the mod's name; PostgreSQL text cannot hold NUL.
      const ok = details.result === 1 && details.consumer_app_id === options.appId;
      found.set(
        workshopId,
        ok
          ? {
              workshopId,
              title: (details.title ?? "").replaceAll("\u0000", ""),
              description: details.description ?? "",
            }
          : null,
      );
    }
    return found;
  }

  function remember(item: WorkshopItem): void {
    cache.set(item.workshopId, { item, until: Date.now() + ttlMs });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  }

  async function getItems(workshopIds: string[], fresh = false): Promise<Map<string, WorkshopItem | null>> {
    const found = new Map<string, WorkshopItem | null>();
    const todo: string[] = [];
    for (const id of new Set(workshopIds)) {
      const hit = cache.get(id);
      if (!fresh && hit && hit.until > Date.now()) found.set(id, hit.item);
      else todo.push(id);
    }
    const calls: string[][] = [];
    for (let i = 0; i < todo.length; i += IDS_PER_CALL) calls.push(todo.slice(i, i + IDS_PER_CALL));
    for (let i = 0; i < calls.length; i += CONCURRENT_CALLS) {
      for (const part of await Promise.all(calls.slice(i, i + CONCURRENT_CALLS).map(lookUp))) {
        for (const [id, item] of part) {
          found.set(id, item);
          if (item) remember(item);
        }
      }
    }
    return found;
  }

  return {
    async getItem(workshopId, { fresh = false } = {}) {
      const item = (await getItems([workshopId], fresh)).get(workshopId);
      if (!item) throw notFound("The Steam Workshop has no such item for this game.", { mod_id: workshopId });
      return item;
    },
    getItems: (workshopIds) => getItems(workshopIds),
  };
}

/** The process's client, configured from STEAM_API_URL and WORKSHOP_APP_ID. */
export function workshop(): WorkshopClient {
  return processWide("beaconWorkshop", () =>
    createWorkshopClient({ apiUrl: config().STEAM_API_URL, appId: config().WORKSHOP_APP_ID }),
  );
}
