// The catalogue's data_versions rows are taken in one order by every transaction
// (engrams, creatures, mods: prisma/postgresql/migrations/20261124200000_creatures), or two
// writers deadlock and PostgreSQL aborts one (found as a 500 on a mod confirmation under
// load). Here a writer holding engrams' row (a pull: engrams, then creatures) meets a mod
// rename, which used to take creatures' row before engrams'. PostgreSQL only: SQLite has
// one writer at a time.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

describe.runIf(inject("engine") === "postgresql")("data version locks on PostgreSQL", () => {
  const url = inject("databaseUrl");
  const puller = new pg.Client({ connectionString: url });
  const renamer = new pg.Client({ connectionString: url });
  const modId = String(7_000_000_000 + Math.floor(Math.random() * 1e9));
  const userId = randomUUID();

  beforeAll(async () => {
    await puller.connect();
    await renamer.connect();
    await puller.query(`INSERT INTO "users" ("id", "public_key") VALUES ($1, 'k')`, [userId]);
    await puller.query(
      `INSERT INTO "mod_registrations" ("user_id", "workshop_id", "name", "confirmation_code", "confirmed", "confirmed_mod_id") VALUES ($1, $2, 'Lock Order', 'c', true, $2)`,
      [userId, modId],
    );
  });
  afterAll(async () => {
    await puller.query(`DELETE FROM "users" WHERE "id" = $1`, [userId]).catch(() => {});
    await puller.end();
    await renamer.end();
  });

  it("a mod rename waits for a writer that holds engrams' version, and both commit (no deadlock)", async () => {
    const row = (kind: string) =>
      `INSERT INTO "${kind}" ("uid", "path", "class_name", "class_key", "label", "environments", ${kind === "engrams" ? `"can_blueprint", ` : ""}"mod_id", "updated_at") VALUES (md5($1), $1, 'X_C', 'x_c', 'X', 1, ${kind === "engrams" ? "true, " : ""}$2, now())`;
    await puller.query("BEGIN");
    await puller.query(row("engrams"), [`/Game/Mods/Lock${modId}/E.E`, modId]);
    await renamer.query("BEGIN");
    await renamer.query("SET LOCAL lock_timeout = '20s'");
    const renamed = renamer.query(`UPDATE "mod_registrations" SET "name" = 'Renamed' WHERE "confirmed_mod_id" = $1`, [
      modId,
    ]);
    await new Promise((r) => setTimeout(r, 300)); // the rename is now waiting on a version row
    await puller.query(row("creatures"), [`/Game/Mods/Lock${modId}/C.C`, modId]);
    await puller.query("COMMIT");
    await renamed;
    await renamer.query("COMMIT");
    const { rows } = await puller.query<{ name: string }>(
      `SELECT "name" FROM "mod_registrations" WHERE "confirmed_mod_id" = $1`,
      [modId],
    );
    expect(rows[0]?.name).toBe("Renamed");
  });
});
