/**
 * The site's icon as SVG text: the same bytes as app/icon.svg (which Next.js links from
 * every page), for /favicon.ico, which browsers and bookmark tools ask for whatever the
 * page's icon link says (test/unit/portal.test.ts keeps the two equal).
 */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#020617"/><path d="M32 8 L44 40 H20 Z" fill="#fbbf24"/><rect x="26" y="42" width="12" height="14" rx="2" fill="#fbbf24"/></svg>\n';
