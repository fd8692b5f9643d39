// Ownership rules 2-3 under concurrency (docs/CONTRACT.md#mods): two app instances on one
// PostgreSQL, two users confirming the same mod at the same moment, one at each
// instance. Exactly one may end up the confirmed owner; the other registration is gone.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "@/lib/client/http";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { confirmMod, getMod, postMods, registeredMod, type ModReply } from "../support/mods";
import { steamItem } from "../support/steam";
import { startServer, type TestServer } from "../support/test-server";

const ROUNDS = 20;

describe.runIf(inject("engine") === "postgresql")("two instances confirming at once", () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startServer({ DATABASE_URL: inject("databaseUrl"), STEAM_API_URL: inject("steamUrl") });
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
  });

  it(`ends with exactly one confirmed owner, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const winners = { first: 0, second: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const [alice, bob] = [await registeredUser(), await registeredUser()];
      const id = await registeredMod(alice);
      expect((await postMods(bob, { mod_id: id })).status).toBe(200);
      const codes = [(await getMod(alice, id)).confirmation_code, (await getMod(bob, id)).confirmation_code];
      await steamItem({ publishedfileid: id, description: codes.join("\n") });

      // Alice mostly at instance 1, Bob mostly at instance 2, several requests each, all at once.
      const fire = (who: typeof alice, first: number) =>
        [first, first, 1 - first].map((i) =>
          confirmMod(who, id, createClient({ serverUrl: [inject("serverUrl"), second.url][i]!, identity: who })),
        );
      // Whoever is sent first has a head start of a few signatures: alternate it.
      const replies =
        round % 2 === 0
          ? await Promise.all([...fire(alice, 0), ...fire(bob, 1)])
          : (await Promise.all([...fire(bob, 1), ...fire(alice, 0)])).reverse();
      const [aliceReplies, bobReplies] =
        round % 2 === 0
          ? [replies.slice(0, 3), replies.slice(3)]
          : [replies.slice(0, 3).reverse(), replies.slice(3).reverse()];
      const won = (rs: typeof replies) => rs.some((r) => r.status === 200);
      expect(won(aliceReplies) !== won(bobReplies), `round ${round}: ${replies.map((r) => r.status).join(",")}`).toBe(
        true,
      );
      const [winnerReplies, loserReplies] = won(aliceReplies) ? [aliceReplies, bobReplies] : [bobReplies, aliceReplies];
      // Every request of the winner reports the confirmation; every request of the loser is a 409.
      for (const r of winnerReplies)
        expect(r.json<ModReply>(), r.text()).toMatchObject({ mod_id: id, confirmed: true });
      for (const r of loserReplies) expectJsonError(r, 409);
      winners[won(aliceReplies) ? "first" : "second"]++;

      const rows = await testDb().modRegistration.findMany({ where: { workshopId: id } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        confirmed: true,
        confirmedModId: id,
        userId: won(aliceReplies) ? alice.userId : bob.userId,
      });
      // The loser's view agrees: no registration, and it cannot register again.
      const loser = won(aliceReplies) ? bob : alice;
      expectJsonError(await api(loser).request("GET", `/v1/mod.php/${id}`), 404);
      expectJsonError(await postMods(loser, { mod_id: id }), 409);
    }
    console.log(`race winners: alice (mostly instance 1) ${winners.first}, bob (mostly instance 2) ${winners.second}`);
  }, 180_000);

  it(`never leaves a registration beside a confirmation made at the same moment (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [alice, bob] = [await registeredUser(), await registeredUser()];
      const id = await registeredMod(alice);
      await steamItem({ publishedfileid: id, description: (await getMod(alice, id)).confirmation_code });
      const atSecond = createClient({ serverUrl: second.url, identity: bob });
      const [confirmed, registered] = await Promise.all([
        confirmMod(alice, id),
        atSecond.request("POST", "/v1/mod.php", { body: { mod_id: id } }),
      ]);
      expect(confirmed.json<ModReply>().confirmed, confirmed.text()).toBe(true);
      // Registered first and then removed by the confirmation, or refused: both end the same.
      expect([200, 409], registered.text()).toContain(registered.status);
      const rows = await testDb().modRegistration.findMany({ where: { workshopId: id } });
      expect(rows.map((r) => [r.userId, r.confirmedModId])).toEqual([[alice.userId, id]]);
    }
  }, 180_000);
});
