/**
 * A v1 API request with the exact request target it is given: node:http sends the path
 * as written, where fetch would re-encode it, and the signature covers those bytes.
 */
import type http from "node:http";
import { signedContent } from "@/lib/auth/signed-content";
import { withSignedAt } from "@/lib/auth/signed-at";
import { basicAuthorization, type Identity } from "@/lib/client/identity";

export interface ClientOptions {
  /** where to connect, e.g. http://127.0.0.1:3000 */
  serverUrl: string;
  /** the service's canonical BASE_URL, signed as line 2; defaults to serverUrl */
  baseUrl?: string;
  identity?: Identity;
  /** an API token (bh_...), sent as Authorization: Bearer instead of a signature */
  bearerToken?: string;
}

export interface RequestOptions {
  /** a string or bytes are sent as they are; anything else as JSON */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** sign with the client's identity (default: when it has one) */
  sign?: boolean;
  identity?: Identity;
}

export interface ClientResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

function encodeBody(body: unknown, contentType?: string): { bytes: Buffer; type?: string } {
  if (body === undefined) return { bytes: Buffer.alloc(0), type: contentType };
  if (typeof body === "string") return { bytes: Buffer.from(body), type: contentType ?? "text/plain" };
  if (body instanceof Uint8Array) return { bytes: Buffer.from(body), type: contentType ?? "application/octet-stream" };
  return { bytes: Buffer.from(JSON.stringify(body)), type: contentType ?? "application/json" };
}

export function createClient(options: ClientOptions) {
  const server = new URL(options.serverUrl);
  const baseUrl = (options.baseUrl ?? options.serverUrl).replace(/\/+$/, "");
  // Loaded on the first request: node:https (TLS) would slow every start of the CLI, --help too.
  const transport = async () =>
    server.protocol === "https:" ? (await import("node:https")).default : (await import("node:http")).default;

  async function request(method: string, target: string, opts: RequestOptions = {}): Promise<ClientResponse> {
    const { bytes, type } = encodeBody(opts.body, opts.contentType);
    const headers: Record<string, string> = { ...opts.headers };
    if (type) headers["content-type"] = type;
    if (bytes.length > 0 || method !== "GET") headers["content-length"] = String(bytes.length);
    const identity = opts.identity ?? options.identity;
    if (options.bearerToken && opts.sign !== false && !headers["authorization"])
      headers["authorization"] = `Bearer ${options.bearerToken}`;
    else if (identity && opts.sign !== false && !headers["authorization"]) {
      // The credential endpoints accept a signed write once, and only with its time signed.
      target = withSignedAt(method, target, Date.now());
      headers["authorization"] = basicAuthorization(identity, signedContent(method, baseUrl, target, bytes));
    }
    const { request: send } = await transport();
    return new Promise((resolve, reject) => {
      const req = send(
        { host: server.hostname, port: server.port, method, path: target, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              text: () => body.toString("utf8"),
              json: <T>() => JSON.parse(body.toString("utf8")) as T,
            });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(bytes);
    });
  }

  return { request, baseUrl };
}

export type BeaconHttpClient = ReturnType<typeof createClient>;
