// /v1/user.php over real HTTP: docs/CONTRACT.md#signing, #errors, #users. Runs once per engine.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { signedContent } from "@/lib/auth/signed-content";
import {
  basicAuthorization,
  newIdentity,
  publicKeyHex,
  publicKeyPem,
  type SignatureScheme,
} from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

const userCount = () => testDb().user.count();
const body = (identity: { userId: string }, key: string) => ({ user_id: identity.userId, public_key: key });

describe("POST /v1/user.php", () => {
  it("creates a user with a PEM key and returns it by id", async () => {
    const id = newIdentity();
    expect((await api().request("POST", "/v1/user.php", { body: body(id, publicKeyPem(id)) })).status).toBe(200);
    const res = await api().request("GET", `/v1/user.php/${id.userId}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ user_id: id.userId, public_key: publicKeyPem(id) });
  });

  it("answers success with 200 and an empty body", async () => {
    const id = newIdentity();
    const res = await api().request("POST", "/v1/user.php", { body: body(id, publicKeyPem(id)) });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it("accepts the hex of a DER key and stores it as PEM", async () => {
    const id = newIdentity("rsa-sha1");
    expect((await api().request("POST", "/v1/user.php", { body: body(id, publicKeyHex(id)) })).status).toBe(200);
    const got = (await api().request("GET", `/v1/user.php/${id.userId}`)).json<{ public_key: string }>();
    expect(got.public_key).toBe(publicKeyPem(id));
  });

  it("stores the user id lowercase and finds it in any case", async () => {
    const id = newIdentity();
    const upper = id.userId.toUpperCase();
    expect(
      (await api().request("POST", "/v1/user.php", { body: { user_id: upper, public_key: publicKeyPem(id) } })).status,
    ).toBe(200);
    const res = await api().request("GET", `/v1/user.php/${upper}`);
    expect(res.json()).toMatchObject({ user_id: id.userId });
  });

  it("creates an array of users all at once", async () => {
    const ids = [newIdentity(), newIdentity("ed25519")];
    expect(
      (await api().request("POST", "/v1/user.php", { body: ids.map((i) => body(i, publicKeyPem(i))) })).status,
    ).toBe(200);
    const res = await api().request("GET", `/v1/user.php/${ids[0]!.userId},${ids[1]!.userId}`);
    expect(res.json<unknown[]>()).toHaveLength(2);
  });

  it("writes nothing when one item of an array is bad, and names it", async () => {
    const good = newIdentity();
    const before = await userCount();
    const res = await api().request("POST", "/v1/user.php", {
      body: [body(good, publicKeyPem(good)), { user_id: "nope", public_key: "x" }],
    });
    const err = expectJsonError(res, 400);
    expect(err.details).toMatchObject({ index: 1 });
    expect(await userCount()).toBe(before);
    expect((await api().request("GET", `/v1/user.php/${good.userId}`)).status).toBe(404);
  });

  it("refuses a user that exists already with 400", async () => {
    const id = await registeredUser();
    const res = await api().request("POST", "/v1/user.php", { body: body(id, publicKeyPem(newIdentity())) });
    expectJsonError(res, 400);
    const stored = (await api().request("GET", `/v1/user.php/${id.userId}`)).json<{ public_key: string }>();
    expect(stored.public_key).toBe(publicKeyPem(id));
  });

  it("refuses the same user twice in one array", async () => {
    const id = newIdentity();
    expectJsonError(
      await api().request("POST", "/v1/user.php", { body: [body(id, publicKeyPem(id)), body(id, publicKeyPem(id))] }),
      400,
    );
    expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(404);
  });

  it("refuses RSA keys under 2048 bits", async () => {
    const weak = newIdentity("rsa-sha256", 1024);
    const err = expectJsonError(
      await api().request("POST", "/v1/user.php", { body: body(weak, publicKeyPem(weak)) }),
      400,
    );
    expect(err.message).toContain("2048");
  });

  it.each<[string, unknown]>([
    ["no public_key", { user_id: randomUUID() }],
    ["no user_id", { public_key: "x" }],
    ["a non-UUID id", { user_id: "12345", public_key: publicKeyPem(newIdentity()) }],
    ["a numeric key", { user_id: randomUUID(), public_key: 42 }],
    ["garbage key", { user_id: randomUUID(), public_key: "not a key" }],
    ["an empty array", []],
    ["a string", "hello"],
    ["null", null],
  ])("refuses %s with 400", async (_name, payload) => {
    expectJsonError(
      await api().request("POST", "/v1/user.php", { body: JSON.stringify(payload), contentType: "application/json" }),
      400,
    );
  });

  it("refuses malformed JSON, a wrong Content-Type and invalid UTF-8 with 400", async () => {
    const id = newIdentity();
    expectJsonError(
      await api().request("POST", "/v1/user.php", { body: '{"user_id":', contentType: "application/json" }),
      400,
    );
    expectJsonError(
      await api().request("POST", "/v1/user.php", {
        body: JSON.stringify(body(id, publicKeyPem(id))),
        contentType: "text/plain",
      }),
      400,
    );
    expectJsonError(
      await api().request("POST", "/v1/user.php", {
        body: Buffer.from([0x7b, 0xff, 0x7d]),
        contentType: "application/json",
      }),
      400,
    );
    expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(404);
  });

  it("accepts the user id after user.php/ when it matches the body, refuses it otherwise", async () => {
    const id = newIdentity();
    const other = newIdentity();
    expectJsonError(
      await api().request("POST", `/v1/user.php/${other.userId}`, { body: body(id, publicKeyPem(id)) }),
      400,
    );
    expect(
      (await api().request("POST", `/v1/user.php/${id.userId.toUpperCase()}`, { body: body(id, publicKeyPem(id)) }))
        .status,
    ).toBe(200);
  });

  it("accepts a gzip-encoded body", async () => {
    const id = newIdentity();
    const res = await api().request("POST", "/v1/user.php", {
      body: gzipSync(JSON.stringify(body(id, publicKeyPem(id)))),
      contentType: "application/json",
      headers: { "content-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(200);
  });

  it("refuses a body over MAX_BODY_BYTES with 413, declared or streamed", async () => {
    const big = Buffer.alloc(inject("maxBodyBytes") + 1, 0x20);
    expectJsonError(await api().request("POST", "/v1/user.php", { body: big, contentType: "application/json" }), 413);
    const bomb = gzipSync(Buffer.alloc(inject("maxBodyBytes") + 1, 0x20));
    expectJsonError(
      await api().request("POST", "/v1/user.php", {
        body: bomb,
        contentType: "application/json",
        headers: { "content-encoding": "gzip" },
      }),
      413,
    );
  });
});

describe("GET /v1/user.php", () => {
  it("answers 404 JSON when no user is found", async () => {
    expectJsonError(await api().request("GET", `/v1/user.php/${randomUUID()}`), 404);
    expectJsonError(await api().request("GET", `/v1/user.php/${randomUUID()},${randomUUID()}`), 404);
  });

  it("returns an array of what was found when several ids are asked", async () => {
    const id = await registeredUser();
    const res = await api().request("GET", `/v1/user.php/${id.userId},${randomUUID()}`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ user_id: id.userId, public_key: publicKeyPem(id) }]);
  });

  it("refuses a listing with 405 and Allow", async () => {
    for (const target of ["/v1/user.php", "/v1/user.php/"]) {
      const res = await api().request("GET", target);
      expectJsonError(res, 405);
      expect(res.headers["allow"]).toContain("GET");
    }
  });

  it("refuses non-UUID ids with 400", async () => {
    for (const target of [
      "/v1/user.php/abc",
      "/v1/user.php/'%20OR%201=1--",
      "/v1/user.php/..%2F..%2Fetc%2Fpasswd",
      "/v1/user.php/%ZZ",
    ]) {
      expectJsonError(await api().request("GET", target), 400);
    }
  });
});

describe("DELETE /v1/user.php", () => {
  it.each<SignatureScheme>(["rsa-sha1", "rsa-sha256", "ed25519"])(
    "deletes the caller, signed with %s",
    async (scheme) => {
      const id = await registeredUser(scheme);
      const res = await api(id).request("DELETE", `/v1/user.php/${id.userId}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(0);
      expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(404);
    },
  );

  it("accepts the id in a text/plain body", async () => {
    const id = await registeredUser();
    expect(
      (await api(id).request("DELETE", "/v1/user.php", { body: id.userId, contentType: "text/plain" })).status,
    ).toBe(200);
    expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(404);
  });

  it("requires a signature: 401 with WWW-Authenticate", async () => {
    const id = await registeredUser();
    const res = await api().request("DELETE", `/v1/user.php/${id.userId}`);
    expectJsonError(res, 401);
    expect(res.headers["www-authenticate"]).toBe('Basic realm="Beacon API"');
    expect((await api().request("GET", `/v1/user.php/${id.userId}`)).status).toBe(200);
  });

  it("never deletes another user: 403", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    expectJsonError(await api(alice).request("DELETE", `/v1/user.php/${bob.userId}`), 403);
    expectJsonError(await api(alice).request("DELETE", `/v1/user.php/${alice.userId},${bob.userId}`), 403);
    expect((await api().request("GET", `/v1/user.php/${alice.userId},${bob.userId}`)).json<unknown[]>()).toHaveLength(
      2,
    );
  });

  it("refuses a signature made for another method, URL or user, and says what it verified", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    const target = `/v1/user.php/${alice.userId}`;
    const base = inject("serverUrl");
    const attempts = [
      basicAuthorization(alice, signedContent("GET", base, target, new Uint8Array())),
      basicAuthorization(alice, signedContent("DELETE", base, `/v1/user.php/${bob.userId}`, new Uint8Array())),
      basicAuthorization(alice, signedContent("DELETE", base, target, Buffer.from("x"))),
      basicAuthorization({ ...bob, userId: alice.userId }, signedContent("DELETE", base, target, new Uint8Array())),
    ];
    for (const authorization of attempts) {
      const err = expectJsonError(await api().request("DELETE", target, { headers: { authorization } }), 401);
      expect(err.details).toEqual({ method: "DELETE", url: `${base}${target}` });
    }
    expect((await api().request("GET", target)).status).toBe(200);
  });

  it("verifies over the raw query bytes and ignores the Host header", async () => {
    const id = await registeredUser();
    // Next.js would rewrite this query (a=1%2C2, %41 -> A, b -> b=); the signature must see it as sent.
    const target = `/v1/user.php/${id.userId}?a=1,2&b&&c=%41`;
    const res = await api(id).request("DELETE", target, { headers: { host: "evil.example.com" } });
    expect(res.status).toBe(200);
  });

  it("cascades to everything the user owns", async () => {
    const id = await registeredUser();
    const db = testDb();
    await db.modRegistration.create({
      data: {
        userId: id.userId,
        workshopId: "900001" + Math.floor(Math.random() * 1000),
        name: "M",
        confirmationCode: randomUUID(),
        confirmed: true,
        confirmedModId: `c${randomUUID()}`,
      },
    });
    const mod = await db.modRegistration.findFirstOrThrow({ where: { userId: id.userId } });
    await db.engram.create({
      data: {
        uid: randomUUID().replace(/-/g, ""),
        path: `/Game/Mods/${randomUUID()}`,
        className: "X_C",
        classKey: "x_c",
        label: "X",
        environments: 1,
        canBlueprint: true,
        modId: mod.confirmedModId,
      },
    });
    const docId = randomUUID();
    await db.document.create({
      data: {
        id: docId,
        userId: id.userId,
        name: "D",
        description: "",
        lastUpdated: new Date(),
        content: { create: { encoding: "identity", body: Buffer.from("{}"), sha256: "0" } },
      },
    });
    expect((await api(id).request("DELETE", `/v1/user.php/${id.userId}`)).status).toBe(200);
    expect(await db.modRegistration.count({ where: { userId: id.userId } })).toBe(0);
    expect(await db.engram.count({ where: { modId: mod.confirmedModId } })).toBe(0);
    expect(await db.document.count({ where: { id: docId } })).toBe(0);
    expect(await db.documentContent.count({ where: { documentId: docId } })).toBe(0);
  });
});

describe("the request wrapper", () => {
  it("answers OPTIONS preflight with CORS headers", async () => {
    const res = await api().request("OPTIONS", "/v1/user.php");
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-headers"]).toMatch(/Authorization/);
  });

  it("answers an unsupported method with 405 JSON and Allow", async () => {
    const res = await api().request("PUT", "/v1/user.php", { body: "{}", contentType: "application/json" });
    expectJsonError(res, 405);
    expect(res.headers["allow"]).toBe("GET, POST, DELETE, OPTIONS");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("keeps the server healthy after all of the above", async () => {
    const res = await api().request("GET", "/healthz");
    expect(res.json()).toEqual({ status: "ok" });
  });
});
