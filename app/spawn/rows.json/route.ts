/**
 * /spawn/rows.json[?mod_id=<id>,...][&locale=<tag>][&kind=creatures][&gfi=1]: every row
 * of a spawn page as JSON (SpawnRow[]) in the locale's label order (the page names its
 * own locale; without one, Accept-Language decides): the engrams (with `gfi=1`, each with
 * its GFI code) or, with `kind=creatures`, the creatures of the Creatures tab. Fetched by
 * the page's client component, revalidated with an ETag on each visit, so a repeat visit
 * costs a 304.
 */
import { readerLocale, supportedLocale } from "@/lib/catalogue/item-order";
import { db } from "@/lib/db/client";
import { findSpawnMods, loadSpawnRows, parseSpawnScope } from "@/lib/portal/spawn-catalogue";

export const dynamic = "force-dynamic";

const error = (status: number, message: string, details: unknown) => Response.json({ message, details }, { status });

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind") ?? "engrams";
  if (kindParam !== "engrams" && kindParam !== "creatures") return error(400, "kind must be engrams or creatures.", { kind: kindParam.slice(0, 40) });
  const { scope, invalid } = parseSpawnScope(params.get("mod_id") ?? undefined);
  if (invalid.length > 0) return error(404, "These mods are not registered.", { missing: invalid });
  const mods = await findSpawnMods(db(), scope);
  if (!mods.found) return error(404, "These mods are not registered.", { missing: mods.missing });
  const locale = supportedLocale(params.get("locale")) ?? readerLocale(request.headers.get("accept-language"));
  const gfi = params.get("gfi") === "1" && kindParam === "engrams";
  const data = await loadSpawnRows(db(), { scope, mods: mods.mods, locale, kind: kindParam, gfi });
  const headers = { ETag: `"${data.etag}"`, "Cache-Control": "no-cache", Vary: "Accept-Language" };
  if (request.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(data.json, { headers: { ...headers, "Content-Type": "application/json" } });
}
