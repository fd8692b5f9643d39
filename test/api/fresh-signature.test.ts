// A dashboard session alone no longer changes credentials (lib/sign-in/fresh-signature.ts):
// past FRESH_SIGNATURE_SECONDS after its sign-in (10 s on this dedicated server; 10
// minutes by default), adding or rotating a key, revoking one, new recovery codes and a new
// API token are refused with "Sign in again", and nothing changes; revoking a token (which
// only takes access away) still works. The Keys page says so and links to a sign-in that
// brings the person back; a new sign-in (a new one-time challenge signed) may change them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { createToken } from "@/lib/keys/tokens";
import { dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";
import { until } from "../support/until";

// Long enough that a change made right after a sign-in is fresh on a loaded CI machine (2 s
// was not: a first server action took longer), short enough to wait out.
const WINDOW_SECONDS = 10;
const action = (name: string) => serverAction("app/dashboard/key-actions.ts", name);
let d: Dedicated;
let db: Db;

beforeAll(async () => {
  d = await dedicatedServer("fresh-signature", { FRESH_SIGNATURE_SECONDS: String(WINDOW_SECONDS) });
  db = createDb(d.database.url);
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  await d?.close();
});

describe("credential changes need a recent sign-in", () => {
  it("refuses them for an older session and changes nothing; a new sign-in may", async () => {
    const serverUrl = d.server.url;
    const owner = await registerUser(serverUrl);
    const other = { serverUrl, db };
    // The session that grows old; each change meant to go through signs in anew just before.
    const cookie = await sessionCookie(owner, other);
    const call = (name: string, fields: Record<string, string>, withCookie = cookie) =>
      callFormAction(action(name), fields, { cookie: withCookie, page: "/dashboard/keys", serverUrl });

    // Fresh: a key is added, new recovery codes made.
    const added = await call("addKeyAction", { public_key: publicKeyPem(newIdentity()), name: "laptop" });
    expect(added.body).toContain('Key \\"laptop\\" added.');
    const codes = await call("recoveryCodesAction", {}, await sessionCookie(owner, other));
    expect(codes.body).toContain("Ten new recovery codes");
    const token = await createToken(db, owner.userId, { name: "ci", scopes: ["documents:write"], expiresInDays: 30 });
    const snapshot = async () => ({
      keys: await db.userKey.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
      codes: await db.recoveryCode.findMany({ where: { userId: owner.userId }, orderBy: { id: "asc" } }),
      tokens: await db.apiToken.count({ where: { userId: owner.userId } }),
    });
    const keys = (await snapshot()).keys;
    expect(keys).toHaveLength(2);

    // Until the server itself judges the sign-in old: the Keys page says so.
    await until(
      "the session older than the window",
      async () =>
        (await (await fetch(`${serverUrl}/dashboard/keys`, { headers: { cookie } })).text()).includes(
          'data-testid="sign-in-again"',
        ),
      30_000,
    );
    const before = await snapshot();
    const attempts: [string, Record<string, string>][] = [
      ["addKeyAction", { public_key: publicKeyPem(newIdentity()), name: "thief" }],
      ["addKeyAction", { public_key: publicKeyPem(newIdentity()), replaces: String(keys[1]!.id) }],
      ["revokeKeyAction", { key_id: String(keys[1]!.id), confirmed: "yes" }],
      ["recoveryCodesAction", {}],
      ["createTokenAction", { name: "more", scopes: "documents:write", expires_in_days: "30" }],
    ];
    for (const [name, fields] of attempts) {
      const refused = await call(name, fields);
      expect(refused.body, name).toContain("Sign in again to confirm it is you");
      expect(refused.body, name).toContain(`from the last ${WINDOW_SECONDS} seconds`);
    }
    expect(await snapshot()).toEqual(before);
    expect(before.codes).toHaveLength(10);

    // Taking access away needs no new signature.
    const revokedToken = await call("revokeTokenAction", { token_id: token.token_id, confirmed: "yes" });
    expect(revokedToken.body).toContain("Revoked.");

    // The pages say why and where to go; the sign-in page signs a signed-in person in again.
    const page = await fetch(`${serverUrl}/dashboard/keys`, { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('data-testid="sign-in-again"');
    expect(html).toContain("/sign-in?again=1&amp;next=%2Fdashboard%2Fkeys");
    expect(html).not.toContain("Make a new key in this browser");
    const tokensPage = await (await fetch(`${serverUrl}/dashboard/tokens`, { headers: { cookie } })).text();
    expect(tokensPage).toContain('data-testid="sign-in-again"');
    const again = await fetch(`${serverUrl}/sign-in?again=1&next=%2Fdashboard%2Fkeys`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Sign in again");
    // Without ?again a signed-in person is still sent on.
    const plain = await fetch(`${serverUrl}/sign-in?next=%2Fdashboard%2Fkeys`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(plain.status).toBeGreaterThanOrEqual(300);
    expect(plain.status).toBeLessThan(400);

    // A new sign-in: the change goes through.
    const fresh = await sessionCookie(owner, other);
    const now = await call("recoveryCodesAction", {}, fresh);
    expect(now.body).toContain("Ten new recovery codes");
    const freshPage = await (await fetch(`${serverUrl}/dashboard/keys`, { headers: { cookie: fresh } })).text();
    expect(freshPage).not.toContain('data-testid="sign-in-again"');
    expect(freshPage).toContain("Make a new key in this browser");
  }, 120_000);
});
