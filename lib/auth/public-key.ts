/**
 * Public keys of Beacon identities (docs/CONTRACT.md#signing, #users). Input is a PEM "PUBLIC KEY" block
 * or the hex of a DER SubjectPublicKeyInfo (what Beacon-era clients send); the stored
 * and returned form is always PEM. RSA of at least 2048 bits and Ed25519 are accepted.
 */
import { createPublicKey, type KeyObject } from "node:crypto";

export const MIN_RSA_BITS = 2048;

export type KeyCheck = { ok: true; pem: string; key: KeyObject } | { ok: false; reason: string };

export function parsePublicKey(input: string): KeyCheck {
  const text = input.trim();
  let key: KeyObject;
  try {
    if (text.startsWith("-----BEGIN")) {
      if (!/^-----BEGIN (RSA )?PUBLIC KEY-----/.test(text))
        return { ok: false, reason: "expected a PEM PUBLIC KEY block" };
      key = createPublicKey({ key: text, format: "pem" });
    } else if (/^([0-9a-fA-F]{2})+$/.test(text)) {
      key = createPublicKey({ key: Buffer.from(text, "hex"), format: "der", type: "spki" });
    } else {
      return { ok: false, reason: "expected a PEM PUBLIC KEY block or the hex of a DER SubjectPublicKeyInfo" };
    }
  } catch {
    return { ok: false, reason: "the key could not be parsed" };
  }
  if (key.asymmetricKeyType === "rsa") {
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS)
      return { ok: false, reason: `RSA keys must have at least ${MIN_RSA_BITS} bits (this one has ${bits})` };
  } else if (key.asymmetricKeyType !== "ed25519") {
    return { ok: false, reason: `unsupported key type ${key.asymmetricKeyType ?? "unknown"}: use RSA or Ed25519` };
  }
  return { ok: true, key, pem: key.export({ format: "pem", type: "spki" }).toString() };
}

// Parsing a PEM costs far more than verifying with it; identities are few and their keys
// never change, so parsed keys are kept by PEM text (bounded, oldest evicted first).
const parsed = new Map<string, KeyObject>();
const MAX_CACHED_KEYS = 10_000;

export function keyFromPem(pem: string): KeyObject {
  let key = parsed.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (parsed.size >= MAX_CACHED_KEYS) parsed.delete(parsed.keys().next().value as string);
    parsed.set(pem, key);
  }
  return key;
}
