/**
 * Pages kept in memory (docs/BENCHMARKS.md, "Pages from memory"). `/`, `/spawn/` (every scope, tab and view),
 * an item's or creature's page (`/spawn/<base or mod id>/<class>`, every option of its builder),
 * `/documents` (every search, filter, sort and page), a document's page and its odds show the same
 * HTML to everyone who asks with the same address and language (a document's page to
 * everyone who is not signed in: its author sees an Edit button, so a request with a
 * session is rendered for that request): Next.js renders each once per (address,
 * reader's locale, versions of the data the page shows) and the bytes are served from
 * here until one of those data versions moves, on this instance or any other on the
 * database (the data_versions counters the v1 caches use, read once per request).
 *
 * - A render is a GET rendered in-process into a response with no socket (as the 404
 *   page is, lib/server/error-page-recovery.ts), uncompressed; only a 200 text/html that
 *   sets no cookie is kept. Anything else (a 404 for an unknown mod, a failure) is not
 *   kept: the request is then rendered again the usual way, so it gets the site's error
 *   pages. Concurrent misses of one page share one render.
 * - The kept page has a strong ETag (If-None-Match is a 304), and its gzip and brotli
 *   forms are made once each, when a request first asks for one; `Cache-Control:
 *   no-cache` lets browsers keep it and ask again cheaply.
 * - Scripts stay behind a CSP nonce (no 'unsafe-inline'): the nonce is drawn for each
 *   render, and the page goes out with the CSP it was rendered with. It is unknown
 *   before the render, and the page changes (a new render, a new nonce) whenever the
 *   data it shows does, so stored content can never learn the nonce it will be served
 *   under; an address's reflected text (`q=`) is a different page with its own nonce.
 * - Not kept: HEAD (rendered the usual way), Next.js's client navigations (RSC requests:
 *   `RSC`/`Next-Router-*` headers or `_rsc=`), addresses over 2 KiB.
 */
import { ServerResponse, type IncomingMessage } from "node:http";
import { applyConditionalGet } from "@/lib/api/conditional-get";
import { flatHeaders, writeNodeResponse } from "@/lib/api/node-adapter";
import type { ApiResponse } from "@/lib/api/types";
import { acceptsEncoding, acceptsGzip, MIN_COMPRESS_BYTES } from "@/lib/api/response-encoding";
import { compressBody, etagOf } from "@/lib/cache/cached-body";
import { dataVersion } from "@/lib/cache/data-version";
import { sharedCache } from "@/lib/cache/versioned-cache";
import { readerLocale } from "@/lib/catalogue/item-order";
import type { Db } from "@/lib/db/client";
import { headerArg, inProcessRequest, tap, type Handler } from "@/lib/server/response-tap";

/** The pages kept, the data versions each one shows, and whether it reads the session. */
const PAGES: { path: RegExp; versions: readonly string[]; readsSession?: true }[] = [
  // counts of confirmed mods, engrams, documents and downloads
  { path: /^\/$/, versions: ["mods", "engrams", "documents"] },
  // the mods' names, their engrams or creatures
  { path: /^\/spawn\/?$/, versions: ["mods", "engrams", "creatures"] },
  // an item's or creature's page: its rows, its mod's name, the documents that drop it
  { path: /^\/spawn\/(?:base|[1-9][0-9]{0,15})\/[^/]+\/?$/, versions: ["engrams", "creatures", "mods", "documents"] },
  // documents (download counts too), their authors' display names, an item filter's name,
  // the items the words name (their labels and their mods' names)
  { path: /^\/documents\/?$/, versions: ["documents", "users", "engrams", "mods"] },
  // its metadata, download count and content, its author's name, its items and their mods
  {
    path: /^\/documents\/[0-9a-fA-F-]{36}\/?$/,
    versions: ["documents", "users", "engrams", "mods"],
    readsSession: true,
  },
  // a loot source's odds: the content, its items' names and pages
  { path: /^\/documents\/[0-9a-fA-F-]{36}\/odds\/?$/, versions: ["documents", "engrams", "mods"], readsSession: true },
];
/** Auth.js's session cookie (`authjs.session-token`, `__Secure-` prefixed, or chunked `.0`). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token[=.]/;

/** Headers of a render that go out with every copy; Next.js's cache headers are replaced. */
const KEPT_HEADERS = [
  "content-type",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "link",
];
/** Requests of Next.js's client-side navigation, answered with an RSC payload instead of HTML. */
const CLIENT_NAVIGATION = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-action",
];
const MAX_URL = 2048;
/** A render that never ends is given up after this (its waiters render on their own). */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * A rendered page: its bytes and ETag, and each compressed form once a request asked for
 * it. Made lazily because pages can change often (every download moves the documents
 * version): a page rendered once and read once costs one compression, as Next.js's own
 * would, not two.
 */
export interface KeptPage {
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  compressed: { gzip?: Promise<Buffer>; br?: Promise<Buffer> };
  /** bytes of the compressed forms made so far */
  compressedBytes: number;
}

const pages = sharedCache<KeptPage>("pages", {
  maxBytes: 32 << 20,
  maxEntries: 2000,
  sizeOf: (page) => 512 + page.body.length + page.compressedBytes,
});

/** A render that is not a page to keep. */
class NotKept extends Error {}

/** The data versions `url` shows, when it is a page kept here and this request may use it. */
export function keptPageOf(req: IncomingMessage): { key: string; versions: readonly string[] } | null {
  const url = req.url ?? "/";
  if (req.method !== "GET" || url.length > MAX_URL) return null;
  if (CLIENT_NAVIGATION.some((h) => req.headers[h] !== undefined)) return null;
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  const page = PAGES.find((p) => p.path.test(path));
  if (!page || (q >= 0 && new URLSearchParams(url.slice(q + 1)).has("_rsc"))) return null;
  if (page.readsSession && SESSION_COOKIE.test(req.headers.cookie ?? "")) return null;
  return { key: `${url}\n${readerLocale(req.headers["accept-language"])}`, versions: page.versions };
}

/** Renders `req` in-process and keeps the page, or rejects with NotKept. */
function renderPage(req: IncomingMessage, render: Handler): Promise<KeptPage> {
  return new Promise<KeptPage>((resolve, reject) => {
    // Plain bytes to keep: compressing is done here, once per form.
    const { "accept-encoding": _plain, ...headers } = req.headers;
    const again = inProcessRequest(req, req.url ?? "/", headers);
    const out = new ServerResponse(again);
    const timer = setTimeout(() => reject(new NotKept("the render did not finish")), RENDER_TIMEOUT_MS);
    timer.unref();
    tap(
      out,
      () => true,
      (held) => {
        clearTimeout(timer);
        const all = { ...out.getHeaders(), ...headerArg(held.head) } as Record<string, unknown>;
        const header = (name: string) => Object.entries(all).find(([k]) => k.toLowerCase() === name)?.[1];
        if (
          held.status !== 200 ||
          !String(header("content-type") ?? "").startsWith("text/html") ||
          header("set-cookie") !== undefined
        ) {
          reject(new NotKept(`status ${held.status}`));
          return;
        }
        const kept = Object.fromEntries(
          KEPT_HEADERS.flatMap((name) => (header(name) === undefined ? [] : [[name, String(header(name))]])),
        );
        const body = Buffer.concat(held.chunks);
        resolve({ headers: kept, body, etag: etagOf(body), compressed: {}, compressedBytes: 0 });
      },
    );
    Promise.resolve(render(again, out)).catch((err: unknown) => {
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error(String(err)));
    });
  });
}

/** The form of `page` this request takes: brotli, gzip or none (made now if it is the first to ask). */
async function variantFor(
  key: string,
  page: KeptPage,
  acceptEncoding: string | undefined,
): Promise<ApiResponse["variants"]> {
  if (page.body.length <= MIN_COMPRESS_BYTES) return {};
  const coding = acceptsEncoding(acceptEncoding, "br") ? "br" : acceptsGzip(acceptEncoding) ? "gzip" : null;
  if (!coding) return {};
  let form = page.compressed[coding];
  if (!form) {
    form = page.compressed[coding] = compressBody(page.body, coding);
    void form.then(
      (bytes) => {
        page.compressedBytes += bytes.length;
        pages.remeasure(key, page);
      },
      () => delete page.compressed[coding],
    );
  }
  return { [coding]: await form };
}

function reply(page: KeptPage, variants: ApiResponse["variants"]): ApiResponse {
  return {
    status: 200,
    headers: {
      ...page.headers,
      etag: page.etag,
      "cache-control": "no-cache",
      vary: "Accept-Language, Accept-Encoding",
    },
    body: page.body,
    variants,
  };
}

/**
 * Serves `req` from the kept pages when it is one of them (rendering it with `render`,
 * Next.js, on a miss), or hands it to `render` as it is.
 */
export async function servePage(db: Db, req: IncomingMessage, res: ServerResponse, render: Handler): Promise<void> {
  const kept = keptPageOf(req);
  if (!kept) return void render(req, res);
  let page: KeptPage;
  try {
    const versions = await Promise.all(kept.versions.map((name) => dataVersion(db, name)));
    page = await pages.get(kept.key, versions.join("."), () => renderPage(req, render));
  } catch {
    // Not a page to keep, its render failed, or the database did not answer: the usual
    // way, error pages included.
    return void render(req, res);
  }
  const headers = flatHeaders(req);
  const asked = { method: "GET", headers };
  let answer = applyConditionalGet(asked, reply(page, {}));
  if (answer.status !== 304) {
    // A compression that failed sends the page as it is (encodeResponse may gzip it).
    const variants = await variantFor(kept.key, page, headers["accept-encoding"]).catch(() => ({}));
    answer = applyConditionalGet(asked, reply(page, variants));
  }
  await writeNodeResponse(res, answer, "GET", headers["accept-encoding"]).catch(() => res.destroy());
}
