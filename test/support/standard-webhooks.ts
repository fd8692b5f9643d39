/**
 * Webhook signatures checked by the Standard Webhooks reference library (the npm package
 * `standardwebhooks`), not by lib/webhooks/signature.ts: a bug shared by our signer and our
 * own checker (the signed content, the key's decoding, the header's format) would pass a
 * test that verified with our code, and fails this one.
 */
import { Webhook } from "standardwebhooks";

export interface SignedDelivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type ReferenceVerdict = { valid: true; signatures: number } | { valid: false; reason: string };

/** Verifies one delivery under one secret as a receiver using the reference library would. */
export function verifiedByReference(secret: string, delivery: SignedDelivery): ReferenceVerdict {
  const header = (name: string) => String(delivery.headers[name] ?? "");
  const headers = {
    "webhook-id": header("webhook-id"),
    "webhook-timestamp": header("webhook-timestamp"),
    "webhook-signature": header("webhook-signature"),
  };
  try {
    new Webhook(secret).verify(delivery.body, headers);
  } catch (err) {
    return { valid: false, reason: (err as Error).message };
  }
  return { valid: true, signatures: headers["webhook-signature"].split(" ").filter(Boolean).length };
}
