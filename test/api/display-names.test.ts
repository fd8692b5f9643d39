// Display names (docs/PORTAL.md#display-names), both engines: unique per server by the database's index
// (two users claiming one name at the same moment, on PostgreSQL through two database
// clients as two instances would: exactly one wins, every time), changed and released; shown on the
// portal's pages escaped and usable as the author filter; and the v1 replies byte for
// byte as they were.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { displayNameOf, userIdByDisplayName } from "@/lib/display-names/find-display-names";
import { setDisplayName } from "@/lib/display-names/set-display-name";
import { api, registeredUser, testDb } from "../support/api";

const ROUNDS = 12;
// PostgreSQL: a second client with its own connection pool, as a second instance has.
// SQLite: the same client, so both claims meet in one group-committed transaction (a
// savepoint each). A second SQLite client in this process would wait on the first with
// better-sqlite3's synchronous busy handler, which blocks the very event loop the first
// needs to commit; a second instance on one file is a second process.
const other = inject("engine") === "postgresql" ? createDb(inject("databaseUrl")) : testDb();
afterAll(async () => {
  if (other !== testDb()) await other.$disconnect();
});

const word = () => randomUUID().slice(0, 8).replace(/[0-9]/g, "x");

async function publish(who: Identity, title: string): Promise<string> {
  const id = randomUUID();
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, Description: "", Version: 1 },
  });
  expect(res.status).toBe(200);
  return id;
}

describe("claiming a display name", () => {
  it(`lets exactly one of two users win a name claimed at the same moment (${ROUNDS} rounds)`, async () => {
    const wins = { first: 0, second: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Ed25519 keys: made in microseconds, so the rounds cost what the race costs.
      const [alice, bob] = await Promise.all([registeredUser("ed25519"), registeredUser("ed25519")]);
      const base = `Racer ${word()}`;
      // The same name as the rules see it: other case, other separators.
      const claims = [
        () => setDisplayName(testDb(), { userId: alice.userId, name: base }),
        () => setDisplayName(other, { userId: bob.userId, name: base.toUpperCase().replace(" ", "_") }),
      ];
      // Whoever is sent first has a head start: alternate it.
      const results =
        round % 2 === 0
          ? await Promise.allSettled(claims.map((c) => c()))
          : (await Promise.allSettled([...claims].reverse().map((c) => c()))).reverse();
      const won = results.map((r) => r.status === "fulfilled");
      expect(
        won.filter(Boolean),
        `round ${round}: ${results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok")).join(", ")}`,
      ).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(ApiError);
      expect(lost.reason).toMatchObject({ status: 409, details: { field: "display_name" } });
      expect((lost.reason as ApiError).message).toMatch(/^The name “.+” is taken; choose another\.$/);
      const winner = won[0] ? alice : bob;
      expect(await userIdByDisplayName(testDb(), base.toLowerCase())).toBe(winner.userId);
      expect(await testDb().displayName.count({ where: { userId: { in: [alice.userId, bob.userId] } } })).toBe(1);
      wins[won[0] ? "first" : "second"]++;
    }
    console.log(`display name races: first client won ${wins.first}, second ${wins.second} of ${ROUNDS}`);
  });

  it("is changed, saved again unchanged, released by clearing it, and goes with its user", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const name = `Keeper ${word()}`;
    expect(await setDisplayName(testDb(), { userId: alice.userId, name: ` ${name}  ` })).toEqual({ name });
    expect(await setDisplayName(testDb(), { userId: alice.userId, name })).toEqual({ name });
    await expect(setDisplayName(testDb(), { userId: bob.userId, name: name.toLowerCase() })).rejects.toMatchObject({
      status: 409,
    });
    // Alice renames herself: her old name is free at once.
    expect(await setDisplayName(testDb(), { userId: alice.userId, name: `${name} Two` })).toEqual({
      name: `${name} Two`,
    });
    expect(await setDisplayName(testDb(), { userId: bob.userId, name })).toEqual({ name });
    expect(await setDisplayName(testDb(), { userId: bob.userId, name: "  " })).toEqual({ name: null });
    expect(await displayNameOf(testDb(), bob.userId)).toBeNull();
    // Bad names are a 400 naming the field; nothing is written.
    await expect(setDisplayName(testDb(), { userId: bob.userId, name: "<script>" })).rejects.toMatchObject({
      status: 400,
      details: { field: "display_name" },
    });
    expect(await displayNameOf(testDb(), bob.userId)).toBeNull();
    // Deleting the user (v1) deletes the name with it.
    expect((await api(alice).request("DELETE", `/v1/user.php/${alice.userId}`)).status).toBe(200);
    expect(await testDb().displayName.count({ where: { userId: alice.userId } })).toBe(0);
  });
});

describe("display names on the portal and the v1 API", () => {
  it("leaves every v1 reply byte for byte as it was", async () => {
    const author = await registeredUser();
    const nobody = randomUUID();
    await publish(author, `Named ${word()}`);
    const replies = async () =>
      Promise.all(
        [
          `/v1/user.php/${author.userId}`,
          `/v1/document.php?user_id=${author.userId}`,
          `/v1/user.php/${author.userId},${nobody}`,
        ].map(async (path) => {
          const res = await api().request("GET", path);
          return { path, status: res.status, type: res.headers["content-type"], body: res.text() };
        }),
      );
    const before = await replies();
    await setDisplayName(testDb(), { userId: author.userId, name: `Author ${word()}` });
    expect(await replies()).toEqual(before);
    for (const r of before) expect(r.body).not.toMatch(/display_?name/i);
  });

  it("shows the name, escaped, on the listing and the document page, and filters by it", async () => {
    const [named, plain] = [await registeredUser(), await registeredUser()];
    const tag = word();
    const name = `O'Neil ${tag}`;
    await setDisplayName(testDb(), { userId: named.userId, name });
    const doc = await publish(named, `Scorched ${tag} loot`);
    await publish(plain, `Scorched ${tag} kit`);
    const page = async (path: string) => {
      const res = await fetch(`${inject("serverUrl")}${path}`);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const escaped = `O&#x27;Neil ${tag}`;
    const listing = await page(`/documents?q=${tag}`);
    expect(listing).toContain(escaped);
    expect(listing).toContain(`user ${plain.userId.slice(0, 8)}`);
    // Markup of the page (the React payload after it carries the name in a JSON string).
    expect(listing.slice(0, listing.indexOf("self.__next_f"))).not.toContain(name);
    expect(await page(`/documents/${doc}`)).toContain(escaped);
    // The author filter takes the name in any case and with other separators.
    const filtered = await page(`/documents?q=${tag}&author=${encodeURIComponent(`o'neil_${tag.toUpperCase()}`)}`);
    expect(filtered).toContain(`Scorched ${tag} loot`);
    expect(filtered).not.toContain(`Scorched ${tag} kit`);
    const nobody = await page(`/documents?q=${tag}&author=Nobody%20${tag}`);
    expect(nobody).toMatch(new RegExp(`No author is called “(<!-- -->)?Nobody ${tag}(<!-- -->)?”`));
    expect(nobody).toContain(`Scorched ${tag} kit`);
  });
});
