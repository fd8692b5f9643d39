/**
 * /documents/items.json?q=<text>: the loot editor's item picker asks here as people
 * type (lib/catalogue/search-items): at most 20 catalogue items, base game and mods,
 * with their mod. Revalidated by an ETag of the catalogue's data version and the text,
 * so a repeated search costs a 304.
 */
import { etagOf } from "@/lib/cache/cached-body";
import { readDb } from "@/lib/db/replicas";
import { searchCatalogueItems } from "@/lib/catalogue/search-items";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const { version, items } = await searchCatalogueItems(readDb(), q);
  const etag = etagOf(`${version}\n${q}`);
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return Response.json({ items }, { headers });
}
