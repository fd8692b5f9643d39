/**
 * HTTP(S) fetching for URLs that users supply (engram pull URLs, webhook targets),
 * guarded against server-side request forgery (docs/CONTRACT.md#pull):
 * - http and https only, no credentials in the URL; at most 3 redirects, each hop
 *   checked again;
 * - only public addresses (lib/net/address-policy.ts): a literal address is judged before
 *   anything is sent, every address a name resolves to is judged and the connection is
 *   made to the judged address (a custom `lookup`), so DNS rebinding between check and
 *   connect cannot slip through, and the socket's actual peer is judged once more on
 *   connect;
 * - 10 s for the whole exchange, 10 MiB at most (declared or streamed).
 *
 * What a refusal says: its message goes to the user who gave the URL (the dashboard, the
 * error report POSTed back to a pull URL, a webhook's delivery log), so it never names an
 * address the service resolved or connected to, nor the system's own error text: with
 * those, anyone could map the inside network's names to addresses. `detail` has them,
 * for the operator's log only.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { judgeAddress } from "@/lib/net/address-policy";

/** The owner-facing words for every address the guard refuses, whatever the reason. */
export const ADDRESS_NOT_ALLOWED = "this address is not allowed (only public internet addresses are)";

export type RefusalKind = "address" | "url" | "network" | "timeout" | "size" | "redirects";

export class FetchRefused extends Error {
  override name = "FetchRefused";
  /** what went wrong in full, for the operator's log: may name resolved addresses */
  readonly detail: string;
  constructor(
    readonly kind: RefusalKind,
    message: string,
    detail: string = message,
  ) {
    super(message);
    this.detail = detail;
  }
}

const addressRefused = (detail: string) => new FetchRefused("address", ADDRESS_NOT_ALLOWED, detail);

/** A network error in words that name no address: the host is the URL's own, the rest is by error code. */
function networkRefused(host: string, err: NodeJS.ErrnoException): FetchRefused {
  const code = err.code ?? "";
  let words = "the connection failed";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") words = "the host name does not resolve";
  else if (code === "ECONNREFUSED") words = "the connection was refused";
  else if (code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED") words = "the connection was closed";
  else if (code === "ETIMEDOUT" || code === "EHOSTUNREACH" || code === "ENETUNREACH")
    words = "the host cannot be reached";
  else if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code))
    words = `its TLS certificate is not accepted (${code})`;
  return new FetchRefused("network", `${host}: ${words}`, `${host}: ${err.message}`);
}

export interface GuardOptions {
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** false: a 3xx is returned as it is, never followed (webhooks) */
  followRedirects?: boolean;
  /** keep only this many bytes of the body and stop reading there, instead of refusing a larger one */
  truncateAt?: number;
  /** name resolution; dns.lookup unless a test supplies its own */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  /**
   * Addresses to judge as public although they are not. Only tests use it: no public
   * host is reachable from them, yet "public first hop, private redirect" must be tested.
   */
  treatAsPublic?: string[];
}

export interface FetchRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface FetchResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** the URL that answered, after redirects */
  url: string;
}

const defaultResolve = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

type Limits = Required<GuardOptions>;

/** Why an address may not be reached, or null when it may. */
function refusal(address: string, limits: Limits): string | null {
  if (limits.allowPrivate || limits.treatAsPublic.includes(address)) return null;
  const verdict = judgeAddress(address);
  return verdict.allowed ? null : `${verdict.range}: ${verdict.reason}`;
}

function guardedLookup(options: Limits): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    options
      .resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new FetchRefused("network", `${hostname}: the host name does not resolve`);
        for (const a of addresses) {
          const why = refusal(a.address, options);
          if (why) throw addressRefused(`${hostname} resolves to ${a.address} (${why})`);
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: Error) => callback(err as NodeJS.ErrnoException, "", 4));
  };
}

export async function guardedFetch(
  rawUrl: string,
  request: FetchRequest = {},
  options: GuardOptions = {},
): Promise<FetchResult> {
  const limits: Limits = {
    treatAsPublic: options.treatAsPublic ?? [],
    allowPrivate: options.allowPrivate ?? false,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 3,
    followRedirects: options.followRedirects ?? true,
    truncateAt: options.truncateAt ?? 0,
    resolve: options.resolve ?? defaultResolve,
  };
  const deadline = Date.now() + limits.timeoutMs;
  let url = rawUrl;
  let method = request.method ?? "GET";
  let body = request.body;
  for (let hop = 0; ; hop++) {
    const res = await fetchOnce(url, { ...request, method, body }, limits, deadline);
    const location = res.headers.location;
    if (limits.followRedirects && res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
      if (hop >= limits.maxRedirects) throw new FetchRefused("redirects", `more than ${limits.maxRedirects} redirects`);
      url = new URL(location, url).toString();
      // As browsers do: 303 (and 301/302 after POST) continue as a bodiless GET.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      continue;
    }
    return res;
  }
}

function fetchOnce(rawUrl: string, request: FetchRequest, limits: Limits, deadline: number): Promise<FetchResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new FetchRefused("url", `not a URL: ${rawUrl}`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new FetchRefused("url", `only http and https URLs are fetched, not ${url.protocol}`));
  if (url.username || url.password)
    return Promise.reject(new FetchRefused("url", "URLs with credentials are not fetched"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literalRefusal = isIP(host) ? refusal(host, limits) : null;
  if (literalRefusal) return Promise.reject(addressRefused(`${host} (${literalRefusal})`));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new FetchRefused("timeout", `no answer within ${limits.timeoutMs} ms`));

  const transport = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = {
    "user-agent": "BeaconHub-pull/1",
    accept: "application/json, text/csv;q=0.9, */*;q=0.1",
    ...request.headers,
  };
  const payload = request.body === undefined ? undefined : Buffer.from(request.body);
  if (payload) headers["content-length"] = String(payload.length);

  return new Promise<FetchResult>((resolve, reject) => {
    const fail = (err: Error) => {
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new FetchRefused("timeout", `no answer within ${limits.timeoutMs} ms`)),
      remaining,
    );
    const req = transport.request(
      url,
      { method: request.method ?? "GET", headers, lookup: guardedLookup(limits), agent: false },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? 0);
        const tooLarge = () => new FetchRefused("size", `the answer is larger than ${limits.maxBytes} bytes`);
        if (declared > limits.maxBytes && !limits.truncateAt) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          });
        };
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (limits.truncateAt && size >= limits.truncateAt) {
            chunks.push(chunk.subarray(0, chunk.length - (size - limits.truncateAt)));
            done();
            req.destroy();
          } else if (size > limits.maxBytes) fail(tooLarge());
          else chunks.push(chunk);
        });
        res.on("end", done);
        res.on("error", fail);
      },
    );
    req.on("socket", (socket) => {
      socket.once("connect", () => {
        const peer = socket.remoteAddress ?? "";
        const why = refusal(peer, limits);
        if (why) fail(addressRefused(`${url.host} connected to ${peer} (${why})`));
      });
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err instanceof FetchRefused ? err : networkRefused(url.host, err));
    });
    req.end(payload);
  });
}

/**
 * Judges a URL's host before it is saved (a webhook target): a literal address, or every
 * address its name resolves to now. A name that does not resolve yet passes (delivery
 * will say so); the guard still judges every connection when it is made. The refusal
 * names no address, as every refusal here.
 */
export async function refusedAddress(rawUrl: string, options: GuardOptions = {}): Promise<FetchRefused | null> {
  if (options.allowPrivate) return null;
  const host = new URL(rawUrl).hostname.replace(/^\[|\]$/g, "");
  const resolve = options.resolve ?? defaultResolve;
  const addresses = isIP(host)
    ? [host]
    : await resolve(host).then(
        (a) => a.map((x) => x.address),
        () => [],
      );
  for (const address of addresses) {
    const verdict = judgeAddress(address);
    if (!verdict.allowed && !(options.treatAsPublic ?? []).includes(address))
      return addressRefused(`${host}: ${address} (${verdict.range}: ${verdict.reason})`);
  }
  return null;
}
