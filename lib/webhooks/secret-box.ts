/**
 * Webhook signing secrets. Standard Webhooks secrets are `whsec_` and the base64 of 24 to
 * 64 random bytes; ours have 32. The service must sign with them, so they cannot be
 * stored hashed: they are encrypted at rest with AES-256-GCM under a key derived (HKDF)
 * from the server's AUTH_SECRET, which every instance shares already. A database dump
 * alone does not give them away; AUTH_SECRET and the database together do. If
 * AUTH_SECRET changes, the stored secrets cannot be read any more: deliveries fail with a
 * message saying to rotate the secret. Secrets are shown once (create, rotate) and never
 * logged.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const FORMAT = "v1";

export class SecretUnreadable extends Error {
  override name = "SecretUnreadable";
}

export function newSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** The HMAC key of a `whsec_` secret (its base64 part decoded). */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

function boxKey(authSecret: string | undefined): Buffer {
  if (!authSecret) throw new SecretUnreadable("AUTH_SECRET is not set: webhook secrets cannot be encrypted or read");
  return Buffer.from(hkdfSync("sha256", authSecret, "beacon-hub", "webhook signing secrets v1", 32));
}

export function sealSecret(secret: string, authSecret = process.env.AUTH_SECRET): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", boxKey(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

export function openSecret(stored: string, authSecret = process.env.AUTH_SECRET): string {
  const [format, data] = stored.split(":");
  if (format !== FORMAT || !data) throw new SecretUnreadable("the stored webhook secret has an unknown format");
  const bytes = Buffer.from(data, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", boxKey(authSecret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadable(
      "the webhook's secret cannot be read (AUTH_SECRET changed since it was made): rotate the secret",
    );
  }
}
