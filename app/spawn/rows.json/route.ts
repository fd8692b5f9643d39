/**
 * /spawn/rows.json[?mod_id=<id>,...][&locale=<tag>]: every row of a spawn page as JSON
 * (SpawnRow[]) in the locale's label order (the page names its own locale; without one,
 * Accept-Language decides), fetched by the page's client component. Revalidated with an
 * ETag on each visit, so a repeat visit costs a 304.
 */
import { readerLocale, supportedLocale } from "@/lib/catalogue/item-order";
import { db } from "@/lib/db/client";
import { findSpawnMods, loadSpawnRows, parseSpawnScope } from "@/lib/portal/spawn-catalogue";

export const dynamic = "force-dynamic";

function notRegistered(missing: string[]): Response {
  return Response.json({ message: "These mods are not registered.", details: { missing } }, { status: 404 });
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const { scope, invalid } = parseSpawnScope(params.get("mod_id") ?? undefined);
  if (invalid.length > 0) return notRegistered(invalid);
  const mods = await findSpawnMods(db(), scope);
  if (!mods.found) return notRegistered(mods.missing);
  const locale = supportedLocale(params.get("locale")) ?? readerLocale(request.headers.get("accept-language"));
  const data = await loadSpawnRows(db(), { scope, mods: mods.mods, locale });
  const headers = { ETag: `"${data.etag}"`, "Cache-Control": "no-cache", Vary: "Accept-Language" };
  if (request.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(data.json, { headers: { ...headers, "Content-Type": "application/json" } });
}
