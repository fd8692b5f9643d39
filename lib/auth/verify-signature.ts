/**
 * Checks a hex signature over the signed content with a user's public key.
 * RSA: PKCS#1 v1.5 with SHA-1 (Beacon-era clients, PHP openssl_verify's default) or
 * SHA-256; Ed25519 keys: Ed25519. crypto.verify compares in constant time.
 */
import { verify, type KeyObject } from "node:crypto";

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

export function verifySignature(key: KeyObject, content: Buffer, signatureHex: string): boolean {
  if (!HEX.test(signatureHex)) return false;
  const signature = Buffer.from(signatureHex, "hex");
  try {
    if (key.asymmetricKeyType === "ed25519") return verify(null, content, key, signature);
    if (key.asymmetricKeyType !== "rsa") return false;
    // RSA signatures are exactly the modulus length; anything else cannot verify.
    const bytes = (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
    if (signature.length !== bytes) return false;
    return verify("sha1", content, key, signature) || verify("sha256", content, key, signature);
  } catch {
    return false;
  }
}
