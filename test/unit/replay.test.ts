// The replay rules' pure parts (lib/auth/signed-at.ts, lib/auth/replay.ts) and the
// endpoint tables: every method marked refuseReplays is a write of an endpoint the
// clients know to sign with signed_at, and every write of those endpoints is marked.
import { describe, expect, it } from "vitest";
import { checkSignedAt, signatureUseHash } from "@/lib/auth/replay";
import {
  needsSignedAt,
  parseSignedAt,
  REPLAY_PROTECTED_ENDPOINTS,
  signedAtValue,
  withSignedAt,
} from "@/lib/auth/signed-at";
import { v1Endpoints } from "@/app/v1/endpoints";

const NOW = 1_764_403_200_123;

describe("signed_at", () => {
  it("is added to the credential endpoints' writes only, once, after any query", () => {
    expect(withSignedAt("POST", "/v1/token.php", NOW)).toBe("/v1/token.php?signed_at=1764403200.123");
    expect(withSignedAt("post", "/v1/key.php/4?action=rotate", NOW)).toBe(
      "/v1/key.php/4?action=rotate&signed_at=1764403200.123",
    );
    expect(withSignedAt("DELETE", "/v1/webhook.php/wh_1", NOW)).toBe("/v1/webhook.php/wh_1?signed_at=1764403200.123");
    expect(withSignedAt("POST", "/v1/token.php?signed_at=5", NOW)).toBe("/v1/token.php?signed_at=5");
    for (const [method, target] of [
      ["GET", "/v1/token.php"],
      ["HEAD", "/v1/key.php"],
      ["POST", "/v1/document.php"],
      ["POST", "/v1/user.php"],
      ["POST", "/v1/token.phpx"],
      ["POST", "/v1/tokens.php"],
    ] as const)
      expect(withSignedAt(method, target, NOW), `${method} ${target}`).toBe(target);
    expect(needsSignedAt("PATCH", "/v1/webhook.php/wh_1")).toBe(true);
  });

  it("parses seconds with up to three decimals, nothing else", () => {
    expect(parseSignedAt(signedAtValue(NOW))).toBe(NOW);
    expect(parseSignedAt("1764403200")).toBe(1_764_403_200_000);
    for (const bad of [null, "", "-5", "1e9", "12.3456", " 12", "0x10", "1764403200.", "9999999999999"])
      expect(parseSignedAt(bad), String(bad)).toBeNull();
  });

  it("is accepted within 300 s either way of the server's clock, refused beyond", () => {
    const q = (ms: number) => new URLSearchParams({ signed_at: signedAtValue(ms) });
    expect(checkSignedAt(q(NOW - 300_000), NOW)).toBe(NOW - 300_000);
    expect(checkSignedAt(q(NOW + 300_000), NOW)).toBe(NOW + 300_000);
    expect(() => checkSignedAt(q(NOW - 300_001), NOW)).toThrow(/within 300 s/);
    expect(() => checkSignedAt(q(NOW + 300_001), NOW)).toThrow(/within 300 s/);
    expect(() => checkSignedAt(new URLSearchParams(), NOW)).toThrow(/add signed_at=/);
  });

  it("remembers the signer and the signed bytes, not the signature", () => {
    const a = signatureUseHash("u1", Buffer.from("POST\nx\n"));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureUseHash("u1", Buffer.from("POST\nx\n"))).toBe(a);
    expect(signatureUseHash("u2", Buffer.from("POST\nx\n"))).not.toBe(a);
    expect(signatureUseHash("u1", Buffer.from("POST\nx\n "))).not.toBe(a);
    // the separator keeps "u1" + "2..." apart from "u12" + "..."
    expect(signatureUseHash("u1", Buffer.from("2POST"))).not.toBe(signatureUseHash("u12", Buffer.from("POST")));
  });
});

describe("the endpoint tables", () => {
  it("mark every write of the replay-protected endpoints, and nothing else", () => {
    const marked: string[] = [];
    const writes: string[] = [];
    for (const endpoint of v1Endpoints)
      for (const [method, spec] of Object.entries(endpoint.methods)) {
        if (spec?.refuseReplays) marked.push(`${method} ${endpoint.name}`);
        if (
          method !== "GET" &&
          method !== "HEAD" &&
          (REPLAY_PROTECTED_ENDPOINTS as readonly string[]).includes(endpoint.name)
        )
          writes.push(`${method} ${endpoint.name}`);
      }
    expect(marked.sort()).toEqual(writes.sort());
    expect(marked.sort()).toEqual([
      "DELETE key.php",
      "DELETE token.php",
      "DELETE webhook.php",
      "PATCH webhook.php",
      "POST key.php",
      "POST recovery.php",
      "POST token.php",
      "POST webhook.php",
    ]);
  });
});
