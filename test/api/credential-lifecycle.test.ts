// How long credentials live, on both engines, on a dedicated
// server without sign-in limits (its recoveries race from one address):
// - a recovery revokes every API token of the account, whichever key made it, and says
//   how many; revoking or rotating a key revokes the tokens made with it and no other;
// - a token's expiry is judged at the moment of the request: tokens made in the past
//   (created before now, as every real token is) with an injected clock on each side of
//   expires_at;
// - five concurrent recoveries with one code: exactly one wins and one row is used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { authenticateToken, createToken } from "@/lib/keys/tokens";
import { client, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";

let dedicated: Dedicated;
let store: Db;

beforeAll(async () => {
  dedicated = await dedicatedServer("credential-lifecycle", { RATE_LIMIT_SIGNIN_PER_MINUTE: "0" });
  store = createDb(dedicated.database.url);
}, 120_000);

afterAll(async () => {
  await store?.$disconnect();
  await dedicated?.close();
});

const send = (who: Identity | undefined, method: string, target: string, body?: unknown) =>
  client(dedicated.server.url, who).request(method, target, { body });

const bearer = (token: string) =>
  client(dedicated.server.url).request("GET", "/v1/webhook.php", { headers: { authorization: `Bearer ${token}` } });

async function makeToken(who: Identity, name: string): Promise<{ token: string; token_id: string }> {
  const res = await send(who, "POST", "/v1/token.php", { name, scopes: ["webhooks:manage"], expires_in_days: 30 });
  expect(res.status, res.text()).toBe(201);
  return res.json();
}

async function codesOf(who: Identity): Promise<string[]> {
  const res = await send(who, "POST", "/v1/recovery.php");
  expect(res.status, res.text()).toBe(201);
  return res.json<{ codes: string[] }>().codes;
}

const recover = (userId: string, code: string, key: Identity) =>
  send(undefined, "POST", `/v1/recovery.php/${userId}`, { code, public_key: publicKeyPem(key) });

describe("tokens die with their key and with a recovery", () => {
  it("a recovery revokes every token of the account and says how many; the thief's token stops working", async () => {
    const owner = await registerUser(dedicated.server.url);
    const thiefKey = { ...newIdentity("ed25519"), userId: owner.userId };
    expect((await send(owner, "POST", "/v1/key.php", { public_key: publicKeyPem(thiefKey) })).status).toBe(201);
    const stolen = await makeToken(thiefKey, "thief");
    const own = await makeToken(owner, "pipeline");
    // A token from before tokens remembered their key names none: it must die too.
    await store.apiToken.update({ where: { id: own.token_id }, data: { keyId: null } });
    expect((await bearer(stolen.token)).status).toBe(200);
    const codes = await codesOf(owner);

    const fresh = { ...newIdentity("ed25519"), userId: owner.userId };
    const res = await recover(owner.userId, codes[0]!, fresh);
    expect(res.status, res.text()).toBe(200);
    expect(res.json()).toEqual({ user_id: owner.userId, keys_revoked: 2, tokens_revoked: 2 });
    for (const t of [stolen, own]) {
      const refused = await bearer(t.token);
      expect(refused.status).toBe(401);
      expect(refused.json<{ message: string }>().message).toMatch(/revoked/);
    }
    expect(await store.apiToken.count({ where: { userId: owner.userId, revokedAt: null } })).toBe(0);
  });

  it("revoking or rotating a key revokes the tokens it made, and only those", async () => {
    const owner = await registerUser(dedicated.server.url);
    const laptop = { ...newIdentity("ed25519"), userId: owner.userId };
    const added = await send(owner, "POST", "/v1/key.php", { public_key: publicKeyPem(laptop), name: "laptop" });
    const laptopKeyId = added.json<{ key_id: number }>().key_id;
    const byLaptop = await makeToken(laptop, "by laptop");
    const byOwner = await makeToken(owner, "by owner");
    const row = await store.apiToken.findUniqueOrThrow({ where: { id: byLaptop.token_id } });
    expect(row.keyId).toBe(laptopKeyId);

    expect((await send(owner, "DELETE", `/v1/key.php/${laptopKeyId}`)).status).toBe(200);
    expect((await bearer(byLaptop.token)).status).toBe(401);
    expect((await bearer(byOwner.token)).status).toBe(200);

    // Rotation revokes the rotated key: its tokens go with it.
    const keys = await send(owner, "GET", "/v1/key.php");
    const ownerKeyId = keys.json<{ key_id: number; primary: boolean }[]>().find((k) => k.primary)!.key_id;
    const next = { ...newIdentity("ed25519"), userId: owner.userId };
    const rotated = await send(owner, "POST", `/v1/key.php/${ownerKeyId}?action=rotate`, {
      public_key: publicKeyPem(next),
    });
    expect(rotated.status, rotated.text()).toBe(201);
    expect((await bearer(byOwner.token)).status).toBe(401);
    const survivor = await makeToken(next, "after rotation");
    expect((await bearer(survivor.token)).status).toBe(200);
  });
});

describe("token expiry is judged at the request's moment", () => {
  it("a token made two days ago for one day is expired; made two days ago for three days is not", async () => {
    const owner = await registerUser(dedicated.server.url);
    const day = 24 * 3600_000;
    const twoDaysAgo = new Date(Date.now() - 2 * day);
    const input = { name: "past", scopes: ["webhooks:manage"] };
    const gone = await createToken(store, owner.userId, { ...input, expiresInDays: 1 }, twoDaysAgo);
    const live = await createToken(store, owner.userId, { ...input, expiresInDays: 3 }, twoDaysAgo);
    // Both were made before now and before their expiry, as every real token is.
    expect(Date.parse(gone.created_at)).toBeLessThan(Date.parse(gone.expires_at));
    const expired = await bearer(gone.token);
    expect(expired.status).toBe(401);
    expect(expired.json<{ message: string }>().message).toBe(
      `This API token expired at ${gone.expires_at}: make a new one.`,
    );
    expect((await bearer(live.token)).status).toBe(200);

    // An injected clock on each side of the expiry, the same token.
    const at = Date.parse(live.expires_at);
    await expect(authenticateToken(store, live.token, new Date(at - 1))).resolves.toMatchObject({
      userId: owner.userId,
    });
    await expect(authenticateToken(store, live.token, new Date(at))).rejects.toThrow(/expired/);
    await expect(authenticateToken(store, live.token, new Date(Date.parse(live.created_at) + 1))).resolves.toBeTruthy();
  });
});

describe("one recovery code, raced", () => {
  it("five concurrent recoveries with one code: exactly one succeeds and one row is used", async () => {
    const owner = await registerUser(dedicated.server.url);
    const codes = await codesOf(owner);
    const keys = Array.from({ length: 5 }, () => ({ ...newIdentity("ed25519"), userId: owner.userId }));
    const replies = await Promise.all(keys.map((k) => recover(owner.userId, codes[0]!, k)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, replies.map((r) => r.text()).join("\n")).toEqual([200, 401, 401, 401, 401]);
    expect(await store.recoveryCode.count({ where: { userId: owner.userId, usedAt: { not: null } } })).toBe(1);
    // The winner's key is the account's only active key.
    const winner = keys[replies.findIndex((r) => r.status === 200)]!;
    const active = await store.userKey.findMany({ where: { userId: owner.userId, revokedAt: null } });
    expect(active.map((k) => k.publicKey)).toEqual([publicKeyPem(winner)]);
  });
});
