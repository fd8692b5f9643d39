/**
 * /sitemap.xml[?page=<n>]: the portal's pages and every item's and creature's page for
 * crawlers (lib/portal/sitemap.ts), with an ETag (lib/api/route-handler.ts) so a crawler's revisit costs a 304.
 */
import { routeHandler, textResponse } from "@/lib/api/route-handler";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { sitemapXml } from "@/lib/portal/sitemap";

export const dynamic = "force-dynamic";

export const GET = routeHandler(async (request: Request) => {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? null : /^[1-9][0-9]{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
  const xml = await sitemapXml(readDb(), config().BASE_URL, page);
  if (xml === null) return textResponse(404, `No sitemap page ${pageParam}.`);
  return {
    status: 200,
    headers: { "cache-control": "no-cache", "content-type": "application/xml; charset=utf-8" },
    body: xml,
  };
});
