// Scheduled backups (docs/OPERATIONS.md#scheduled-backups-backup_schedule), on each engine:
// every 2 s keeping 3, four backups leave three verified files and /metrics says the last
// one's time and size; the restore drill (db:restore of the newest backup into an empty
// database gives the same rows); a backup SIGKILLed while it writes leaves no file that
// counts, and the next run clears the stale partial one; PostgreSQL: two instances on one
// database make one backup per tick.
import { until } from "../support/until";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { modelTableNames } from "@/lib/db-backup/backup-database";
import { countedBackups } from "@/lib/db-backup/scheduled-backups";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { client, registerUser } from "../support/hostile";
import { npmRun } from "../support/npm-script";
import { ROOT, startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const TOKEN = `metrics-${randomUUID()}`;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fresh(label: string): Promise<TestDatabase> {
  const d = await createTestDatabase(engine, label);
  cleanups.push(() => d.drop());
  return d;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "beacon-backups-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function scheduledServer(url: string, dir: string, keep = 3): Promise<TestServer> {
  // a long start allowed: the shared machine ran at load average 40-50
  const s = await startServer(
    {
      DATABASE_URL: url,
      STEAM_API_URL: inject("steamUrl"),
      WEBHOOK_DELIVERY: "false",
      METRICS_TOKEN: TOKEN,
      BACKUP_SCHEDULE: "2s",
      BACKUP_DIR: dir,
      BACKUP_KEEP: String(keep),
    },
    240_000,
  );
  cleanups.push(() => s.stop());
  return s;
}

/** Every row of a query, on either engine. */
async function query<T>(url: string, sql: string): Promise<T[]> {
  if (url.startsWith("file:")) {
    const conn = new Database(sqlitePath(url), { readonly: true, fileMustExist: true });
    try {
      return conn.prepare(sql).all() as T[];
    } finally {
      conn.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

interface Run {
  slot: string;
  instance: string;
  status: string;
  file: string | null;
}
const runs = (url: string) =>
  query<Run>(url, `SELECT "slot", "instance", "status", "file" FROM "backup_runs" ORDER BY "slot"`);

/** Every row of every model table but backup_runs (which the schedule keeps writing), in a stable order. */
async function allRows(url: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of modelTableNames(ROOT).filter((t) => t !== "backup_runs")) {
    const rows = await query<Record<string, unknown>>(url, `SELECT * FROM "${table}"`);
    out[table] = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))).sort();
  }
  return out;
}

/**
 * A counted backup opens and holds Beacon Hub's tables (the server verified its rows). A
 * backup made before the test's user registered holds an empty users table, which counts
 * too: the rows are checked on the newest backup, by the restore drill.
 */
async function opens(file: string): Promise<void> {
  if (file.endsWith(".db")) {
    const conn = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(conn.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'`).get()).toBeTruthy();
    } finally {
      conn.close();
    }
    return;
  }
  const listed = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn("pg_restore", ["--list", file], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
  expect(listed.code).toBe(0);
  expect(listed.out).toMatch(/TABLE DATA public users /);
}

async function metric(server: TestServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
}

describe(`scheduled backups on ${engine}`, () => {
  it("every 2 s keeping 3: four backups leave three verified files, /metrics has the last; the newest restores to the same rows", async () => {
    const live = await fresh("scheduled");
    const dir = tempDir();
    const server = await scheduledServer(live.url, dir);
    const owner = await registerUser(server.url);
    for (let i = 0; i < 5; i++) {
      const res = await client(server.url, owner).request("POST", "/v1/document.php", {
        body: { Identifier: randomUUID(), Title: `Scheduled ${i}`, Payload: "z".repeat(300) },
      });
      expect(res.status).toBe(200);
    }
    const wroteAt = Date.now();
    const done = await until("four backups, one after the writes", async () => {
      const ok = (await runs(live.url)).filter((r) => r.status === "ok");
      return ok.length >= 4 && ok.some((r) => Date.parse(r.slot) > wroteAt) && ok;
    });
    // /metrics: the last verified backup's time and size, no failure
    const last = await metric(server, "beacon_backup_last_success_timestamp_seconds");
    expect(Date.now() / 1000 - last).toBeLessThan(60);
    const bytes = await metric(server, "beacon_backup_last_success_bytes");
    const sizes = countedBackups(dir).map((f) => statSync(join(dir, f)).size);
    expect(sizes).toContain(bytes);
    expect(bytes).toBeGreaterThan(0);
    expect(await metric(server, "beacon_backup_failures_total")).toBe(0);
    // SIGTERM lets a backup in progress finish (and its retention run)
    await server.stop();
    const files = countedBackups(dir);
    expect(files).toHaveLength(3);
    // the three newest verified backups; the first one removed; nothing else left
    const okNow = (await runs(live.url)).filter((r) => r.status === "ok").map((r) => r.file!);
    expect(files).toEqual(okNow.slice(-3));
    expect(files).not.toContain(done[0]!.file);
    expect(readdirSync(dir).sort()).toEqual(files);
    for (const f of files) await opens(join(dir, f));
    // ticks on the 2 s grid, one run each (a tick that comes while the previous backup
    // still runs is skipped, which a busy machine shows)
    const slots = done.map((r) => Date.parse(r.slot));
    for (const slot of slots) expect(slot % 2000).toBe(0);
    expect(new Set(slots).size).toBe(slots.length);

    // The restore drill: the newest backup (made after the writes) restored with
    // db:restore into an empty database holds the same rows as the database.
    const expected = await allRows(live.url);
    const drill = files.at(-1)!;
    expect(drill).toMatch(engine === "sqlite" ? /\.db$/ : /\.dump$/);
    const target = await fresh("drill");
    const restored = await npmRun("db:restore", [join(dir, drill)], target.url);
    expect(restored.code, restored.stderr).toBe(0);
    const got = await allRows(target.url);
    expect(Object.keys(got)).toEqual(Object.keys(expected));
    for (const table of Object.keys(expected)) expect(got[table], table).toEqual(expected[table]);
    expect(expected.users).toHaveLength(1);
    expect(expected.documents).toHaveLength(5);
    console.log(
      `${engine} scheduled backups: ${done.length} runs, kept ${files.join(", ")} (${bytes} bytes the last); drill restored ${drill}: ` +
        `${Object.values(got).reduce((a, r) => a + r.length, 0)} rows in ${Object.keys(got).length} tables equal`,
    );
  }, 600_000);

  it("a backup SIGKILLed while it writes leaves no file that counts; the next run removes the stale partial", async () => {
    const live = await fresh("killed");
    const dir = tempDir();
    // A database large enough that the kill lands while the backup is being written or verified.
    const server = await startServer({ DATABASE_URL: live.url, STEAM_API_URL: inject("steamUrl") }, 240_000);
    await server.stop();
    const filler = "CREATE TABLE filler (id INTEGER PRIMARY KEY, data TEXT NOT NULL)";
    if (engine === "sqlite") {
      const conn = new Database(sqlitePath(live.url));
      conn.exec(filler);
      const insert = conn.prepare("INSERT INTO filler (data) VALUES (?)");
      conn.transaction(() => {
        for (let i = 0; i < 4000; i++) insert.run(randomUUID().repeat(300));
      })();
      conn.close();
    } else {
      const c = new pg.Client({ connectionString: live.url });
      await c.connect();
      await c.query(filler);
      // random text: pg_dump's compression cannot shrink it to nothing
      await c.query(
        "INSERT INTO filler (id, data) SELECT g, (SELECT string_agg(md5(random()::text || g || s), '') FROM generate_series(1, 300) s) FROM generate_series(1, 4000) g",
      );
      await c.end();
    }
    const name = "beacon-20261129T000000Z." + (engine === "sqlite" ? "db" : "dump");
    // One process (node with tsx's loader) leading its own process group (with pg_dump),
    // killed the moment its temporary file appears (inotify, not polling).
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", join(dir, name)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: live.url, BASE_URL: "" },
      stdio: "ignore",
      detached: true,
    });
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    let partial: string | undefined;
    const watcher = watch(dir, (_event, file) => {
      if (partial || !file?.includes(".partial-")) return;
      partial = file;
      process.kill(-child.pid!, "SIGKILL");
    });
    await Promise.race([exited, sleep(240_000)]);
    watcher.close();
    if (!partial) process.kill(-child.pid!, "SIGKILL");
    await exited;
    expect(partial, "the backup's temporary file never appeared before it ended").toBeDefined();
    expect(child.signalCode).toBe("SIGKILL");
    expect(existsSync(join(dir, name))).toBe(false);
    expect(countedBackups(dir)).toEqual([]);
    const leftovers = readdirSync(dir);
    expect(leftovers.length).toBeGreaterThan(0);

    // An hour old, the partial file is a dead run's: the scheduled run removes it.
    for (const f of leftovers)
      utimesSync(join(dir, f), new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
    const scheduled = await scheduledServer(live.url, dir);
    await until("a scheduled backup", async () => countedBackups(dir).length === 1);
    // SIGTERM lets a backup in progress finish: then only counted backups are left
    await scheduled.stop();
    expect(readdirSync(dir).sort()).toEqual(countedBackups(dir));
  }, 600_000);

  it.runIf(engine === "postgresql")(
    "two instances on one PostgreSQL: one backup per tick",
    async () => {
      const live = await fresh("two");
      const [dirA, dirB] = [tempDir(), tempDir()];
      const a = await scheduledServer(live.url, dirA, 100);
      const b = await scheduledServer(live.url, dirB, 100);
      const started = Date.now();
      await registerUser(a.url);
      // both instances up and ticking for at least five ticks
      await until("five ticks with both instances up", async () => {
        const r = (await runs(live.url)).filter((x) => Date.parse(x.slot) > started && x.status === "ok");
        return r.length >= 5;
      });
      await Promise.all([a.stop(), b.stop()]);
      const all = (await runs(live.url)).filter((x) => Date.parse(x.slot) > started);
      const files = [...countedBackups(dirA), ...countedBackups(dirB)];
      const slots = all.map((r) => r.slot);
      // one row per tick (the primary key), on the 2 s grid, and one file per tick across
      // both instances' folders
      expect(new Set(slots).size).toBe(slots.length);
      for (const slot of slots) expect(Date.parse(slot) % 2000).toBe(0);
      const okFiles = all.filter((r) => r.status === "ok").map((r) => r.file!);
      expect(all.filter((r) => r.status === "failed")).toEqual([]);
      for (const f of okFiles) expect(files.filter((x) => x === f)).toHaveLength(1);
      expect(new Set(files).size).toBe(files.length);
      const byInstance = new Map<string, number>();
      for (const r of all) byInstance.set(r.instance, (byInstance.get(r.instance) ?? 0) + 1);
      console.log(
        `two instances, ${all.length} ticks: ${[...byInstance.values()].join(" + ")} backups by instance; files ${countedBackups(dirA).length} + ${countedBackups(dirB).length}`,
      );
    },
    600_000,
  );
});
