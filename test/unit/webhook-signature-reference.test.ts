// Our signer against the Standard Webhooks reference library (npm `standardwebhooks`): the
// API tests verify every delivery with that library, so these cases show it accepts what
// the specification says and refuses the bugs a shared signer/checker could hide.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { signatureHeader } from "@/lib/webhooks/signature";
import { verifiedByReference } from "../support/standard-webhooks";

const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
const other = `whsec_${Buffer.alloc(32, 4).toString("base64")}`;
const id = "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W";
const body = '{"type":"document.published","timestamp":"2026-11-29T07:00:00Z","data":{"n":1}}';
const now = () => Math.floor(Date.now() / 1000);
const delivery = (signature: string, timestamp = now(), text = body) => ({
  headers: { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature },
  body: text,
});

describe("our webhook signatures, checked by the reference library", () => {
  it("verifies a signature of ours and the reference's own signature of the same bytes is the same", () => {
    const ts = now();
    const ours = signatureHeader([secret], id, ts, body);
    expect(verifiedByReference(secret, delivery(ours, ts))).toEqual({ valid: true, signatures: 1 });
    expect(new Webhook(secret).sign(id, new Date(ts * 1000), body)).toBe(ours);
  });

  it("verifies both signatures of a rotation, each under its own secret", () => {
    const ts = now();
    const header = signatureHeader([other, secret], id, ts, body);
    expect(verifiedByReference(secret, delivery(header, ts))).toEqual({ valid: true, signatures: 2 });
    expect(verifiedByReference(other, delivery(header, ts))).toEqual({ valid: true, signatures: 2 });
  });

  it("refuses a changed body, another secret, an old timestamp and the bugs a shared checker would hide", () => {
    const ts = now();
    const ours = signatureHeader([secret], id, ts, body);
    expect(verifiedByReference(secret, delivery(ours, ts, body.replace("1", "2"))).valid).toBe(false);
    expect(verifiedByReference(other, delivery(ours, ts)).valid).toBe(false);
    const old = ts - 6 * 60;
    expect(verifiedByReference(secret, delivery(signatureHeader([secret], id, old, body), old)).valid).toBe(false);
    // A signer keyed with the secret's text instead of its decoded bytes, or signing without
    // the dots: a checker sharing the bug would accept these.
    const textKeyed = `v1,${createHmac("sha256", secret).update(`${id}.${ts}.${body}`).digest("base64")}`;
    const noDots = `v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`${id}${ts}${body}`)
      .digest("base64")}`;
    expect(verifiedByReference(secret, delivery(textKeyed, ts)).valid).toBe(false);
    expect(verifiedByReference(secret, delivery(noDots, ts)).valid).toBe(false);
  });
});
