// Dashboard sign-in challenges: single use, expiry, bound to the user, wrong
// signatures; then the whole next-auth Credentials flow over real HTTP. Both engines.
import { sign } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { identityFromPem, newIdentity, type Identity } from "@/lib/client/identity";
import { CHALLENGE_TTL_MS, issueChallenge, redeemChallenge, type Challenge } from "@/lib/sign-in/challenges";
import { registeredUser, testDb } from "../support/api";

const baseUrl = () => inject("serverUrl");
const signWith = (identity: Identity, c: Challenge) =>
  sign("sha256", Buffer.from(c.content, "utf8"), identity.privateKey).toString("hex");
const redeem = (identity: Identity, c: Challenge, signature = signWith(identity, c), now?: Date) =>
  redeemChallenge(testDb(), {
    userId: identity.userId,
    challengeId: c.challengeId,
    signature,
    baseUrl: baseUrl(),
    now,
  });

describe("sign-in challenges", () => {
  it("accepts a signature by the user's key once, and never again", async () => {
    const user = await registeredUser();
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    expect(c.challengeId).toMatch(/^[0-9a-f]{64}$/);
    expect(await redeem(user, c)).toEqual({
      ok: true,
      userId: user.userId,
      pem: expect.stringContaining("PUBLIC KEY") as string,
    });
    expect(await redeem(user, c)).toEqual({ ok: false, reason: "unknown-or-used" });
    expect(await testDb().signInChallenge.count({ where: { id: c.challengeId } })).toBe(0);
  });

  it("lets exactly one of many concurrent redeemers win", async () => {
    const user = await registeredUser();
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(user, c)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses an expired challenge (5 minutes)", async () => {
    const user = await registeredUser();
    const issued = new Date(Date.now() - CHALLENGE_TTL_MS - 1000);
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl(), now: issued });
    expect(CHALLENGE_TTL_MS).toBeLessThanOrEqual(5 * 60_000);
    expect(c.expiresAt.getTime() - issued.getTime()).toBe(CHALLENGE_TTL_MS);
    expect(await redeem(user, c)).toEqual({ ok: false, reason: "unknown-or-used" });
  });

  it("is bound to the user it was issued for", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const c = await issueChallenge(testDb(), { userId: alice.userId, baseUrl: baseUrl() });
    // Bob signs Alice's challenge with his own key, and with the content naming him.
    const asBob = { ...c, content: c.content.replace(alice.userId, bob.userId) };
    expect(await redeem(bob, c, signWith(bob, asBob))).toEqual({ ok: false, reason: "unknown-or-used" });
    expect(await redeem(bob, c, signWith(bob, c))).toEqual({ ok: false, reason: "unknown-or-used" });
    // Alice's signature presented as Bob's is no better.
    expect(await redeem(bob, c, signWith(alice, c))).toEqual({ ok: false, reason: "unknown-or-used" });
    expect(await redeem(alice, c)).toEqual({
      ok: true,
      userId: alice.userId,
      pem: expect.stringContaining("PUBLIC KEY") as string,
    });
  });

  it("refuses a wrong signature and spends the challenge doing so", async () => {
    const user = await registeredUser();
    const stranger = identityFromPem(
      user.userId,
      newIdentity().privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    );
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    expect(await redeem(user, c, signWith(stranger, c))).toEqual({ ok: false, reason: "bad-signature" });
    expect(await redeem(user, c)).toEqual({ ok: false, reason: "unknown-or-used" });
    const c2 = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    expect(await redeem(user, c2, "zz")).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses malformed input and users that do not exist", async () => {
    const ghost = newIdentity();
    await expect(issueChallenge(testDb(), { userId: ghost.userId, baseUrl: baseUrl() })).rejects.toMatchObject({
      status: 400,
    });
    await expect(issueChallenge(testDb(), { userId: "not-a-uuid", baseUrl: baseUrl() })).rejects.toMatchObject({
      status: 400,
    });
    expect(
      await redeemChallenge(testDb(), { userId: ghost.userId, challengeId: "x", signature: "00", baseUrl: baseUrl() }),
    ).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("next-auth Credentials sign-in over HTTP", () => {
  async function callback(fields: Record<string, string>) {
    const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ ...fields, csrfToken }).toString(),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
    return { res, session: session?.split(";")[0] };
  }

  it("signs in with a signed challenge, and the session opens the dashboard", async () => {
    const user = await registeredUser();
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    const { session } = await callback({
      user_id: user.userId,
      challenge: c.challengeId,
      signature: signWith(user, c),
    });
    expect(session).toBeDefined();
    const page = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie: session! }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(user.userId);
    // The same challenge a second time gets no session.
    expect(
      (await callback({ user_id: user.userId, challenge: c.challengeId, signature: signWith(user, c) })).session,
    ).toBeUndefined();
  });

  it("refuses a wrong signature and a missing CSRF token; the dashboard needs a session", async () => {
    const user = await registeredUser();
    const c = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    expect(
      (await callback({ user_id: user.userId, challenge: c.challengeId, signature: "ab".repeat(256) })).session,
    ).toBeUndefined();
    const c2 = await issueChallenge(testDb(), { userId: user.userId, baseUrl: baseUrl() });
    const noCsrf = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        user_id: user.userId,
        challenge: c2.challengeId,
        signature: signWith(user, c2),
      }).toString(),
    });
    expect(noCsrf.headers.getSetCookie().some((s) => s.startsWith("authjs.session-token="))).toBe(false);
    const anonymous = await fetch(`${baseUrl()}/dashboard`, { redirect: "manual" });
    expect(anonymous.status).toBe(307);
    expect(anonymous.headers.get("location")).toContain("/sign-in");
  });
});
