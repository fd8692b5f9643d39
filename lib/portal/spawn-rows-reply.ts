/**
 * GET /spawn/rows.json[?mod_id=<id>,...]: every row of a spawn page as JSON (SpawnRow[]),
 * fetched by the page's client component, as a framework-free reply. server.ts serves it
 * before Next.js, like the v1 paths: a Next.js route handler cannot send a compressed
 * body (Next.js drops the Content-Encoding), and the full catalogue's rows are megabytes
 * of JSON that gzip to a tenth. The gzip and brotli forms are made once per version of
 * the rows (kept beside them, so they go when the rows do); the ETag is the rows' own,
 * whatever the encoding, and a matching If-None-Match is a 304. The security headers
 * are the ones proxy.ts gives pages, which this path no longer passes through.
 */
import { applyConditionalGet } from "@/lib/api/conditional-get";
import { jsonResponse, type ApiRequest, type ApiResponse } from "@/lib/api/types";
import { prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import type { Db } from "@/lib/db/client";
import { findSpawnMods, loadSpawnRows, parseModIdParam, type SpawnRows } from "./spawn-catalogue";

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

export async function spawnRowsReply(db: Db, req: Pick<ApiRequest, "method" | "rawTarget" | "headers">): Promise<ApiResponse> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return jsonResponse({ message: `${req.method} is not allowed on /spawn/rows.json.`, details: { allow: "GET, HEAD" } }, 405, { allow: "GET, HEAD", ...SECURITY_HEADERS });
  }
  const q = req.rawTarget.indexOf("?");
  const param = parseModIdParam(new URLSearchParams(q < 0 ? "" : req.rawTarget.slice(q + 1)).get("mod_id") ?? undefined);
  const notRegistered = (missing: string[]) => jsonResponse({ message: "These mods are not registered.", details: { missing } }, 404, SECURITY_HEADERS);
  if (param && param.invalid.length > 0) return notRegistered(param.invalid);
  const mods = await findSpawnMods(db, param?.ids ?? null);
  if (!mods.found) return notRegistered(mods.missing);
  const rows = await loadSpawnRows(db, { mods: mods.mods, all: param === null });
  const body = await preparedBody(rows);
  const reply: ApiResponse = {
    status: 200,
    headers: { "content-type": "application/json", etag: `"${rows.etag}"`, "cache-control": "no-cache", ...SECURITY_HEADERS },
    body: body.body,
    variants: { gzip: body.gzip, br: body.br },
  };
  return applyConditionalGet({ method: req.method, rawTarget: req.rawTarget, headers: req.headers, body: new Uint8Array(), remoteAddress: "" }, reply);
}
