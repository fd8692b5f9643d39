/**
 * Beacon identities in the browser (WebCrypto): made, read from the CLI's identity file
 * format (lib/client/identity-file.ts: user_id, private_key PKCS#8 PEM, scheme) or a
 * pasted PEM, and used to sign sign-in challenges. The private key stays in the page.
 */
import { withSignedAt } from "@/lib/auth/signed-at";
import { parseIdentityFileText } from "@/lib/sign-in/identity-file-text";

export interface BrowserIdentity {
  userId: string;
  privateKey: CryptoKey;
  scheme: "rsa-sha256" | "rsa-sha1" | "ed25519";
}

export interface IdentityFileJson {
  user_id: string;
  private_key: string;
  scheme: BrowserIdentity["scheme"];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPem(der: ArrayBuffer, label: string): string {
  let binary = "";
  for (const b of new Uint8Array(der)) binary += String.fromCharCode(b);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

function fromPem(pem: string, label: string): ArrayBuffer {
  const m = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(pem);
  if (!m)
    throw new Error(`That is not a private key: it must run from -----BEGIN ${label}----- to -----END ${label}-----.`);
  const binary = atob(m[1]!.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

const rsa = (hash: "SHA-256" | "SHA-1") => ({ name: "RSASSA-PKCS1-v1_5", hash });

/**
 * A new RSA-2048 identity, SHA-256 signatures; returns the SPKI PEM to register. With
 * `userId`, a new key for that existing account (recovery, a new key on the Keys page).
 */
export async function createIdentity(userId: string = crypto.randomUUID()): Promise<{
  identity: BrowserIdentity;
  publicKeyPem: string;
  file: IdentityFileJson;
}> {
  const pair = await crypto.subtle.generateKey(
    { ...rsa("SHA-256"), modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ["sign", "verify"],
  );
  const identity: BrowserIdentity = { userId: userId.toLowerCase(), privateKey: pair.privateKey, scheme: "rsa-sha256" };
  const publicKeyPem = toPem(await crypto.subtle.exportKey("spki", pair.publicKey), "PUBLIC KEY");
  const privatePem = toPem(await crypto.subtle.exportKey("pkcs8", pair.privateKey), "PRIVATE KEY");
  return { identity, publicKeyPem, file: { user_id: identity.userId, private_key: privatePem, scheme: "rsa-sha256" } };
}

/** RSA first (what Beacon identities are), then Ed25519. */
export async function importPrivateKey(userId: string, pem: string, scheme?: string): Promise<BrowserIdentity> {
  if (!UUID.test(userId.trim())) throw new Error("The user id must look like xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.");
  // Copied out of the identity file's JSON, the line breaks are still written "\n".
  const der = fromPem(pem.replace(/\\n/g, "\n"), "PRIVATE KEY");
  const id = userId.trim().toLowerCase();
  if (scheme !== "ed25519") {
    const hash = scheme === "rsa-sha1" ? "SHA-1" : "SHA-256";
    try {
      return {
        userId: id,
        privateKey: await crypto.subtle.importKey("pkcs8", der, rsa(hash), false, ["sign"]),
        scheme: hash === "SHA-1" ? "rsa-sha1" : "rsa-sha256",
      };
    } catch {
      // not RSA: try Ed25519 below
    }
  }
  try {
    return {
      userId: id,
      privateKey: await crypto.subtle.importKey("pkcs8", der, { name: "Ed25519" }, false, ["sign"]),
      scheme: "ed25519",
    };
  } catch {
    throw new Error(
      "The private key could not be read: it is not an RSA or Ed25519 key in the PEM form the identity file uses.",
    );
  }
}

/** The CLI's identity file (JSON); its problems in words an author understands (lib/sign-in/identity-file-text.ts). */
export async function readIdentityFile(text: string, fileName = "The file"): Promise<BrowserIdentity> {
  const checked = parseIdentityFileText(fileName, text);
  if (!checked.ok) throw new Error(checked.message);
  return importPrivateKey(checked.fields.user_id, checked.fields.private_key, checked.fields.scheme);
}

export async function signHex(identity: BrowserIdentity, content: string): Promise<string> {
  const algorithm = identity.scheme === "ed25519" ? { name: "Ed25519" } : { name: "RSASSA-PKCS1-v1_5" };
  const signature = await crypto.subtle.sign(algorithm, identity.privateKey, new TextEncoder().encode(content));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A signed v1 request from the page (HTTP Basic: user id and the hex signature of the
 * method, BASE_URL + path and body, as lib/auth/signed-content.ts builds it). `baseUrl`
 * is the server's configured BASE_URL, which the page is given by the server.
 */
export async function signedFetch(
  identity: BrowserIdentity,
  baseUrl: string,
  method: string,
  path: string,
  body = "",
): Promise<Response> {
  const upper = method.toUpperCase();
  // The credential endpoints accept a signed write once, and only with its time signed.
  const target = withSignedAt(upper, path, Date.now());
  const content = upper === "GET" ? `${upper}\n${baseUrl}${target}` : `${upper}\n${baseUrl}${target}\n${body}`;
  const signature = await signHex(identity, content);
  return fetch(target, {
    method: upper,
    headers: {
      authorization: `Basic ${btoa(`${identity.userId}:${signature}`)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: upper === "GET" ? undefined : body,
  });
}
