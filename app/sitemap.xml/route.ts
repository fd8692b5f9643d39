/**
 * /sitemap.xml[?page=<n>]: the portal's pages and every item's and creature's page for
 * crawlers (lib/portal/sitemap.ts), with an ETag so a crawler's revisit costs a 304.
 */
import { etagOf } from "@/lib/cache/cached-body";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { sitemapXml } from "@/lib/portal/sitemap";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const pageParam = new URL(request.url).searchParams.get("page");
  const page = pageParam === null ? null : /^[1-9][0-9]{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
  const xml = await sitemapXml(readDb(), config().BASE_URL, page);
  if (xml === null)
    return new Response(`No sitemap page ${pageParam}.\n`, {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  const etag = etagOf(xml);
  const headers = { etag, "cache-control": "no-cache", "content-type": "application/xml; charset=utf-8" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
