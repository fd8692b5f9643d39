/**
 * /spawn/rows.json[?mod_id=<id>,...]: every row of a spawn page as JSON (SpawnRow[]),
 * fetched by the page's client component. Revalidated with an ETag on each visit, so a
 * repeat visit costs a 304.
 */
import { db } from "@/lib/db/client";
import { findSpawnMods, loadSpawnRows, parseModIdParam } from "@/lib/portal/spawn-catalogue";

export const dynamic = "force-dynamic";

function notRegistered(missing: string[]): Response {
  return Response.json({ message: "These mods are not registered.", details: { missing } }, { status: 404 });
}

export async function GET(request: Request): Promise<Response> {
  const param = parseModIdParam(new URL(request.url).searchParams.get("mod_id") ?? undefined);
  if (param && param.invalid.length > 0) return notRegistered(param.invalid);
  const mods = await findSpawnMods(db(), param?.ids ?? null);
  if (!mods.found) return notRegistered(mods.missing);
  const data = await loadSpawnRows(db(), { mods: mods.mods, all: param === null });
  const headers = { ETag: `"${data.etag}"`, "Cache-Control": "no-cache" };
  if (request.headers.get("if-none-match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(data.json, { headers: { ...headers, "Content-Type": "application/json" } });
}
