// Recovery codes over real HTTP (/v1/recovery.php, docs/API.md "Recovery codes"). Runs
// once per engine. The limits on attempts are in rate-limit.test.ts (a server with limits).
import { describe, expect, it } from "vitest";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

const issue = async (who: Identity) => {
  const res = await api(who).request("POST", "/v1/recovery.php");
  expect(res.status).toBe(201);
  return res.json<{ codes: string[] }>().codes;
};

const recover = (userId: string, code: string, key: Identity) =>
  api().request("POST", `/v1/recovery.php/${userId}`, { body: { code, public_key: publicKeyPem(key) } });

describe("/v1/recovery.php", () => {
  it("issues ten codes, kept only as scrypt hashes", async () => {
    const owner = await registeredUser();
    const codes = await issue(owner);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-km-np-z]{4}-[2-9a-km-np-z]{4}-[2-9a-km-np-z]{4}$/);
    const stored = await testDb().recoveryCode.findMany({ where: { userId: owner.userId } });
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace(/-/g, ""));
    }
    expect((await api(owner).request("GET", "/v1/recovery.php")).json()).toEqual({ remaining: 10 });
  });

  it("registers a new key once with a code, revokes the old keys, and refuses the code the second time", async () => {
    const owner = await registeredUser();
    const codes = await issue(owner);
    const fresh = { ...newIdentity("ed25519"), userId: owner.userId };
    // Typed by a person: upper case and spaces are the same code.
    const typed = ` ${codes[3]!.toUpperCase().replace(/-/g, " ")} `;
    const res = await recover(owner.userId, typed, fresh);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ user_id: owner.userId, keys_revoked: 1, tokens_revoked: 0 });

    expect((await api(fresh).request("GET", "/v1/key.php")).status).toBe(200);
    expect(expectJsonError(await api(owner).request("GET", "/v1/key.php"), 401).message).toMatch(/revoked/);
    const user = await api().request("GET", `/v1/user.php/${owner.userId}`);
    expect(user.json()).toEqual({ user_id: owner.userId, public_key: publicKeyPem(fresh) });

    const again = { ...newIdentity("ed25519"), userId: owner.userId };
    expectJsonError(await recover(owner.userId, codes[3]!, again), 401);
    expect((await api(again).request("GET", "/v1/key.php")).status).toBe(401);
    expect((await api(fresh).request("GET", "/v1/recovery.php")).json()).toEqual({ remaining: 9 });
    // Another code still works.
    expect((await recover(owner.userId, codes[4]!, again)).status).toBe(200);
  });

  it("refuses a wrong code, another account's code, and strangers asking for codes", async () => {
    const owner = await registeredUser();
    const other = await registeredUser();
    const codes = await issue(owner);
    const fresh = { ...newIdentity(), userId: other.userId };
    const wrong = expectJsonError(await recover(other.userId, codes[0]!, fresh), 401);
    expect(wrong.message).toMatch(/not valid/);
    expectJsonError(await recover(owner.userId, "2222-2222-2222", fresh), 401);
    expectJsonError(await api().request("POST", "/v1/recovery.php"), 401);
    expectJsonError(await api().request("GET", "/v1/recovery.php"), 401);
    expectJsonError(await recover("not-a-user", codes[0]!, fresh), 400);
    expectJsonError(
      await api().request("POST", `/v1/recovery.php/${owner.userId}`, { body: { code: codes[0], public_key: "x" } }),
      400,
    );
    // Nothing changed for the owner.
    expect((await api(owner).request("GET", "/v1/key.php")).status).toBe(200);
  });

  it("asking for codes again makes the unused ones stop working", async () => {
    const owner = await registeredUser();
    const first = await issue(owner);
    await issue(owner);
    expectJsonError(await recover(owner.userId, first[0]!, { ...newIdentity(), userId: owner.userId }), 401);
  });
});
