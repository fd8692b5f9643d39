/**
 * Pages that never break without JavaScript. Next.js 16 answers a page that calls
 * notFound() (or throws) with an empty error shell, `<html id="__next_error__">`, whose
 * content only the browser's JavaScript draws (vercel/next.js#62228, open): without
 * JavaScript such a 404 or 500 is a blank page, with no layout and no `lang`. Only an
 * address no route matches gets real HTML.
 *
 * So a GET whose reply is HTML with status 404 or 500 is held back (every other reply
 * passes through untouched, streamed); when it turns out to be the empty shell:
 * - a 404 is rendered again, in-process, as an address no route matches, marked with
 *   NOT_FOUND_PATH_HEADER (the address asked for): app/not-found.tsx inside the site's
 *   layout, with its own CSP nonce from proxy.ts, and words for what was missing;
 * - a 500 becomes a small static page in the site's colours (lib/server/error-page-html.ts)
 *   with the error's digest, the id Next.js logged the error under.
 * Next.js compresses pages: held bytes are decompressed to look at them, and the
 * replacement goes out uncompressed through ServerResponse's own methods, under the
 * compression wrapper Next.js put on the response.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { serverErrorPage } from "@/lib/server/error-page-html";
import { NOT_FOUND_PATH_HEADER } from "@/lib/server/not-found-header";
import { headerArg, inProcessRequest, tap, type Handler } from "@/lib/server/response-tap";

export { NOT_FOUND_PATH_HEADER };

const SHELL = '<html id="__next_error__">';
/** Matches no route, so Next.js renders app/not-found.tsx for it, as real HTML. */
const UNMATCHED_PATH = "/_beacon/not-found";
const proto = ServerResponse.prototype;

function decoded(body: Buffer, encoding: unknown): string {
  try {
    const e = String(encoding ?? "").toLowerCase();
    const plain =
      e === "gzip"
        ? gunzipSync(body)
        : e === "br"
          ? brotliDecompressSync(body)
          : e === "deflate"
            ? inflateSync(body)
            : body;
    return plain.toString("utf8");
  } catch {
    return "";
  }
}

/** The error's digest, as the error shell's React payload carries it. */
function digestOf(html: string): string | undefined {
  return /\\?"digest\\?":\\?"([0-9A-Za-z@:_-]{1,64})\\?"/.exec(html)?.[1];
}

/** Replaces whatever the response holds with this reply, bypassing every wrapper. */
function send(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | string): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  res.removeHeader("content-encoding");
  res.removeHeader("transfer-encoding");
  res.setHeader("content-length", Buffer.byteLength(body));
  proto.writeHead.call(res, status);
  (proto.end as (b: Buffer | string) => ServerResponse).call(res, body);
}

/**
 * The 404 rendered again as an unmatched address, into a response of its own (the first
 * one carries Next.js's state and wrappers), with the client's headers as they came
 * (Next.js adds some to the request), uncompressed; then copied to the real one.
 */
function renderNotFound(
  handle: Handler,
  req: IncomingMessage,
  res: ServerResponse,
  asked: { url: string; headers: IncomingMessage["headers"] },
): void {
  const { "accept-encoding": _dropped, ...headers } = asked.headers;
  const again = inProcessRequest(req, UNMATCHED_PATH, { ...headers, [NOT_FOUND_PATH_HEADER]: asked.url });
  const fresh = new ServerResponse(again);
  tap(
    fresh,
    () => true,
    (held) =>
      send(
        res,
        held.status,
        { ...fresh.getHeaders(), ...(headerArg(held.head) as OutgoingHttpHeaders) },
        Buffer.concat(held.chunks),
      ),
  );
  void Promise.resolve(handle(again, fresh)).catch(() =>
    send(res, 404, { "content-type": "text/plain; charset=utf-8" }, "Not found.\n"),
  );
}

export function serveWithErrorPages(req: IncomingMessage, res: ServerResponse, handle: Handler): void {
  if (req.method !== "GET") {
    void handle(req, res);
    return;
  }
  const asked = { url: req.url ?? "/", headers: { ...req.headers } };
  tap(
    res,
    (status, type) => (status === 404 || status === 500) && type.startsWith("text/html"),
    (held) => {
      const body = Buffer.concat(held.chunks);
      const html = decoded(body, res.getHeader("content-encoding") ?? headerArg(held.head)["content-encoding"]);
      if (!html.slice(0, 300).includes(SHELL)) {
        // A real page (an unmatched address): as it was, still compressed.
        if (held.head) proto.writeHead.apply(res, held.head as Parameters<ServerResponse["writeHead"]>);
        (proto.end as (b: Buffer) => ServerResponse).call(res, body);
      } else if (held.status === 404) {
        renderNotFound(handle, req, res, asked);
      } else {
        const page = serverErrorPage({ digest: digestOf(html) });
        const keep = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"];
        const headers = Object.fromEntries(
          keep.map((h) => [h, res.getHeader(h)]).filter(([, v]) => v !== undefined),
        ) as OutgoingHttpHeaders;
        send(
          res,
          held.status,
          { ...headers, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
          page,
        );
      }
    },
  );
  void handle(req, res);
}
