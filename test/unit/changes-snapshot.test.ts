// The changes feed never steps over a change whose transaction commits after a later one
// (lib/changes/read-changes.ts, change-log.ts), forced rather than hoped for: on a fresh
// PostgreSQL database, transaction A writes an engram and stays open, transaction B
// writes a creature and commits, the feed is read, A commits, and the feed is read again.
// A's change row has the lower transaction id and B's is visible first; a reader that
// took B and moved its cursor past it would never see A. So while A is open the feed
// must hold B back, and once A has committed it must deliver both.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangesPage } from "@/lib/changes/changes-page";
import { readChanges } from "@/lib/changes/read-changes";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { uidOf } from "@/lib/engrams/derive";
import { createTestDatabase, type TestDatabase } from "../support/databases";

// Vitest sets BASE_URL to Vite's "/"; the feed's engram replies carry URLs built from it.
process.env.BASE_URL = "https://beacon.test";

const MOD = "700000035";
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase("postgresql", "changes_snapshot");
  await migrate(database.url);
  db = createDb(database.url);
  const owner = randomUUID();
  await db.user.create({ data: { id: owner, publicKey: "k" } });
  await db.modRegistration.create({
    data: {
      userId: owner,
      workshopId: MOD,
      name: "Snapshot",
      confirmationCode: "c",
      confirmed: true,
      confirmedModId: MOD,
    },
  });
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const read = (cursor?: string) => readChanges(db, { cursor, limit: 100, retentionDays: 90 });

/** A full read to its end: the cursor every later change comes after. */
async function endOfFullRead(): Promise<string> {
  let page = await read();
  while (page.next_cursor !== null) page = await read(page.next_cursor);
  return page.cursor;
}

/** An INSERT of one catalogue row, as the service writes it (its triggers log the change). */
function insert(table: "engrams" | "creatures", name: string): { sql: string; values: unknown[] } {
  const path = `/Game/Mods/Snapshot/${name}.${name}`;
  const extra = table === "engrams" ? `, "can_blueprint"` : "";
  return {
    sql: `INSERT INTO "${table}" ("uid", "path", "class_name", "class_key", "label", "environments", "mod_id", "updated_at"${extra})
          VALUES ($1, $2, $3, $4, $5, 1, $6, now()${table === "engrams" ? ", true" : ""})`,
    values: [uidOf(path), path, `${name}_C`, `${name}_c`.toLowerCase(), name, MOD],
  };
}

const uids = (page: ChangesPage) => [...page.engrams, ...page.creatures].map((e) => e.uid);

describe("the changes feed on PostgreSQL with a transaction that commits late", () => {
  it("holds a later transaction's change back while an earlier one is open, then delivers both", async () => {
    const start = await endOfFullRead();
    const a = new pg.Client({ connectionString: database.url });
    const b = new pg.Client({ connectionString: database.url });
    await a.connect();
    await b.connect();
    const engramA = insert("engrams", "LateA");
    const creatureB = insert("creatures", "EarlyB");
    try {
      await a.query("BEGIN");
      await a.query(engramA.sql, engramA.values);
      const txidA = (await a.query<{ txid: string }>("SELECT pg_current_xact_id()::text AS txid")).rows[0]!.txid;
      await b.query("BEGIN");
      await b.query(creatureB.sql, creatureB.values);
      const txidB = (await b.query<{ txid: string }>("SELECT pg_current_xact_id()::text AS txid")).rows[0]!.txid;
      await b.query("COMMIT");
      // The premise: A's change has the lower transaction id, and only B's is committed.
      expect(BigInt(txidA)).toBeLessThan(BigInt(txidB));
      expect((await b.query(`SELECT "kind" FROM "changes" WHERE "txid" = $1`, [txidB])).rows).toEqual([
        { kind: "creatures" },
      ]);

      const during = await read(start);
      expect(uids(during), "B's change served while A (an earlier transaction) was still open").toEqual([]);
      expect(during.cursor, "the cursor moved while A was open").toBe(start);

      await a.query("COMMIT");
      // Other sessions on this server (other test runs) can hold the feed back for a while, never lose a row.
      const seen = new Set<string>();
      let cursor = during.cursor;
      const deadline = Date.now() + 60_000;
      while (!(seen.has(engramA.values[0] as string) && seen.has(creatureB.values[0] as string))) {
        expect(Date.now(), `the feed delivered ${[...seen].join(", ") || "nothing"} after A committed`).toBeLessThan(
          deadline,
        );
        const page = await read(cursor);
        for (const uid of uids(page)) seen.add(uid);
        if (page.cursor === cursor) await new Promise((r) => setTimeout(r, 100));
        cursor = page.cursor;
      }
      expect([...seen].sort()).toEqual([engramA.values[0], creatureB.values[0]].sort());
    } finally {
      await a.end();
      await b.end();
    }
  }, 90_000);
});
