/**
 * /robots.txt: crawlers may read the pages but not the v1 API (signed endpoints for game
 * tools), and the sitemap (lib/portal/sitemap.ts) says where the pages are; it needs the
 * install's own address, so it is made here rather than shipped as a file.
 */
import type { MetadataRoute } from "next";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: "*", disallow: "/v1/" }, sitemap: `${config().BASE_URL}/sitemap.xml` };
}
