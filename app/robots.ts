/** /robots.txt: every page may be crawled, and the sitemap says where they are (lib/portal/sitemap.ts). */
import type { MetadataRoute } from "next";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: "*", allow: "/" }, sitemap: `${config().BASE_URL}/sitemap.xml` };
}
