/**
 * HTTP(S) fetching for URLs that users supply (engram pull URLs), guarded against
 * server-side request forgery (docs/CONTRACT.md#pull):
 * - http and https only; at most 3 redirects, each hop checked again;
 * - every address a name resolves to is checked, and the connection is made to the
 *   checked address (a custom `lookup`), so DNS rebinding between check and connect
 *   cannot slip through; the socket's actual peer is checked once more on connect;
 * - 10 s for the whole exchange, 10 MiB at most (declared or streamed).
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isForbiddenAddress } from "@/lib/pull/address-policy";

export class FetchRefused extends Error {
  override name = "FetchRefused";
}

export interface GuardOptions {
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
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

function forbidden(address: string, limits: Limits): boolean {
  return !limits.allowPrivate && !limits.treatAsPublic.includes(address) && isForbiddenAddress(address);
}

function guardedLookup(options: Limits): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    options
      .resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new FetchRefused(`${hostname} does not resolve to any address`);
        const bad = addresses.find((a) => forbidden(a.address, options));
        if (bad) throw new FetchRefused(`${hostname} resolves to ${bad.address}, a private or reserved address`);
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
    resolve: options.resolve ?? defaultResolve,
  };
  const deadline = Date.now() + limits.timeoutMs;
  let url = rawUrl;
  let method = request.method ?? "GET";
  let body = request.body;
  for (let hop = 0; ; hop++) {
    const res = await fetchOnce(url, { ...request, method, body }, limits, deadline);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && location) {
      if (hop >= limits.maxRedirects) throw new FetchRefused(`more than ${limits.maxRedirects} redirects`);
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
    return Promise.reject(new FetchRefused(`not a URL: ${rawUrl}`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new FetchRefused(`only http and https URLs can be pulled, not ${url.protocol}`));
  if (url.username || url.password) return Promise.reject(new FetchRefused("URLs with credentials are not pulled"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && forbidden(host, limits)) {
    return Promise.reject(new FetchRefused(`${host} is a private or reserved address`));
  }
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new FetchRefused(`no answer within ${limits.timeoutMs} ms`));

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
    const timer = setTimeout(() => fail(new FetchRefused(`no answer within ${limits.timeoutMs} ms`)), remaining);
    const req = transport.request(
      url,
      { method: request.method ?? "GET", headers, lookup: guardedLookup(limits), agent: false },
      (res) => {
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > limits.maxBytes)
          return fail(new FetchRefused(`the file is larger than ${limits.maxBytes} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) fail(new FetchRefused(`the file is larger than ${limits.maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          });
        });
        res.on("error", fail);
      },
    );
    req.on("socket", (socket) => {
      socket.once("connect", () => {
        const peer = socket.remoteAddress ?? "";
        if (forbidden(peer, limits)) fail(new FetchRefused(`connected to ${peer}, a private or reserved address`));
      });
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err instanceof FetchRefused ? err : new FetchRefused(`${url.host}: ${err.message}`));
    });
    req.end(payload);
  });
}
