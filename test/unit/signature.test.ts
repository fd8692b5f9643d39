// docs/CONTRACT.md#signing: signed content, the three accepted schemes, and tampering of each part.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { authenticate, parseBasic } from "@/lib/auth/authenticate";
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

// Test vectors made outside the project (OpenSSL 3: `openssl dgst -sha1|-sha256 -sign` and
// `openssl pkeyutl -sign -rawin` for Ed25519) over the exact bytes below: the verifier must
// accept them as they are, so neither side of these checks is computed by lib/.
const VECTOR_BASE = "https://api.example.com";
const VECTOR_GET_TARGET = '/v1/mod.php/./caf%C3%A9%2F{x}?q=%27"{}&a=1&a=2&&b&c=a+b%20c&d=%e2%82%ac&';
const VECTOR_POST_TARGET = "/v1/document.php?x=%41";
const VECTOR_POST_BODY = Buffer.concat([Buffer.from('{"Title":"a\r\nb"}'), Buffer.from([0xff])]);
const VECTOR_RSA_PEM = [
  "-----BEGIN PUBLIC KEY-----",
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqXTJX+SD0UoOe/HwHyTT",
  "9bxVuvBpzcCBaB4XfXuaGjr03iagUIqdmjCcoA+UhHxvqgRYIpJvFj7QSEhUf0cO",
  "5kkn6BNLNZFqNrrExFgMwxi1JDqGnVvbRy/jHs7gPJt4f4X4h1+YJK7zoe330M40",
  "bN2oRKReMl85MEmtlZQP6EKY9J1nnXdGmpZKJdQf4xXKoW7YDHRNMCF7fTOYNxwa",
  "EPqC1M33wT54WZVTc4I86ZjJU8sfURYaEsFvgC22oZICFZEizF0t7pwkqKAaT3h6",
  "aqt4sxdiVkp25yvSUSy09GR8S3VtrZUKPEZUtsoKw9lBJ3ecJ98/+TGFlzT9n/S5",
  "CQIDAQAB",
  "-----END PUBLIC KEY-----",
].join("\n");
const VECTOR_ED25519_PEM = [
  "-----BEGIN PUBLIC KEY-----",
  "MCowBQYDK2VwAyEAw4iflUJrx6Icl7a5Eyfm0oO3jCsK3th3WcQJIQmscNo=",
  "-----END PUBLIC KEY-----",
].join("\n");
const VECTORS = [
  {
    name: "RSA-SHA1 over a GET",
    pem: VECTOR_RSA_PEM,
    method: "GET",
    target: VECTOR_GET_TARGET,
    body: Buffer.alloc(0),
    signature: [
      "8c2b757bee85347ea6b5800267b44f367695e43b8afe0d89ef97df05f5a1f46bfeedaf5b43391b1fcdd5e4fb7e0a4c486e8f",
      "9630a9d0dee927fc28e853a3d113b26a014fc49257abdb33b1e485545181803244a64b61d40284435dc13f990544e0f5aeb3",
      "8a179c4403efa839facf3f032d2880a32fa67054076827b793c61694d2c27f003ae5137cbce836bc6672f5c73bb3ba6d9572",
      "e936c467273730ab4298d600efe0a840c1f38fbdbb392b3f601c18b11495973fe65eccd1e6ab6a21ddfa6e8b7759bd135041",
      "7e6bc7683aa4cb24cf07927f84bfbcba962f5166386dae14909c57dd346893e6a62ef5c2e4880f104c8ea6fb278fc8be22f2",
      "192206c307cf",
    ].join(""),
  },
  {
    name: "RSA-SHA256 over a POST",
    pem: VECTOR_RSA_PEM,
    method: "POST",
    target: VECTOR_POST_TARGET,
    body: VECTOR_POST_BODY,
    signature: [
      "97def9a23c134ea8581d58518993a02a0217e67dda737e6d00f0c787f3cf1a19b4d978b473885c5899c18bd828a2f6a75e66",
      "4d5a19891258ebcd50a27596c69e62fb2eaf5c636ebfdd95c76c95a41a4e034b418b0b31171ef27e53d548784d71bfa55469",
      "386e490fe7419765a1a41cb7c40524f485c0690965af9a7073a142e516257ee9d17172559a86891da0087842f3ae806ec33e",
      "7dcf691182fedca0fff9a17e3cdf804f7660198f740657c778f14d76196c96f154d8ad66c40a33c79ff0411ef47cf018360a",
      "18c9e5cb2713aa3d65d18d153d580f55f1556e10cd70d3d81ad151d86570de0be67a57d1403f8cf05cf5fffb7c804c98d9c1",
      "3c27d696ee78",
    ].join(""),
  },
  {
    name: "Ed25519 over a GET",
    pem: VECTOR_ED25519_PEM,
    method: "GET",
    target: VECTOR_GET_TARGET,
    body: Buffer.alloc(0),
    signature: [
      "9be826999b075fdb1ee7c7662970a13b46f9cb4246fa76eac82b64f9c1938d2233fe41cdb00a4c018182df4165dbcec6f0c0",
      "25dcf4be923f48775e4010a08705",
    ].join(""),
  },
  {
    name: "Ed25519 over a POST",
    pem: VECTOR_ED25519_PEM,
    method: "POST",
    target: VECTOR_POST_TARGET,
    body: VECTOR_POST_BODY,
    signature: [
      "17f8d447b2d90ba2d3c8942e13e1ea92476ab0b4316bff97b9d930ea86c21c2d402d287296fbee2ed6ef75493f00f3a504f3",
      "9a07995544b60537f68c7ec9c40f",
    ].join(""),
  },
];

describe("test vectors signed outside the project", () => {
  it("signed content keeps the target's bytes: no decoding, re-encoding, re-ordering or dot-segment removal", () => {
    expect(signedContent("GET", VECTOR_BASE, VECTOR_GET_TARGET, new Uint8Array()).toString("latin1")).toBe(
      'GET\nhttps://api.example.com/v1/mod.php/./caf%C3%A9%2F{x}?q=%27"{}&a=1&a=2&&b&c=a+b%20c&d=%e2%82%ac&',
    );
    expect(signedContent("post", VECTOR_BASE, VECTOR_POST_TARGET, VECTOR_POST_BODY).toString("hex")).toBe(
      Buffer.from('POST\nhttps://api.example.com/v1/document.php?x=%41\n{"Title":"a\r\nb"}').toString("hex") + "ff",
    );
  });

  it.each(VECTORS)("$name verifies, and not over other bytes", ({ pem, method, target, body, signature }) => {
    const key = keyFromPem(pem);
    expect(verifySignature(key, signedContent(method, VECTOR_BASE, target, body), signature)).toBe(true);
    const other = signedContent(method, VECTOR_BASE, target.replace("%e2", "%E2").replace("%41", "A"), body);
    expect(verifySignature(key, other, signature)).toBe(false);
  });

  it.each(VECTORS)(
    "$name authenticates the request it was made for",
    async ({ pem, method, target, body, signature }) => {
      const userId = "6f1a3c52-9d0e-4b7a-8c21-3e5f7a9b0c1d";
      const req: ApiRequest = {
        method,
        rawTarget: target,
        headers: { authorization: `Basic ${Buffer.from(`${userId}:${signature}`).toString("base64")}` },
        body,
        remoteAddress: "127.0.0.1",
      };
      const find = async (id: string) => (id === userId ? pem : null);
      await expect(authenticate(req, VECTOR_BASE, find)).resolves.toEqual({ userId });
      await expect(authenticate(req, "https://api.example.com:443", find)).rejects.toMatchObject({ status: 401 });
    },
  );
});

// What each refusal says, and the edges of the Basic credentials and key formats.
describe("authenticate and parseBasic, exactly", () => {
  const alice = newIdentity("ed25519");
  const find = async (id: string) => (id === alice.userId ? publicKeyPem(alice) : null);
  const refusal = (authorization: string | undefined, target = "/v1/mod.php") =>
    authenticate(
      { method: "GET", rawTarget: target, headers: { authorization }, body: new Uint8Array(), remoteAddress: "" },
      BASE,
      find,
    ).then(
      () => null,
      (e: ApiError) => ({ status: e.status, message: e.message, details: e.details }),
    );
  const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

  it.each([
    [undefined, "This request must be signed: send Authorization: Basic <user id>:<hex signature>.", null],
    ["", "This request must be signed: send Authorization: Basic <user id>:<hex signature>.", null],
    ["Bearer abc", "The Authorization header is not valid HTTP Basic credentials.", null],
    [basic("nocolon"), "The Authorization header is not valid HTTP Basic credentials.", null],
    [basic("not-a-uuid:00"), "The username of the Authorization header must be a user UUID.", null],
    [basic(":00"), "The username of the Authorization header must be a user UUID.", null],
    [
      basic("6f1a3c52-9d0e-4b7a-8c21-3e5f7a9b0c1d:00"),
      "No user has this id.",
      { user_id: "6f1a3c52-9d0e-4b7a-8c21-3e5f7a9b0c1d" },
    ],
  ])("refuses %j: %s", async (header, message, details) => {
    expect(await refusal(header)).toEqual({ status: 401, message, details });
  });

  it("names the lines it verified when the signature does not match", async () => {
    const auth = basicAuthorization(alice, signedContent("GET", BASE, "/v1/mod.php?a", new Uint8Array()));
    expect(await refusal(auth, "/v1/mod.php?b")).toEqual({
      status: 401,
      message: "The signature does not match this request.",
      details: { method: "GET", url: `${BASE}/v1/mod.php?b` },
    });
  });

  it("reads Basic credentials in any case, with any spaces around them; nothing before or after", async () => {
    const b64 = Buffer.from("user:pass:word").toString("base64");
    expect(parseBasic(`Basic ${b64}`)).toEqual({ username: "user", password: "pass:word" });
    expect(parseBasic(`basic  ${b64}  `)).toEqual({ username: "user", password: "pass:word" });
    expect(parseBasic(`BASIC\t${b64}`)).toEqual({ username: "user", password: "pass:word" });
    expect(parseBasic(`Basic ${Buffer.from(":x").toString("base64")}`)).toEqual({ username: "", password: "x" });
    for (const bad of [
      `xBasic ${b64}`,
      `Basic ${b64} extra`,
      `Basic ${b64}!`,
      "Basic",
      `Basic ${Buffer.from("nocolon").toString("base64")}`,
      undefined,
    ])
      expect(parseBasic(bad), String(bad)).toBeNull();
    // A valid signature with any of these around it is still refused.
    const content = signedContent("GET", BASE, "/v1/mod.php", new Uint8Array());
    const good = basicAuthorization(alice, content);
    expect(await refusal(good)).toBeNull();
    expect(await refusal(`${good} trailing`)).toMatchObject({ status: 401 });
    expect(await refusal(`x${good}`)).toMatchObject({ status: 401 });
  });
});

describe("verifySignature's refusals", () => {
  const content = Buffer.from("GET\nhttps://api.example.com/v1/mod.php");
  it.each(schemes)("%s: a valid signature with anything after it is refused (hex is read whole)", (scheme) => {
    const id = newIdentity(scheme);
    const key = keyFromPem(publicKeyPem(id));
    const signature = signHex(id, content);
    expect(verifySignature(key, content, signature)).toBe(true);
    for (const tail of ["zz", "0", " ", "\n"]) expect(verifySignature(key, content, signature + tail)).toBe(false);
    expect(verifySignature(key, content, `zz${signature}`)).toBe(false);
  });

  it("an RSA signature is exactly the modulus length: one with a byte more or less is refused", () => {
    const id = newIdentity("rsa-sha256");
    const key = keyFromPem(publicKeyPem(id));
    const signature = signHex(id, content);
    expect(verifySignature(key, content, `00${signature}`)).toBe(false);
    expect(verifySignature(key, content, signature.slice(2))).toBe(false);
  });

  it("a key of another type verifies nothing", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect(verifySignature(ec.publicKey, content, "00")).toBe(false);
  });
});

describe("parsePublicKey's reasons, and the parsed-key cache", () => {
  const pem = publicKeyPem(newIdentity("ed25519"));
  const hex = publicKeyHex(newIdentity("ed25519"));

  it("accepts PEM and hex with whitespace around them", () => {
    expect(parsePublicKey(`  \n${pem}\n\t`)).toMatchObject({ ok: true, pem });
    expect(parsePublicKey(` ${hex}\n`)).toMatchObject({ ok: true });
  });

  // Short names: Stryker selects tests by name, and a PEM in a test's name does not survive that.
  it.each([
    [
      "a private key",
      "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      "expected a PEM PUBLIC KEY block",
    ],
    ["a certificate before the key", `-----BEGIN CERTIFICATE-----\n${pem}`, "expected a PEM PUBLIC KEY block"],
    ["odd text", "abc", "expected a PEM PUBLIC KEY block or the hex of a DER SubjectPublicKeyInfo"],
    ["hex after junk", `zz${hex}`, "expected a PEM PUBLIC KEY block or the hex of a DER SubjectPublicKeyInfo"],
    ["hex before junk", `${hex}zz`, "expected a PEM PUBLIC KEY block or the hex of a DER SubjectPublicKeyInfo"],
    [
      "an odd number of hex digits",
      hex.slice(1),
      "expected a PEM PUBLIC KEY block or the hex of a DER SubjectPublicKeyInfo",
    ],
    ["hex that is no key", "00ff", "the key could not be parsed"],
    [
      "a PEM block that is no key",
      "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----",
      "the key could not be parsed",
    ],
    [
      "an EC key",
      generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString(),
      "unsupported key type ec: use RSA or Ed25519",
    ],
    [
      "RSA-1024",
      generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString(),
      "RSA keys must have at least 2048 bits (this one has 1024)",
    ],
  ])("refuses %s", (_name, input, reason) => {
    expect(parsePublicKey(input)).toEqual({ ok: false, reason });
  });

  it("keeps each parsed key, up to 10,000 PEM texts, the oldest evicted first", async () => {
    vi.resetModules();
    const { keyFromPem: fresh } = await import("@/lib/auth/public-key");
    // The same key written with different trailing blank lines: different texts, cheap to parse.
    const text = (i: number) => `${pem}${"\n".repeat(i)}`;
    const first = fresh(text(0));
    expect(fresh(text(0))).toBe(first);
    for (let i = 1; i < 10_000; i++) fresh(text(i));
    expect(fresh(text(0)), "still kept at 10,000").toBe(first);
    const second = fresh(text(1));
    fresh(text(10_000));
    expect(fresh(text(1)), "the oldest but one is kept").toBe(second);
    expect(fresh(text(0)), "the oldest was evicted").not.toBe(first);
  });
});
