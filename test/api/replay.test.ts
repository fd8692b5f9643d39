// Replayed signed requests (docs/API.md "Replayed requests"), on both engines:
// a request to the credential endpoints captured byte for byte and sent again is refused
// and changes nothing; the fixed request of old (no signed_at), a stale or future
// signed_at, and a replay with the signature's hex in upper case are refused; the honest
// client (lib/client, which the CLI uses) signs every request anew and is never refused.
// On PostgreSQL a second instance on the same database refuses what the first accepted.
import { afterAll, describe, expect, inject, it } from "vitest";
import { SIGNED_AT_WINDOW_MS, signedAtValue } from "@/lib/auth/signed-at";
import { signedContent } from "@/lib/auth/signed-content";
import { createClient } from "@/lib/client/http";
import { basicAuthorization, newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { startServer, type TestServer } from "../support/test-server";

const baseUrl = () => inject("serverUrl");

/** One signed request, as an eavesdropper would capture it: target, Authorization, body. */
function capture(who: Identity, method: string, path: string, body?: unknown, signedAt = Date.now()) {
  const target = `${path}${path.includes("?") ? "&" : "?"}signed_at=${signedAtValue(signedAt)}`;
  const bytes = Buffer.from(body === undefined ? "" : JSON.stringify(body));
  const authorization = basicAuthorization(who, signedContent(method, baseUrl(), target, bytes));
  return { method, target, body, authorization };
}

type Captured = ReturnType<typeof capture>;

const send = (c: Captured, authorization = c.authorization) =>
  api().request(c.method, c.target, { body: c.body, headers: { authorization } });

describe("replayed credential requests", () => {
  it("a captured POST /v1/recovery.php replayed is refused and leaves the owner's codes working", async () => {
    const owner = await registeredUser("ed25519");
    const issue = capture(owner, "POST", "/v1/recovery.php");
    const first = await send(issue);
    expect(first.status, first.text()).toBe(201);
    const codes = first.json<{ codes: string[] }>().codes;
    const before = await testDb().recoveryCode.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } });

    const again = expectJsonError(await send(issue), 401);
    expect(again.message).toMatch(/accepted once already/);
    expect(await testDb().recoveryCode.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
    // The owner's saved code still recovers the account.
    const fresh = { ...newIdentity("ed25519"), userId: owner.userId };
    const recovered = await api().request("POST", `/v1/recovery.php/${owner.userId}`, {
      body: { code: codes[0], public_key: publicKeyPem(fresh) },
    });
    expect(recovered.status, recovered.text()).toBe(200);
  });

  it("a captured POST /v1/token.php replayed mints nothing; upper-case hex is the same request", async () => {
    const owner = await registeredUser();
    const make = capture(owner, "POST", "/v1/token.php", {
      name: "ci",
      scopes: ["documents:write"],
      expires_in_days: 1,
    });
    expect((await send(make)).status).toBe(201);
    expect(expectJsonError(await send(make), 401).message).toMatch(/accepted once already/);
    const [user, hex] = Buffer.from(make.authorization.slice(6), "base64").toString().split(":");
    const upper = `Basic ${Buffer.from(`${user}:${hex!.toUpperCase()}`).toString("base64")}`;
    expect(expectJsonError(await send(make, upper), 401).message).toMatch(/accepted once already/);
    expect(await testDb().apiToken.count({ where: { userId: owner.userId } })).toBe(1);
  });

  it("a replayed key addition or revocation is refused", async () => {
    const owner = await registeredUser("ed25519");
    const laptop = newIdentity("ed25519");
    const add = capture(owner, "POST", "/v1/key.php", { public_key: publicKeyPem(laptop) });
    const added = await send(add);
    expect(added.status, added.text()).toBe(201);
    const keyId = added.json<{ key_id: number }>().key_id;
    const revoke = capture(owner, "DELETE", `/v1/key.php/${keyId}`);
    expect((await send(revoke)).status).toBe(200);
    expectJsonError(await send(add), 401);
    expectJsonError(await send(revoke), 401);
  });

  it("the fixed request of old, a stale and a future signed_at are refused", async () => {
    const owner = await registeredUser("ed25519");
    const bytes = Buffer.alloc(0);
    const old = basicAuthorization(owner, signedContent("POST", baseUrl(), "/v1/recovery.php", bytes));
    const plain = expectJsonError(
      await api().request("POST", "/v1/recovery.php", { headers: { authorization: old } }),
      401,
    );
    expect(plain.message).toBe(
      "This endpoint refuses replayed requests: add signed_at=<Unix time in seconds> to the query and sign the request with it.",
    );
    for (const skew of [-SIGNED_AT_WINDOW_MS - 5_000, SIGNED_AT_WINDOW_MS + 5_000]) {
      const res = await send(capture(owner, "POST", "/v1/recovery.php", undefined, Date.now() + skew));
      expect(expectJsonError(res, 401).message).toMatch(/^signed_at must be within 300 s of the server's time/);
    }
    expect(await testDb().recoveryCode.count({ where: { userId: owner.userId } })).toBe(0);
  });

  it("the honest client signs each request anew: repeated requests all succeed", async () => {
    const owner = await registeredUser();
    for (let i = 0; i < 3; i++) expect((await api(owner).request("POST", "/v1/recovery.php")).status).toBe(201);
    const made = await Promise.all(
      [1, 2, 3].map((i) =>
        api(owner).request("POST", "/v1/token.php", {
          body: { name: `t${i}`, scopes: ["documents:write"], expires_in_days: 1 },
        }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    // GETs are not replay-protected and need no signed_at.
    expect((await api(owner).request("GET", "/v1/token.php")).status).toBe(200);
  });
});

describe.runIf(inject("engine") === "postgresql")("two instances on one PostgreSQL", () => {
  let second: TestServer | undefined;
  afterAll(async () => second?.stop());

  it("a request accepted by one instance is refused by the other", async () => {
    second = await startServer({ DATABASE_URL: inject("databaseUrl"), BASE_URL: baseUrl() });
    const owner = await registeredUser("ed25519");
    const make = capture(owner, "POST", "/v1/token.php", {
      name: "ci",
      scopes: ["documents:write"],
      expires_in_days: 1,
    });
    expect((await send(make)).status).toBe(201);
    const replay = await createClient({ serverUrl: second.url }).request(make.method, make.target, {
      body: make.body,
      headers: { authorization: make.authorization },
    });
    expect(expectJsonError(replay, 401).message).toMatch(/accepted once already/);
    expect(await testDb().apiToken.count({ where: { userId: owner.userId } })).toBe(1);
  }, 120_000);
});
