/**
 * A signer of v1 requests that shares nothing with the server: the rule of docs/API.md
 * ("Authentication") written again here over node:crypto, and requests sent with
 * node:http, which puts the target on the request line exactly as given. Tests that sign
 * with the project's own client (lib/client) share lib/auth/signed-content.ts with the
 * server, so a bug there would sign and verify the same wrong bytes and pass; a test
 * signing with this one fails.
 *
 * Nothing here may import from lib/ or app/.
 */
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import http from "node:http";

export type Scheme = "rsa-sha1" | "rsa-sha256" | "ed25519";

export interface Signer {
  scheme: Scheme;
  userId: string;
  privateKey: KeyObject;
  /** the public key as a PEM SubjectPublicKeyInfo block, as POST /v1/user.php takes it */
  publicPem: string;
}

export function newSigner(scheme: Scheme, userId: string): Signer {
  const { privateKey, publicKey } =
    scheme === "ed25519" ? generateKeyPairSync("ed25519") : generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { scheme, userId, privateKey, publicPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}

/** Line 1 the method, line 2 BASE_URL + the target as sent, line 3 (not for GET) the body's bytes. */
export function contentToSign(method: string, baseUrl: string, target: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.from(`${method}\n${baseUrl}${target}`, "utf8");
  return method === "GET" ? head : Buffer.concat([head, Buffer.from("\n"), body]);
}

export function authorizationFor(signer: Signer, content: Buffer): string {
  const hash = signer.scheme === "ed25519" ? null : signer.scheme === "rsa-sha1" ? "sha1" : "sha256";
  const signature = sign(hash, content, signer.privateKey).toString("hex");
  return `Basic ${Buffer.from(`${signer.userId}:${signature}`).toString("base64")}`;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One request with `target` on the request line byte for byte (node:http does not re-encode a path). */
export function send(
  serverUrl: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Reply> {
  const { hostname, port } = new URL(serverUrl);
  const body = options.body ?? Buffer.alloc(0);
  const headers = { ...options.headers, ...(method === "GET" ? {} : { "content-length": String(body.length) }) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes, text: bytes.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** `send`, signed by `signer` over `signedTarget` (the target sent, unless a test signs another on purpose). */
export function sendSigned(
  serverUrl: string,
  baseUrl: string,
  signer: Signer,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: Buffer; signedBody?: Buffer; signedTarget?: string } = {},
): Promise<Reply> {
  const content = contentToSign(method, baseUrl, options.signedTarget ?? target, options.signedBody ?? options.body);
  return send(serverUrl, method, target, {
    body: options.body,
    headers: { ...options.headers, authorization: authorizationFor(signer, content) },
  });
}
