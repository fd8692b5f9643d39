// Several keys per account over real HTTP (/v1/key.php, docs/API.md "Keys"). Runs once per engine.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser } from "../support/api";

interface KeyJson {
  key_id: number;
  name: string;
  public_key: string;
  primary: boolean;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Another private key for the same account. */
const sameAccount = (owner: Identity, scheme: Identity["scheme"] = "rsa-sha256"): Identity => ({
  ...newIdentity(scheme),
  userId: owner.userId,
});

const listKeys = async (who: Identity) => {
  const res = await api(who).request("GET", "/v1/key.php");
  expect(res.status).toBe(200);
  return res.json<KeyJson[]>();
};

// A signed v1 write that touches nothing: the signature is accepted (404), or not (401).
const signedWrite = (who: Identity) => api(who).request("DELETE", `/v1/document.php/${randomUUID()}`);

const addKey = (signer: Identity, key: Identity, name?: string) =>
  api(signer).request("POST", "/v1/key.php", { body: { public_key: publicKeyPem(key), name } });

describe("/v1/key.php", () => {
  it("lists the first key of a new account as its primary key", async () => {
    const owner = await registeredUser();
    const keys = await listKeys(owner);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ public_key: publicKeyPem(owner), primary: true, revoked_at: null });
  });

  it("adds a second key that signs, while GET /v1/user.php still returns the primary key", async () => {
    const owner = await registeredUser();
    const second = sameAccount(owner, "ed25519");
    const added = await addKey(owner, second, "laptop");
    expect(added.status).toBe(201);
    expect(added.json()).toMatchObject({ name: "laptop", primary: false, public_key: publicKeyPem(second) });
    expect((await signedWrite(second)).status).toBe(404);
    expect((await signedWrite(owner)).status).toBe(404);
    const user = await api().request("GET", `/v1/user.php/${owner.userId}`);
    expect(user.json()).toEqual({ user_id: owner.userId, public_key: publicKeyPem(owner) });
  });

  it("answers 401 saying the key was revoked, and never revokes the last key", async () => {
    const owner = await registeredUser();
    const second = sameAccount(owner);
    expect((await addKey(owner, second)).status).toBe(201);
    const keys = await listKeys(second);
    const first = keys.find((k) => k.primary)!;
    expect((await api(second).request("DELETE", `/v1/key.php/${first.key_id}`)).status).toBe(200);

    const refused = expectJsonError(await signedWrite(owner), 401);
    expect(refused.message).toMatch(/revoked/);
    // The primary moved to the remaining key; the interface still shows one key.
    const user = await api().request("GET", `/v1/user.php/${owner.userId}`);
    expect(user.json()).toEqual({ user_id: owner.userId, public_key: publicKeyPem(second) });

    const last = (await listKeys(second)).find((k) => k.revoked_at === null)!;
    const lastRefused = expectJsonError(await api(second).request("DELETE", `/v1/key.php/${last.key_id}`), 409);
    expect(lastRefused.message).toMatch(/last key/);
    // A revoked key can never come back.
    expectJsonError(await addKey(second, owner), 409);
  });

  it("rotates in one step: the new key signs, the old one is revoked", async () => {
    const owner = await registeredUser();
    const next = sameAccount(owner);
    const [first] = await listKeys(owner);
    const res = await api(owner).request("POST", `/v1/key.php/${first!.key_id}?action=rotate`, {
      body: { public_key: publicKeyPem(next), name: "rotated" },
    });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ name: "rotated", primary: true });
    expect((await signedWrite(next)).status).toBe(404);
    expect(expectJsonError(await signedWrite(owner), 401).message).toMatch(/revoked/);
  });

  it("records when a key was last used", async () => {
    const owner = await registeredUser();
    await signedWrite(owner);
    await expect.poll(async () => (await listKeys(owner))[0]!.last_used_at, { timeout: 5000 }).not.toBeNull();
  });

  it("refuses strangers: unsigned is 401, someone else's key id is 404, a bad key is 400", async () => {
    const owner = await registeredUser();
    const stranger = await registeredUser();
    const [ownersKey] = await listKeys(owner);
    expectJsonError(await api().request("GET", "/v1/key.php"), 401);
    expectJsonError(await api().request("POST", "/v1/key.php", { body: { public_key: publicKeyPem(stranger) } }), 401);
    expectJsonError(await api(stranger).request("DELETE", `/v1/key.php/${ownersKey!.key_id}`), 404);
    expect((await listKeys(owner))[0]!.revoked_at).toBeNull();
    // A key signed by a key of another account does not join this one.
    expectJsonError(await api(sameAccount(owner)).request("GET", "/v1/key.php"), 401);
    expectJsonError(await api(owner).request("POST", "/v1/key.php", { body: { public_key: "nope" } }), 400);
    expectJsonError(await api(owner).request("DELETE", "/v1/key.php/abc"), 400);
  });
});
