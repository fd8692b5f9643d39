// The dashboard's Keys and Tokens (app/dashboard/key-actions.ts) on both engines, through
// real sessions and server actions called as React calls them: the owner adds and revokes
// a key, makes new recovery codes, makes a token (shown once, bh_) and revokes it; another
// signed-in user naming the owner's key or token is refused and changes nothing, and a
// visitor without a session is sent to sign in. The dashboard warns of a token expiring
// within a week. Revoking the key a session signed in with (or recovering the account)
// ends that session. Revoking runs only from the form's confirmation step. Key names are
// unique among an account's active keys, and signing in counts as using a key.
import { describe, expect, inject, it } from "vitest";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { addKey, listKeys, revokeKey } from "@/lib/keys/keys";
import { createToken } from "@/lib/keys/tokens";
import { registeredUser, testDb } from "../support/api";
import { callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";

const ACTIONS = "app/dashboard/key-actions.ts";
const action = (name: string) => serverAction(ACTIONS, name);

const keysOf = (userId: string) =>
  testDb().userKey.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { id: true, revokedAt: true } });

describe("dashboard keys and tokens", () => {
  it("another user's session is refused every key and token action; a visitor is sent to sign in", async () => {
    const owner = await registeredUser();
    const stranger = await registeredUser();
    const strangerCookie = await sessionCookie(stranger);
    const ownerCookie = await sessionCookie(owner);
    const second = { ...newIdentity(), userId: owner.userId };
    const added = await callFormAction(
      action("addKeyAction"),
      { public_key: publicKeyPem(second), name: "laptop" },
      { cookie: ownerCookie, page: "/dashboard/keys" },
    );
    expect(added.body).toContain('Key \\"laptop\\" added.');
    const token = await createToken(testDb(), owner.userId, {
      name: "ci",
      scopes: ["documents:write"],
      expiresInDays: 30,
    });
    const before = await keysOf(owner.userId);
    expect(before).toHaveLength(2);

    const attempts: [string, Record<string, string>][] = [
      ["revokeKeyAction", { key_id: String(before[0]!.id), confirmed: "yes" }],
      ["addKeyAction", { public_key: publicKeyPem(newIdentity()), replaces: String(before[1]!.id) }],
      ["revokeTokenAction", { token_id: token.token_id, confirmed: "yes" }],
    ];
    for (const [name, fields] of attempts) {
      const refused = await callFormAction(action(name), fields, { cookie: strangerCookie, page: "/dashboard/keys" });
      expect(refused.body, name).toMatch(/has no (key|live token) with this id/);
      const visitor = await callFormAction(action(name), fields, { page: "/dashboard/keys" });
      expect(visitor.redirect ?? "", name).toMatch(/^\/sign-in/);
    }
    expect(await keysOf(owner.userId)).toEqual(before);
    // the stranger keeps only the key it registered with: nothing was added for it either
    expect(await keysOf(stranger.userId)).toHaveLength(1);
    const kept = await testDb().apiToken.findUniqueOrThrow({ where: { id: token.token_id } });
    expect(kept.revokedAt).toBeNull();

    // The owner's own: revoke the added key, new codes, a token shown once, revoked.
    // Revoking runs only from the form's confirmation step: without it nothing changes.
    const unasked = await callFormAction(
      action("revokeKeyAction"),
      { key_id: String(before[1]!.id) },
      { cookie: ownerCookie, page: "/dashboard/keys" },
    );
    expect(unasked.body).toContain("Nothing was changed: confirm first");
    expect((await keysOf(owner.userId)).filter((k) => k.revokedAt !== null)).toHaveLength(0);
    const revoked = await callFormAction(
      action("revokeKeyAction"),
      { key_id: String(before[1]!.id), confirmed: "yes" },
      { cookie: ownerCookie, page: "/dashboard/keys" },
    );
    expect(revoked.body).toContain("Revoked.");
    const last = await callFormAction(
      action("revokeKeyAction"),
      { key_id: String(before[0]!.id), confirmed: "yes" },
      { cookie: ownerCookie, page: "/dashboard/keys" },
    );
    expect(last.body).toContain("The last key of an account cannot be revoked");
    const codes = await callFormAction(action("recoveryCodesAction"), {}, { cookie: ownerCookie });
    expect(codes.body).toMatch(/([2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{4} ){9}[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{4}/);
    const made = await callFormAction(
      action("createTokenAction"),
      { name: "release", scopes: "documents:write", expires_in_days: "7" },
      { cookie: ownerCookie, page: "/dashboard/tokens" },
    );
    expect(made.body).toMatch(/bh_[A-Za-z0-9_-]{43}/);
    const noExpiry = await callFormAction(
      action("createTokenAction"),
      { name: "forever", scopes: "documents:write", expires_in_days: "400" },
      { cookie: ownerCookie, page: "/dashboard/tokens" },
    );
    expect(noExpiry.body).toContain("expires_in_days must be a whole number from 1 to 365");
    expect(noExpiry.body).not.toMatch(/bh_[A-Za-z0-9_-]{43}/);
    const unaskedToken = await callFormAction(
      action("revokeTokenAction"),
      { token_id: token.token_id },
      { cookie: ownerCookie, page: "/dashboard/tokens" },
    );
    expect(unaskedToken.body).toContain("Nothing was changed: confirm first");
    const revokedToken = await callFormAction(
      action("revokeTokenAction"),
      { token_id: token.token_id, confirmed: "yes" },
      { cookie: ownerCookie, page: "/dashboard/tokens" },
    );
    expect(revokedToken.body).toContain("Revoked.");
  });

  it("pages list keys and tokens; the dashboard warns of a token in its last days, not of a new week's token", async () => {
    const owner = await registeredUser();
    const cookie = await sessionCookie(owner);
    const nightly = await createToken(testDb(), owner.userId, {
      name: "nightly push",
      scopes: ["documents:write"],
      expiresInDays: 3,
    });
    // Made ten days ago: three of its thirteen days left, the last third of its life.
    await testDb().apiToken.update({
      where: { id: nightly.token_id },
      data: { createdAt: new Date(Date.now() - 10 * 24 * 3600_000) },
    });
    await createToken(testDb(), owner.userId, { name: "weekly", scopes: ["documents:write"], expiresInDays: 7 });
    await createToken(testDb(), owner.userId, { name: "yearly", scopes: ["documents:write"], expiresInDays: 300 });
    const page = async (path: string) => (await fetch(`${inject("serverUrl")}${path}`, { headers: { cookie } })).text();
    const dashboard = await page("/dashboard");
    expect(dashboard).toMatch(/data-testid="token-expiry"[^>]*>[^<]*&quot;nightly push&quot; expires/);
    expect(dashboard).not.toContain("&quot;yearly&quot; expires");
    expect(dashboard).not.toContain("&quot;weekly&quot; expires");
    expect(await page("/dashboard/keys")).toContain("first key");
    expect(await page("/dashboard/tokens")).toContain("nightly push");
  });

  it("a session ends when the key that signed it in is revoked; another key's session goes on", async () => {
    const owner = await registeredUser();
    const second = { ...newIdentity(), userId: owner.userId };
    await addKey(testDb(), owner.userId, { publicKey: publicKeyPem(second) });
    const [firstCookie, secondCookie] = [await sessionCookie(owner), await sessionCookie(second)];
    const status = async (cookie: string) =>
      (await fetch(`${inject("serverUrl")}/dashboard/keys`, { headers: { cookie }, redirect: "manual" })).status;
    expect([await status(firstCookie), await status(secondCookie)]).toEqual([200, 200]);
    const first = (await listKeys(testDb(), owner.userId)).find((k) => k.public_key !== publicKeyPem(second))!;
    await revokeKey(testDb(), owner.userId, first.key_id);
    // A signed-out dashboard request is sent to /sign-in (307); the other key's session stands.
    expect([await status(firstCookie), await status(secondCookie)]).toEqual([307, 200]);
  });

  it("key names are unique among an account's active keys; a sign-in counts as a use of its key", async () => {
    const owner = await registeredUser();
    const [first] = await listKeys(testDb(), owner.userId);
    expect(first!.last_used_at).toBeNull();
    // Signing in to the dashboard (the credentials callback) is a use of the key that signed.
    const cookie = await sessionCookie(owner);
    const [afterSignIn] = await listKeys(testDb(), owner.userId);
    expect(afterSignIn!.last_used_at).not.toBeNull();

    await addKey(testDb(), owner.userId, { publicKey: publicKeyPem(newIdentity()), name: "Laptop" });
    // Through the page: a taken name (case aside) is said under the name field, and nothing is added.
    const taken = await callFormAction(
      action("addKeyAction"),
      { public_key: publicKeyPem(newIdentity()), name: "laptop" },
      { cookie, page: "/dashboard/keys" },
    );
    expect(taken.body).toContain("This account has a key named “laptop” already");
    expect(taken.body).toMatch(/"name":"This account has a key named/);
    expect(await listKeys(testDb(), owner.userId)).toHaveLength(2);
    // A name made up for the owner is numbered instead of refused.
    const day = new Date("2026-11-29T12:00:00Z");
    const a = await addKey(testDb(), owner.userId, { publicKey: publicKeyPem(newIdentity()) }, day);
    const b = await addKey(testDb(), owner.userId, { publicKey: publicKeyPem(newIdentity()) }, day);
    expect([a.name, b.name]).toEqual(["key added 2026-11-29", "key added 2026-11-29 (2)"]);
    // Rotating may keep the name of the key it replaces, and a revoked key's name is free again.
    const laptop = (await listKeys(testDb(), owner.userId)).find((k) => k.name === "Laptop")!;
    const rotated = await addKey(testDb(), owner.userId, {
      publicKey: publicKeyPem(newIdentity()),
      name: "Laptop",
      replaces: laptop.key_id,
    });
    expect(rotated.name).toBe("Laptop");
    await revokeKey(testDb(), owner.userId, a.key_id);
    expect((await addKey(testDb(), owner.userId, { publicKey: publicKeyPem(newIdentity()), name: a.name })).name).toBe(
      a.name,
    );
  });
});
