/**
 * /favicon.ico: browsers and bookmark tools ask for it whatever the page's icon link
 * says, so it answers with the site's icon (SVG, which every current browser draws as a
 * favicon) instead of a 404 in every log.
 */
import { SITE_ICON_SVG } from "@/lib/portal/site-icon";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(SITE_ICON_SVG, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
