// Ownership rules 2-3 under concurrency (CONTRACT §5): two app instances on one
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

      const atSecond = createClient({ serverUrl: second.url, identity: bob });
      const [a, b] = await Promise.all([confirmMod(alice, id), confirmMod(bob, id, atSecond)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, `round ${round}: ${a.text()} / ${b.text()}`).toEqual([200, 409]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expect(won.json<ModReply>()).toMatchObject({ mod_id: id, confirmed: true });
      expectJsonError(lost, 409);
      winners[a.status === 200 ? "first" : "second"]++;

      const rows = await testDb().modRegistration.findMany({ where: { workshopId: id } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ confirmed: true, confirmedModId: id, userId: a.status === 200 ? alice.userId : bob.userId });
      // The loser's view agrees: no registration, and it cannot register again.
      const loser = a.status === 200 ? bob : alice;
      expectJsonError(await api(loser).request("GET", `/v1/mod.php/${id}`), 404);
      expectJsonError(await postMods(loser, { mod_id: id }), 409);
    }
    console.log(`race winners: instance 1 ${winners.first}, instance 2 ${winners.second}`);
  }, 180_000);
});
