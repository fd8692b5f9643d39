/**
 * A signed-in browser context without the sign-in page: a fresh identity registered
 * through POST /v1/user.php, a challenge issued straight in the e2e database, signed
 * here, and redeemed through next-auth's own credentials callback with the context's
 * request object, so the session cookie lands in the context. One HTTP round trip
 * instead of generating a key in the page (e2e/sign-in.spec.ts tests that path).
 */
import { sign } from "node:crypto";
import { expect, test, type BrowserContext } from "@playwright/test";
import { beaconApi } from "@/lib/client/beacon-api";
import { newIdentity, type Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { issueChallenge } from "@/lib/sign-in/challenges";

export async function registerIdentity(): Promise<Identity> {
  const identity = newIdentity("rsa-sha256");
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity }).users.register();
  return identity;
}

export async function signIn(context: BrowserContext, identity: Identity): Promise<void> {
  const db = createDb(process.env.E2E_DATABASE_URL!);
  let challenge: Awaited<ReturnType<typeof issueChallenge>>;
  try {
    challenge = await issueChallenge(db, { userId: identity.userId, baseUrl: process.env.E2E_BASE_URL! });
  } finally {
    await db.$disconnect();
  }
  const signature = sign("sha256", Buffer.from(challenge.content, "utf8"), identity.privateKey).toString("hex");
  const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { user_id: identity.userId, challenge: challenge.challengeId, signature, csrfToken },
    maxRedirects: 0,
  });
  expect(res.status(), "next-auth answers a good credentials callback with a redirect").toBe(302);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name === "authjs.session-token")).toBe(true);
}

/** Deletes an identity made here (and by cascade all it owns), so other specs see the seed. */
export async function deleteIdentity(identity: Identity): Promise<void> {
  await beaconApi({ serverUrl: process.env.E2E_BASE_URL!, identity }).users.delete();
}

/**
 * The user ids of identities a spec makes in the page (where no private key reaches the
 * test to delete them through the API), deleted with all they own after the spec's tests,
 * so the seeded counts other specs check (home page statistics, all spawn codes) stay.
 */
export function deletedAfterAll(): string[] {
  const created: string[] = [];
  test.afterAll(async () => {
    const db = createDb(process.env.E2E_DATABASE_URL!);
    try {
      await db.user.deleteMany({ where: { id: { in: created } } });
    } finally {
      await db.$disconnect();
    }
  });
  return created;
}
