/**
 * The route a request to Next.js went to, as a bounded label for metrics and logs: the
 * page or route pattern of the build ("/documents/[id]"), never the raw path, so ids
 * and probes cannot grow the metrics without bound. Patterns come from the build's
 * routes manifest (.next/routes-manifest.json), read once at start. Framework assets
 * are labelled by their prefix, files of public/ as one label, anything else
 * "(unmatched)" (Next.js answers those with its 404 page).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ManifestRoute {
  page: string;
  regex: string;
}

interface RoutesManifest {
  caseSensitive?: boolean;
  staticRoutes?: ManifestRoute[];
  dynamicRoutes?: ManifestRoute[];
}

export const UNMATCHED = "(unmatched)";
export const PUBLIC_FILE = "(public file)";

export type RouteLabeler = (path: string) => string;

export function routeLabeler(manifest: RoutesManifest, publicFiles: string[] = []): RouteLabeler {
  const flags = manifest.caseSensitive ? "" : "i";
  // Static routes first: Next.js prefers /documents/new over /documents/[id] too.
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({
    page: r.page,
    regex: new RegExp(r.regex, flags),
  }));
  const files = new Set(publicFiles.map((f) => `/${f}`));
  return (path) => {
    if (path.startsWith("/_next/static/")) return "/_next/static";
    if (path.startsWith("/_next/image")) return "/_next/image";
    if (path.startsWith("/_next/")) return "/_next";
    if (files.has(path)) return PUBLIC_FILE;
    for (const r of routes) if (r.regex.test(path)) return r.page;
    return UNMATCHED;
  };
}

/** The labeler of the build in `root` (every route "(unmatched)" when there is no build). */
export function buildRouteLabeler(root: string): RouteLabeler {
  const file = join(root, ".next", "routes-manifest.json");
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as RoutesManifest) : {};
  const publicDir = join(root, "public");
  return routeLabeler(manifest, existsSync(publicDir) ? readdirSync(publicDir) : []);
}
