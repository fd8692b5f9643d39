// Secrets and signatures are compared in constant time, checked by what the code does:
// node:crypto's verify and timingSafeEqual are wrapped (they still do the work) and the
// test asserts which bytes reach them. A comparison written with == or != anywhere in
// lib/ or app/ is refused by the lint (eslint.config.js, "Compare secrets with safeEqual").
import * as crypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";

vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  return { ...real, verify: vi.fn(real.verify), timingSafeEqual: vi.fn(real.timingSafeEqual) };
});
vi.mock("@/lib/auth/safe-equal", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/safe-equal")>();
  return { safeEqual: vi.fn(real.safeEqual) };
});

const { safeEqual } = await import("@/lib/auth/safe-equal");
const { verifySignature } = await import("@/lib/auth/verify-signature");
const { serveMetrics } = await import("@/lib/metrics/serve-metrics");
const { authenticateToken, TOKEN_PREFIX } = await import("@/lib/keys/tokens");
const { codeLookup, recoverAccount } = await import("@/lib/keys/recovery");
const { realSafeEqual } = await vi
  .importActual<{ safeEqual: typeof safeEqual }>("@/lib/auth/safe-equal")
  .then((m) => ({ realSafeEqual: m.safeEqual }));

beforeEach(() => vi.clearAllMocks());

describe("safeEqual", () => {
  it("answers like ===, and hands timingSafeEqual two 32-byte digests whatever the lengths", () => {
    const cases: [string | Buffer, string | Buffer, boolean][] = [
      ["a-secret", "a-secret", true],
      ["a-secret", "a-secreT", false],
      ["short", "a much longer value than the other", false],
      ["", "", true],
      [Buffer.from("x"), "x", true],
    ];
    for (const [a, b, equal] of cases) {
      vi.mocked(crypto.timingSafeEqual).mockClear();
      expect(realSafeEqual(a, b)).toBe(equal);
      expect(vi.mocked(crypto.timingSafeEqual).mock.calls.map(([x, y]) => [x.byteLength, y.byteLength])).toEqual([
        [32, 32],
      ]);
    }
  });
});

describe("the metrics token", () => {
  const token = "0123456789abcdef0123456789abcdef";
  const scrape = (authorization?: string) => serveMetrics({ method: "GET", authorization, token });

  it("is compared with safeEqual, presented value against the configured one, right or wrong", async () => {
    for (const [presented, status] of [
      [token, 200],
      [`${token.slice(0, -1)}0`, 401],
      ["short", 401],
    ] as const) {
      vi.mocked(safeEqual).mockClear();
      expect((await scrape(`Bearer ${presented}`)).status).toBe(status);
      expect(vi.mocked(safeEqual).mock.calls).toEqual([[presented, token]]);
    }
  });

  it("is refused without a Bearer token, without comparing anything", async () => {
    expect((await scrape(undefined)).status).toBe(401);
    expect((await scrape(`Basic ${token}`)).status).toBe(401);
    expect(vi.mocked(safeEqual)).not.toHaveBeenCalled();
  });
});

describe("signatures", () => {
  const content = Buffer.from("GET\nhttps://api.example.com/v1/mod.php");
  const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const ed = crypto.generateKeyPairSync("ed25519");

  it("are checked by crypto.verify over the exact content and signature bytes (RSA: SHA-1, then SHA-256)", () => {
    const sha256 = crypto.sign("sha256", content, rsa.privateKey);
    vi.mocked(crypto.verify).mockClear();
    expect(verifySignature(rsa.publicKey, content, sha256.toString("hex"))).toBe(true);
    expect(vi.mocked(crypto.verify).mock.calls).toEqual([
      ["sha1", content, rsa.publicKey, sha256],
      ["sha256", content, rsa.publicKey, sha256],
    ]);
    const edSignature = crypto.sign(null, content, ed.privateKey);
    vi.mocked(crypto.verify).mockClear();
    expect(verifySignature(ed.publicKey, content, edSignature.toString("hex").toUpperCase())).toBe(true);
    expect(vi.mocked(crypto.verify).mock.calls).toEqual([[null, content, ed.publicKey, edSignature]]);
  });

  it("of the wrong length never reach a comparison, and the answer is crypto.verify's", () => {
    vi.mocked(crypto.verify).mockClear();
    expect(verifySignature(rsa.publicKey, content, "ab".repeat(255))).toBe(false);
    expect(verifySignature(rsa.publicKey, content, "not hex")).toBe(false);
    expect(vi.mocked(crypto.verify)).not.toHaveBeenCalled();
    // crypto.verify's answer is the answer: refused here though the signature is good.
    const verify = vi.mocked(crypto.verify as (...args: unknown[]) => boolean);
    verify.mockReturnValueOnce(false).mockReturnValueOnce(false);
    const good = crypto.sign("sha1", content, rsa.privateKey).toString("hex");
    expect(verifySignature(rsa.publicKey, content, good)).toBe(false);
  });
});

describe("API tokens", () => {
  const token = `${TOKEN_PREFIX}${"A".repeat(43)}`;
  const digest = crypto.createHash("sha256").update(token).digest("hex");

  it("are found by their SHA-256 and compared with safeEqual against the stored hash", async () => {
    const stored = { id: "t1", tokenHash: digest, revokedAt: null, expiresAt: new Date(Date.now() + 86_400_000) };
    const db = {
      apiToken: { findUnique: vi.fn(async () => stored), update: vi.fn(async () => stored) },
    } as unknown as Db;
    await authenticateToken(db, token).catch(() => null);
    expect(vi.mocked(safeEqual).mock.calls.map(([a, b]) => [String(a), String(b)])).toEqual([[digest, digest]]);
  });
});

describe("recovery codes", () => {
  process.env.AUTH_SECRET ??= "constant-time-test-secret-0123456789";
  const { publicKey } = crypto.generateKeyPairSync("ed25519");
  const input = {
    userId: crypto.randomUUID(),
    code: "abcd-efgh-ijkl",
    publicKey: publicKey.export({ type: "spki", format: "pem" }),
  };
  const limits = { limiter: null as never, address: "x", perMinute: 0 };

  it("are found by the keyed lookup; only the row found is hashed and compared with timingSafeEqual", async () => {
    const row = { id: 1, codeHash: `${"00".repeat(16)}:${"11".repeat(32)}` };
    const findFirst = vi.fn(async () => row);
    const findMany = vi.fn(async () => []);
    const db = { recoveryCode: { findFirst, findMany } } as unknown as Db;
    vi.mocked(crypto.timingSafeEqual).mockClear();
    const err = await recoverAccount(db, input, limits).catch((e) => e);
    expect((err as Error).message).toContain("not valid for this account");
    expect(vi.mocked(crypto.timingSafeEqual).mock.calls.map(([a, b]) => [a.byteLength, b.byteLength])).toEqual([
      [32, 32],
    ]);
    expect(findFirst.mock.calls[0]).toEqual([
      {
        where: { userId: input.userId, lookup: codeLookup(input.userId, input.code), usedAt: null },
        select: { id: true, codeHash: true },
      },
    ]);
    expect(findMany).not.toHaveBeenCalled();
  });

  it("a code no row's lookup matches runs no slow hash at all", async () => {
    const db = {
      recoveryCode: { findFirst: vi.fn(async () => null), findMany: vi.fn(async () => []) },
    } as unknown as Db;
    vi.mocked(crypto.timingSafeEqual).mockClear();
    const err = await recoverAccount(db, input, limits).catch((e) => e);
    expect((err as Error).message).toContain("not valid for this account");
    expect(vi.mocked(crypto.timingSafeEqual)).not.toHaveBeenCalled();
  });

  it("the lookup is keyed by AUTH_SECRET and bound to the account; case, spaces and dashes do not matter", () => {
    const one = codeLookup(input.userId, "ABCD efgh-ijkl");
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(codeLookup(input.userId, "abcdefghijkl")).toBe(one);
    expect(codeLookup(crypto.randomUUID(), "abcdefghijkl")).not.toBe(one);
    const saved = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = `${saved}-other`;
    try {
      expect(codeLookup(input.userId, "abcdefghijkl")).not.toBe(one);
    } finally {
      process.env.AUTH_SECRET = saved;
    }
  });
});
