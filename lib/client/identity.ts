/**
 * A Beacon identity on the client side: a user id and a private key, and the signatures
 * it makes (docs/CONTRACT.md#signing): RSA PKCS#1 v1.5 with SHA-1 (what Beacon-era clients send) or
 * SHA-256, or Ed25519.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";

export type SignatureScheme = "rsa-sha1" | "rsa-sha256" | "ed25519";

export interface Identity {
  userId: string;
  privateKey: KeyObject;
  scheme: SignatureScheme;
}

export function newIdentity(scheme: SignatureScheme = "rsa-sha256", rsaBits = 2048): Identity {
  const { privateKey } =
    scheme === "ed25519" ? generateKeyPairSync("ed25519") : generateKeyPairSync("rsa", { modulusLength: rsaBits });
  return { userId: randomUUID(), privateKey, scheme };
}

export function identityFromPem(userId: string, privateKeyPem: string, scheme?: SignatureScheme): Identity {
  const privateKey = createPrivateKey(privateKeyPem);
  const fallback: SignatureScheme = privateKey.asymmetricKeyType === "ed25519" ? "ed25519" : "rsa-sha256";
  return { userId: userId.toLowerCase(), privateKey, scheme: scheme ?? fallback };
}

export function publicKeyPem(identity: Identity): string {
  return createPublicKey(identity.privateKey).export({ format: "pem", type: "spki" }).toString();
}

/** Hex of the DER SubjectPublicKeyInfo: the form Beacon-era clients register with. */
export function publicKeyHex(identity: Identity): string {
  return createPublicKey(identity.privateKey).export({ format: "der", type: "spki" }).toString("hex");
}

export function signHex(identity: Identity, content: Buffer): string {
  const hash = identity.scheme === "ed25519" ? null : identity.scheme === "rsa-sha1" ? "sha1" : "sha256";
  return sign(hash, content, identity.privateKey).toString("hex");
}

export function basicAuthorization(identity: Identity, content: Buffer): string {
  return `Basic ${Buffer.from(`${identity.userId}:${signHex(identity, content)}`).toString("base64")}`;
}
