/**
 * `/sitemap.xml` (docs/PORTAL.md#sitemap): the portal's fixed pages, the page of every
 * game crate (`/loot/<map>/<class>`, lib/loot/game-crates) and the page of every item and
 * creature of the catalogue (`/spawn/<base or mod id>/<class>`, one per class and mod,
 * with the date its rows last changed), as absolute URLs on BASE_URL. The
 * protocol allows 50,000 URLs a file: up to that `/sitemap.xml` is the list itself;
 * beyond it, it is an index of `/sitemap.xml?page=<n>`, each 50,000 URLs. Made once per
 * version of the engrams, creatures and mods (data_versions), so a crawler's visits read
 * nothing between writes. Documents are left out: their pages are found through
 * `/documents`, and their download counts move on every download.
 */
import { V1_GAME } from "@/lib/catalogue/game";
import { dataVersion } from "@/lib/cache/data-version";
import { sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { gameCrates } from "@/lib/loot/game-crates";
import { entryHref } from "@/lib/spawn/entry-address";

export const SITEMAP_MAX_URLS = 50_000;

/** The pages every install has, in the order a visitor meets them. */
export const FIXED_PAGES = ["/", "/spawn/", "/spawn/colors", "/documents", "/loot", "/tools/ini-check", "/docs/api"];

export interface SitemapUrl {
  path: string;
  lastModified: Date | null;
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const day = (d: Date) => d.toISOString().slice(0, 10);

export function urlsetXml(baseUrl: string, urls: readonly SitemapUrl[]): string {
  const lines = urls.map(
    (u) =>
      `<url><loc>${escapeXml(baseUrl + u.path)}</loc>${u.lastModified ? `<lastmod>${day(u.lastModified)}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(baseUrl: string, pages: number): string {
  const lines = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${escapeXml(`${baseUrl}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</sitemapindex>\n`;
}

/** Every item's and creature's page once (rows sharing a class and mod share a page), then by address. */
export async function sitemapUrls(db: Db): Promise<SitemapUrl[]> {
  const select = { modId: true, className: true, classKey: true, updatedAt: true } as const;
  // The ASE pages: ASA's are reached from /spawn/?game=asa.
  const where = { game: V1_GAME };
  const [engrams, creatures] = await Promise.all([
    db.engram.findMany({ where, select }),
    db.creature.findMany({ where, select }),
  ]);
  const pages = new Map<string, SitemapUrl>();
  for (const r of [...engrams, ...creatures]) {
    const key = `${r.modId ?? ""}/${r.classKey}`;
    const seen = pages.get(key);
    if (!seen) pages.set(key, { path: entryHref(r.modId, r.className), lastModified: r.updatedAt });
    else if (seen.lastModified! < r.updatedAt) seen.lastModified = r.updatedAt;
  }
  const entries = [...pages.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // The crates are the game's data, shipped with the app: no date of their own.
  const crates = gameCrates().map((ref) => ({ path: ref.path, lastModified: null }));
  return [...FIXED_PAGES.map((path) => ({ path, lastModified: null })), ...crates, ...entries];
}

const urlLists = sharedCache<SitemapUrl[]>("sitemap_urls", {
  maxBytes: 32 << 20,
  sizeOf: (urls) => urls.reduce((n, u) => n + 120 + u.path.length, 64),
});

const documents = sharedCache<string | null>("sitemap_xml", {
  maxBytes: 64 << 20,
  sizeOf: (xml) => 64 + (xml?.length ?? 0),
});

/**
 * The XML of `/sitemap.xml` (page null) or of one of its pages (`?page=1` is the whole
 * list while there is one page); null for a page that does not exist (a 404).
 */
export async function sitemapXml(db: Db, baseUrl: string, page: number | null): Promise<string | null> {
  const versions = await Promise.all(["engrams", "creatures", "mods"].map((name) => dataVersion(db, name)));
  const version = versions.join("|");
  return documents.get(`${baseUrl}\n${page ?? "index"}`, version, async () => {
    const urls = await urlLists.get("all", version, () => sitemapUrls(db));
    const pages = Math.max(1, Math.ceil(urls.length / SITEMAP_MAX_URLS));
    if (page === null) return pages === 1 ? urlsetXml(baseUrl, urls) : sitemapIndexXml(baseUrl, pages);
    if (page < 1 || page > pages) return null;
    return urlsetXml(baseUrl, urls.slice((page - 1) * SITEMAP_MAX_URLS, page * SITEMAP_MAX_URLS));
  });
}
