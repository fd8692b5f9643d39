// docs/CONTRACT.md#signing: signed content, the three accepted schemes, and tampering of each part.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import { keyFromPem, parsePublicKey } from "@/lib/auth/public-key";
import { signedContent } from "@/lib/auth/signed-content";
import { verifySignature } from "@/lib/auth/verify-signature";
import {
  basicAuthorization,
  newIdentity,
  publicKeyHex,
  publicKeyPem,
  signHex,
  type SignatureScheme,
} from "@/lib/client/identity";
import { ApiError } from "@/lib/api/errors";
import type { ApiRequest } from "@/lib/api/types";

const BASE = "https://api.example.com";
const schemes: SignatureScheme[] = ["rsa-sha1", "rsa-sha256", "ed25519"];

describe("signed content", () => {
  it("is two lines for GET, with the query and no trailing newline", () => {
    expect(signedContent("get", BASE, "/v1/mod.php?a=1,2", new Uint8Array()).toString()).toBe(
      "GET\nhttps://api.example.com/v1/mod.php?a=1,2",
    );
  });
  it("has a third line for other methods, present even when the body is empty", () => {
    expect(signedContent("DELETE", BASE, "/v1/mod.php/1", new Uint8Array()).toString()).toBe(
      "DELETE\nhttps://api.example.com/v1/mod.php/1\n",
    );
    expect(signedContent("POST", BASE, "/v1/x", Buffer.from('{"a":1}')).toString()).toBe(
      'POST\nhttps://api.example.com/v1/x\n{"a":1}',
    );
  });
  it("keeps the body's exact bytes, including invalid UTF-8", () => {
    const body = Buffer.from([0xff, 0x00, 0x0a]);
    expect(signedContent("POST", BASE, "/", body).subarray(-3)).toEqual(body);
  });
});

describe.each(schemes)("signature scheme %s", (scheme) => {
  const identity = newIdentity(scheme);
  const key = keyFromPem(publicKeyPem(identity));
  const content = signedContent("POST", BASE, "/v1/document.php?x=1", Buffer.from('{"Title":"t"}'));
  const signature = signHex(identity, content);

  it("verifies over the exact content, in either hex case", () => {
    expect(verifySignature(key, content, signature)).toBe(true);
    expect(verifySignature(key, content, signature.toUpperCase())).toBe(true);
  });

  it.each([
    ["method", signedContent("PUT", BASE, "/v1/document.php?x=1", Buffer.from('{"Title":"t"}'))],
    ["URL", signedContent("POST", BASE, "/v1/documents.php?x=1", Buffer.from('{"Title":"t"}'))],
    ["query", signedContent("POST", BASE, "/v1/document.php?x=2", Buffer.from('{"Title":"t"}'))],
    ["body", signedContent("POST", BASE, "/v1/document.php?x=1", Buffer.from('{"Title":"u"}'))],
    ["base URL", signedContent("POST", "https://evil.example", "/v1/document.php?x=1", Buffer.from('{"Title":"t"}'))],
  ])("is refused when the %s differs", (_part, other) => {
    expect(verifySignature(key, other, signature)).toBe(false);
  });

  it("is refused when made by another key, or not hex", () => {
    const other = keyFromPem(publicKeyPem(newIdentity(scheme)));
    expect(verifySignature(other, content, signature)).toBe(false);
    expect(verifySignature(key, content, "zz" + signature.slice(2))).toBe(false);
    expect(verifySignature(key, content, "")).toBe(false);
  });
});

describe("authenticate", () => {
  const alice = newIdentity("rsa-sha1");
  const bob = newIdentity("ed25519");
  const keys = new Map([
    [alice.userId, publicKeyPem(alice)],
    [bob.userId, publicKeyPem(bob)],
  ]);
  const find = async (id: string) => keys.get(id) ?? null;
  const request = (authorization: string | undefined, target = "/v1/mod.php"): ApiRequest => ({
    method: "GET",
    rawTarget: target,
    headers: { authorization, host: "ignored.example" },
    body: new Uint8Array(),
    remoteAddress: "127.0.0.1",
  });
  const status = async (req: ApiRequest) =>
    authenticate(req, BASE, find).then(
      () => 200,
      (e: ApiError) => e.status,
    );

  it("accepts a good signature with an upper-case user id", async () => {
    const auth = basicAuthorization(
      { ...alice, userId: alice.userId.toUpperCase() },
      signedContent("GET", BASE, "/v1/mod.php", new Uint8Array()),
    );
    await expect(authenticate(request(auth), BASE, find)).resolves.toEqual({ userId: alice.userId });
  });

  it("refuses another user's id with my signature", async () => {
    const content = signedContent("GET", BASE, "/v1/mod.php", new Uint8Array());
    const forged = `Basic ${Buffer.from(`${bob.userId}:${signHex(alice, content)}`).toString("base64")}`;
    expect(await status(request(forged))).toBe(401);
  });

  it("refuses missing, malformed and unknown credentials with 401 and the challenge", async () => {
    for (const header of [
      undefined,
      "Bearer x",
      "Basic !!!",
      `Basic ${Buffer.from("nocolon").toString("base64")}`,
      `Basic ${Buffer.from("not-a-uuid:00").toString("base64")}`,
    ]) {
      const err = await authenticate(request(header), BASE, find).catch((e: ApiError) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(401);
      expect((err as ApiError).headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
    }
    const stranger = newIdentity();
    expect(
      await status(request(basicAuthorization(stranger, signedContent("GET", BASE, "/v1/mod.php", new Uint8Array())))),
    ).toBe(401);
  });

  it("tells the client which method and URL lines it verified, never the body", async () => {
    const auth = basicAuthorization(alice, signedContent("GET", BASE, "/v1/other.php", new Uint8Array()));
    const err = (await authenticate(request(auth), BASE, find).catch((e: unknown) => e)) as ApiError;
    expect(err.details).toEqual({ method: "GET", url: `${BASE}/v1/mod.php` });
  });
});

describe("public keys (docs/CONTRACT.md#users)", () => {
  it("accepts PEM and hex DER and returns PEM", () => {
    const id = newIdentity("rsa-sha1");
    const fromHex = parsePublicKey(publicKeyHex(id));
    const fromPem = parsePublicKey(publicKeyPem(id));
    expect(fromHex.ok && fromPem.ok && fromHex.pem === fromPem.pem).toBe(true);
    expect(fromHex.ok && fromHex.pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    expect(parsePublicKey(publicKeyPem(newIdentity("ed25519"))).ok).toBe(true);
  });

  it("refuses RSA under 2048 bits, other key types and garbage", () => {
    const small = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    expect(parsePublicKey(small)).toMatchObject({ ok: false, reason: expect.stringContaining("2048") });
    expect(parsePublicKey(ec)).toMatchObject({ ok: false, reason: expect.stringContaining("unsupported") });
    for (const junk of [
      "",
      "abc",
      "00ff",
      "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----",
      "-----BEGIN PRIVATE KEY-----",
    ]) {
      expect(parsePublicKey(junk).ok).toBe(false);
    }
  });
});
