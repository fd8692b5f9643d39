// Backups (docs/OPERATIONS.md#backups-dbbackup-and-dbrestore), on each engine: `npm run db:backup` taken while a server serves
// sustained signed writes (documents, document batches, engram batches), restored with
// `npm run db:restore` into a fresh database; a server on the restored database serves
// every write acknowledged before the backup began, byte for byte, and no batch half
// (SQLite: the restored file passes PRAGMA integrity_check). A backup never overwrites a
// file and a restore never goes into a database with tables.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { confirmModOn, registerUser } from "../support/hostile";
import { npmRun } from "../support/npm-script";
import { ROOT, startServer, type TestServer } from "../support/test-server";
import { startWriteLoad, verifyWrites } from "../support/write-load";

const engine = inject("engine");
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `beacon-hub <args>` of the repository (bin/beacon-hub.js), which runs the same scripts. */
function cli(args: string[], databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/beacon-hub.js", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, BASE_URL: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

async function fresh(label: string): Promise<TestDatabase> {
  const d = await createTestDatabase(engine, label);
  cleanups.push(() => d.drop());
  return d;
}

async function serverOn(url: string): Promise<TestServer> {
  const s = await startServer({ DATABASE_URL: url, STEAM_API_URL: inject("steamUrl") });
  cleanups.push(() => s.stop());
  return s;
}

describe(`db:backup and db:restore on ${engine}`, () => {
  it("a backup taken under write load restores into a fresh database that serves every write acknowledged before it began", async () => {
    const live = await fresh("backup");
    const server = await serverOn(live.url);
    const owner = await registerUser(server.url);
    const modId = await confirmModOn(server.url, owner);
    const load = startWriteLoad({ serverUrl: () => server.url, who: owner, modId, concurrency: 4 });
    while (load.writes.filter((w) => w.outcome === 200).length < 30) await sleep(50);

    const dir = mkdtempSync(join(tmpdir(), "beacon-backup-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, engine === "sqlite" ? "beacon-backup.db" : "beacon.dump");
    const began = Date.now();
    const backup = await npmRun("db:backup", [file], live.url);
    const during = load.writes.filter(
      (w) => w.sentAt >= began && w.answeredAt <= Date.now() && w.outcome === 200,
    ).length;
    await sleep(300);
    await load.stop();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`^backup written to ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} in [\\d.]+ s`),
    );
    // The server kept answering writes while the backup ran: none failed.
    expect(load.writes.filter((w) => w.outcome !== 200)).toEqual([]);

    const restored = await fresh("restored");
    const restore = await npmRun("db:restore", [file], restored.url);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      /^restored in [\d.]+ s; 0 newer migration\(s\) applied; rows: users 1, (.+, )?mod_registrations 1, engrams \d+, (.+, )?documents \d+/,
    );
    if (engine === "sqlite") {
      const conn = new Database(sqlitePath(restored.url), { readonly: true });
      expect(conn.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(conn.pragma("journal_mode", { simple: true })).toBe("wal");
      conn.close();
    }

    const acknowledgedBefore = load.writes.filter((w) => w.outcome === 200 && w.answeredAt < began);
    const onRestored = await serverOn(restored.url);
    const before = await verifyWrites(onRestored.url, acknowledgedBefore, modId);
    expect(before.acknowledged).toBe(acknowledgedBefore.length);
    expect(before.lost).toEqual([]);
    expect(before.torn).toEqual([]);
    // Writes in flight or made during the backup are in it or not, but never half.
    const all = await verifyWrites(onRestored.url, load.writes, modId);
    expect(all.torn).toEqual([]);
    console.log(
      `${engine} backup under load: ${load.writes.length} writes (4 loops), ${acknowledgedBefore.length} acknowledged before the backup began, ${during} answered while it ran; ` +
        `db:backup ${(backup.ms / 1000).toFixed(1)} s, db:restore ${(restore.ms / 1000).toFixed(1)} s (npm and tsx start-up included, busy machine)`,
    );

    // Refusals: an existing backup file (through the CLI's operator command this time), a database that has tables.
    const again = await cli(["db", "backup", file], live.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists already");
    const over = await npmRun("db:restore", [file], restored.url);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/is not empty \(\d+ tables\)/);
  }, 300_000);

  it.runIf(engine === "sqlite")(
    "a file that is not a sound Beacon Hub backup is not restored",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "beacon-backup-"));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const junk = join(dir, "junk.db");
      writeFileSync(junk, "this is not a database");
      const target = `file:${join(dir, "target.db")}`;
      const refused = await npmRun("db:restore", [junk], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^db:restore: /m);
      const other = join(dir, "other.db");
      new Database(other).exec("CREATE TABLE t (x)");
      const notOurs = await npmRun("db:restore", [other], target);
      expect(notOurs.code).toBe(1);
      expect(notOurs.stderr).toContain("is not a Beacon Hub database");
      expect((await npmRun("db:backup", [], target)).code).toBe(2);
    },
    60_000,
  );
});
