/**
 * usage: tsx scripts/measure-changes.ts [--engine sqlite|postgresql (both)] [--rows N (10000)] [--runs R (3)]
 *
 * What the changes feed (lib/changes) costs, on fresh databases (a temporary SQLite file;
 * a new database on the local PostgreSQL at 127.0.0.1:5432, dropped afterwards):
 * - writes: N engrams added, updated (new labels) and deleted through the API's write
 *   path (saveEngrams / deleteMany, one transaction each), with the change-log triggers
 *   and with them dropped, in turn, R times; the medians per operation;
 * - reads: with N engrams and their N changes logged, the first page of a full read
 *   (limit 5,000) and a page of 5,000 changes after a cursor, R times, median.
 * Prints milliseconds. Run it on an idle machine for figures worth comparing.
 */
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { readChanges } from "@/lib/changes/read-changes";
import { engramInput } from "@/lib/engrams/engram-input";
import { saveEngrams } from "@/lib/engrams/save-engrams";
import { createTestDatabase, type Engine } from "../test/support/databases";
import { ROOT } from "../test/support/test-server";
import { scriptArgs } from "./lib/script-args";
import { median, time } from "./lib/timing";

const args = scriptArgs(import.meta.url);
const rows = args.number("rows", 10_000);
const runs = args.number("runs", 3);
const engines: Engine[] = args.text("engine") ? [args.text("engine") as Engine] : ["sqlite", "postgresql"];
process.env.BASE_URL ??= "http://localhost:3000";

const records = (round: number, label: string) =>
  Array.from({ length: rows }, (_, i) =>
    engramInput.parse({
      path: `/Game/Mods/Bench/E${round}_${i}.E${round}_${i}`,
      label: `${label} ${i}`,
      mod_id: "7",
      environments: ["Island"],
    }),
  );

async function fresh(engine: Engine): Promise<{ db: Db; drop(): Promise<void> }> {
  const database = await createTestDatabase(engine, "measure");
  await migrate(database.url, { root: ROOT });
  const db = createDb(database.url);
  await db.user.create({ data: { id: "00000000-0000-4000-8000-000000000001", publicKey: "k" } });
  await db.modRegistration.create({
    data: {
      userId: "00000000-0000-4000-8000-000000000001",
      workshopId: "7",
      name: "Bench",
      confirmationCode: "c",
      confirmed: true,
      confirmedModId: "7",
    },
  });
  return { db, drop: async () => (await db.$disconnect(), await database.drop()) };
}

async function dropChangeTriggers(db: Db, engine: Engine): Promise<void> {
  for (const t of ["insert", "update", "delete"])
    await db.$executeRawUnsafe(`DROP TRIGGER "engrams_changes_${t}"${engine === "postgresql" ? ` ON "engrams"` : ""}`);
}

for (const engine of engines) {
  const writes: Record<string, Record<string, number[]>> = {
    with: { add: [], update: [], delete: [] },
    without: { add: [], update: [], delete: [] },
  };
  for (let run = 0; run < runs; run++) {
    for (const variant of run % 2 === 0 ? ["with", "without"] : ["without", "with"]) {
      const { db, drop } = await fresh(engine);
      if (variant === "without") await dropChangeTriggers(db, engine);
      const opts = { maxWait: 30_000, timeout: 600_000 };
      writes[variant]!.add!.push(await time(() => db.$transaction((tx) => saveEngrams(tx, records(run, "New")), opts)));
      writes[variant]!.update!.push(
        await time(() => db.$transaction((tx) => saveEngrams(tx, records(run, "Changed")), opts)),
      );
      writes[variant]!.delete!.push(await time(() => db.engram.deleteMany({ where: { modId: "7" } })));
      await drop();
    }
  }
  for (const variant of ["with", "without"]) {
    const w = writes[variant]!;
    console.log(
      `${engine}: ${rows} engrams ${variant} the change log: add ${median(w.add!).toFixed(0)} ms, update ${median(w.update!).toFixed(0)} ms, delete ${median(w.delete!).toFixed(0)} ms`,
    );
  }
  const { db, drop } = await fresh(engine);
  const start = (await readChanges(db, { limit: 1, retentionDays: 90 })).cursor;
  await db.$transaction((tx) => saveEngrams(tx, records(0, "Read")), { maxWait: 30_000, timeout: 600_000 });
  const full: number[] = [];
  const delta: number[] = [];
  for (let run = 0; run < runs; run++) {
    full.push(await time(() => readChanges(db, { limit: 5000, retentionDays: 90 })));
    delta.push(await time(() => readChanges(db, { cursor: start, limit: 5000, retentionDays: 90 })));
  }
  const bytes = JSON.stringify(await readChanges(db, { limit: 5000, retentionDays: 90 })).length;
  console.log(
    `${engine}: with ${rows} engrams, a full read's first page of 5,000 ${median(full).toFixed(0)} ms (${(bytes / 1e6).toFixed(2)} MB of JSON), 5,000 changes after a cursor ${median(delta).toFixed(0)} ms`,
  );
  await drop();
}
