/**
 * /documents/items.json?q=<text>: the loot editor's item picker asks here as people
 * type (lib/catalogue/search-items): at most 20 catalogue items, base game and mods,
 * with their mod. Revalidated by an ETag of the catalogue's data version and the text,
 * so a repeated search costs a 304.
 */
import { etagOf } from "@/lib/cache/cached-body";
import { readDb } from "@/lib/db/replicas";
import { routeHandler } from "@/lib/api/route-handler";
import { jsonResponse } from "@/lib/api/types";
import { searchCatalogueItems } from "@/lib/catalogue/search-items";

export const dynamic = "force-dynamic";

export const GET = routeHandler(async (request: Request) => {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const { version, items } = await searchCatalogueItems(readDb(), q);
  return jsonResponse({ items }, 200, { etag: etagOf(`${version}\n${q}`), "cache-control": "no-cache" });
});
