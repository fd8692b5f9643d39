/**
 * GET /spawn/rows.json[?mod_id=<id>,...][&locale=<tag>][&kind=creatures][&gfi=1]: every row
 * of a spawn page as JSON (SpawnRow[]) in the locale's label order (the page names its
 * own locale; without one, Accept-Language decides): the engrams (with `gfi=1`, each with
 * its GFI code) or, with `kind=creatures`, the creatures of the Creatures tab. Fetched by
 * the page's client component, revalidated with an ETag on each visit (a repeat visit
 * costs a 304). A framework-free reply: server.ts serves it
 * before Next.js, like the v1 paths: a Next.js route handler cannot send a compressed
 * body (Next.js drops the Content-Encoding), and the full catalogue's rows are megabytes
 * of JSON that gzip to a tenth. The gzip and brotli forms are made once per version of
 * the rows (kept beside them, so they go when the rows do); the ETag is the rows' own,
 * whatever the encoding, and a matching If-None-Match is a 304. The security headers
 * are the ones proxy.ts gives pages, which this path no longer passes through.
 */
import { applyConditionalGet } from "@/lib/api/conditional-get";
import { readerLocale, supportedLocale } from "@/lib/catalogue/item-order";
import { jsonResponse, type ApiRequest, type ApiResponse } from "@/lib/api/types";
import { prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import type { Db } from "@/lib/db/client";
import { findSpawnMods, loadSpawnRows, parseSpawnScope, type SpawnRows } from "./spawn-catalogue";

const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/** Prepared bodies by rows value: a new version of the rows is a new object, and the old one's body goes with it. */
const prepared = new WeakMap<SpawnRows, Promise<CachedBody>>();

function preparedBody(rows: SpawnRows): Promise<CachedBody> {
  let body = prepared.get(rows);
  if (!body) {
    body = prepareBody(rows.json);
    prepared.set(rows, body);
  }
  return body;
}

export const SPAWN_ROWS_PATH = /^\/spawn\/rows\.json(\?|$)/;

export async function spawnRowsReply(
  db: Db,
  req: Pick<ApiRequest, "method" | "rawTarget" | "headers">,
): Promise<ApiResponse> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return jsonResponse(
      { message: `${req.method} is not allowed on /spawn/rows.json.`, details: { allow: "GET, HEAD" } },
      405,
      { allow: "GET, HEAD", ...SECURITY_HEADERS },
    );
  }
  const q = req.rawTarget.indexOf("?");
  const params = new URLSearchParams(q < 0 ? "" : req.rawTarget.slice(q + 1));
  const kind = params.get("kind") ?? "engrams";
  if (kind !== "engrams" && kind !== "creatures")
    return jsonResponse(
      { message: "kind must be engrams or creatures.", details: { kind: kind.slice(0, 40) } },
      400,
      SECURITY_HEADERS,
    );
  const notRegistered = (missing: string[]) =>
    jsonResponse({ message: "These mods are not registered.", details: { missing } }, 404, SECURITY_HEADERS);
  const { scope, invalid } = parseSpawnScope(params.get("mod_id") ?? undefined, params.get("game") ?? undefined);
  if (invalid.length > 0) return notRegistered(invalid);
  const mods = await findSpawnMods(db, scope);
  if (!mods.found) return notRegistered(mods.missing);
  const locale = supportedLocale(params.get("locale")) ?? readerLocale(req.headers["accept-language"]);
  const gfi = params.get("gfi") === "1" && kind === "engrams";
  const rows = await loadSpawnRows(db, { scope, mods: mods.mods, locale, kind, gfi });
  const body = await preparedBody(rows);
  const reply: ApiResponse = {
    status: 200,
    headers: {
      "content-type": "application/json",
      etag: rows.etag,
      "cache-control": "no-cache",
      vary: "Accept-Language, Accept-Encoding",
      ...SECURITY_HEADERS,
    },
    body: body.body,
    variants: { gzip: body.gzip, br: body.br },
  };
  return applyConditionalGet(req, reply);
}
