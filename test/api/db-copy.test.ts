// SQLite -> PostgreSQL (docs/OPERATIONS.md#moving-from-sqlite-to-postgresql-dbcopy), run once, on the PostgreSQL project: the bench
// dataset (scripts/bench/seed.ts: 500 users, 50 mods, 5,000 engrams, 2,000 documents of
// 22 KB) plus edge rows (NUL-free unicode everywhere text goes, a 16 MiB document,
// milliseconds at both ends of the second, extreme counts, what deleting a user leaves
// behind) is copied with `npm run db:copy` exactly as docs/OPERATIONS.md shows it; then a server on
// the copy answers every user, mod, engram and document (byte for byte) and count as
// the SQLite database holds them. Also: refusals (a target with data, an empty schema
// without --force, a source table the models do not know) and a failure half-way that
// leaves the target empty again.
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { createClient } from "@/lib/client/http";
import { newIdentity, publicKeyPem, type Identity } from "@/lib/client/identity";
import { encodeCursor } from "@/lib/changes/cursor";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { decodeContent, encodeContent } from "@/lib/documents/content-storage";
import { documentJson, documentMetadataSelect } from "@/lib/documents/document-json";
import { classOf, uidOf } from "@/lib/engrams/derive";
import { engramJson, engramSelect } from "@/lib/engrams/engram-json";
import { modJson } from "@/lib/mods/mod-json";
import { seed } from "../../scripts/bench/seed";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { steamItem } from "../support/steam";
import { ROOT, startServer } from "../support/test-server";

const engine = inject("engine");
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch((err: unknown) => console.error(err));
});

async function database(kind: "sqlite" | "postgresql", label: string): Promise<TestDatabase> {
  const d = await createTestDatabase(kind, label);
  cleanups.push(() => d.drop());
  return d;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `npm run db:copy -- ...` as an operator types it. */
function dbCopy(args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "db:copy", "--", ...args], {
      cwd: ROOT,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Text that tests every part of UTF-8 a driver could get wrong, without NUL. */
const UNICODE =
  "Ünïcødé ß İı ǅ e\u0301 한국어 中文 日本語 العربية \u202eRTL\u202c 🦖🦕 👩‍👩‍👧 \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} \u{10FFFF} \t tab \n newline \\ \" ' `";

interface Edge {
  owner: Identity;
  modId: string;
  bigDocumentId: string;
  bigSha256: string;
  deletedUserId: string;
  /** highest mod registration id SQLite handed out (a deleted user's) */
  highestModRowId: number;
}

/** Edge rows written straight into the SQLite source, as only a long-lived database would hold them. */
async function edgeRows(db: Db): Promise<Edge> {
  const owner = newIdentity("ed25519");
  await db.user.create({
    data: { id: owner.userId, publicKey: publicKeyPem(owner), createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, 0, 1)) },
  });
  const modId = "4242424242";
  await db.modRegistration.create({
    data: {
      userId: owner.userId,
      workshopId: modId,
      name: `Mod ${UNICODE}`,
      confirmationCode: randomUUID(),
      confirmed: true,
      confirmedModId: modId,
      pullUrl: "https://example.com/p/ünï%20cødé.json?x=1&y=🦖",
      confirmedAt: new Date(Date.UTC(2026, 10, 24, 23, 59, 59, 999)),
    },
  });
  await db.modRegistration.create({
    data: { userId: owner.userId, workshopId: "5151515151", name: "Unconfirmed", confirmationCode: randomUUID() },
  });
  await db.modPull.create({
    data: {
      modId,
      pullUrl: "https://example.com/p.json",
      nextRunAt: new Date(Date.UTC(2026, 10, 25, 0, 0, 0, 1)),
      lastAttemptAt: new Date(Date.UTC(2026, 10, 24, 12, 0, 0, 999)),
      status: "error",
      message: `Nothing was applied: row 3: ${UNICODE}`,
      added: 2147483647,
      etag: 'W/"é"',
      lastModified: "Tue, 24 Nov 2026 12:00:00 GMT",
    },
  });
  const paths = [`/Game/Mods/Edge/Ünï_Item.Ünï_Item`, `/Game/Mods/Edge/Plain.Plain`];
  for (const [i, path] of paths.entries()) {
    const className = classOf(path);
    await db.engram.create({
      data: {
        uid: uidOf(path),
        path,
        className,
        classKey: className.toLowerCase(),
        label: `${UNICODE} ${i}`,
        environments: 31,
        canBlueprint: i === 0,
        modId,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0)),
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 999)),
      },
    });
  }
  const basePath = "/Game/PrimalEarth/Edge/Base.Base";
  await db.engram.create({
    data: {
      uid: uidOf(basePath),
      path: basePath,
      className: classOf(basePath),
      classKey: classOf(basePath).toLowerCase(),
      label: 'Base "quoted" \\ label',
      environments: 1,
      canBlueprint: false,
      modId: null,
    },
  });

  // Documents: unicode metadata and content, counters near the top of a 32-bit integer
  // (the largest value the Int columns hold; a download must still be able to add one), a 16 MiB body.
  const docs: { id: string; content: Buffer; revision: number; downloadCount: number; maps: number | null }[] = [
    {
      id: randomUUID(),
      content: Buffer.from(
        JSON.stringify({
          Identifier: "x",
          Title: UNICODE,
          Description: "Dinosaurierfutter ünï",
          Payload: UNICODE.repeat(50),
        }),
      ),
      revision: 2147483647,
      downloadCount: 2147483000,
      maps: null,
    },
    {
      id: randomUUID(),
      content: Buffer.from(JSON.stringify({ Identifier: "y", Title: "small" })),
      revision: 1,
      downloadCount: 0,
      maps: 5,
    },
  ];
  const big = Buffer.from(JSON.stringify({ Identifier: "z", Title: "Sixteen MiB", Payload: "" }));
  const payload = randomBytes(12 * 1024 * 1024)
    .toString("base64")
    .slice(0, 16 * 1024 * 1024 - big.length);
  const bigContent = Buffer.from(JSON.stringify({ Identifier: "z", Title: "Sixteen MiB", Payload: payload }));
  expect(bigContent.length).toBe(16 * 1024 * 1024);
  docs.push({ id: randomUUID(), content: bigContent, revision: 7, downloadCount: 3, maps: 0 });
  for (const [i, d] of docs.entries()) {
    await db.document.create({
      data: {
        id: d.id,
        userId: owner.userId,
        name: i === 0 ? `Dinosaurierfutter ${UNICODE}` : `Edge ${i}`,
        description: `${UNICODE}\n${i}`,
        revision: d.revision,
        downloadCount: d.downloadCount,
        lastUpdated: new Date(Date.UTC(2026, 10, 24, 10, 0, 0, i === 0 ? 1 : 999)),
        maps: d.maps,
      },
    });
    await db.documentContent.create({ data: { documentId: d.id, ...(await encodeContent(d.content)) } });
    await db.documentItem.create({ data: { documentId: d.id, key: `u:${uidOf(paths[0]!)}` } });
  }

  // A user who had mods, documents, a pending sign-in and rate-limit counts, then was deleted.
  const gone = randomUUID();
  await db.user.create({ data: { id: gone, publicKey: publicKeyPem(newIdentity()) } });
  for (let i = 0; i < 3; i++)
    await db.modRegistration.create({
      data: { userId: gone, workshopId: String(6060606060 + i), name: `Gone ${i}`, confirmationCode: randomUUID() },
    });
  const goneDoc = randomUUID();
  await db.document.create({
    data: { id: goneDoc, userId: gone, name: "Gone", description: "", lastUpdated: new Date() },
  });
  await db.signInChallenge.create({
    data: {
      id: randomBytes(16).toString("hex"),
      userId: gone,
      expiresAt: new Date(Date.UTC(2026, 10, 24, 10, 5, 0, 123)),
    },
  });
  await db.rateLimit.create({ data: { key: `user:${gone}`, windowMinute: 29_000_000, count: 17 } });
  await db.rateLimit.create({ data: { key: `ip:${UNICODE}`, windowMinute: 29_000_001, count: 1 } });
  const highest = (await db.modRegistration.aggregate({ _max: { id: true } }))._max.id!;
  await db.user.delete({ where: { id: gone } });
  expect(await db.modRegistration.count({ where: { userId: gone } })).toBe(0);
  expect(await db.document.count({ where: { id: goneDoc } })).toBe(0);
  return {
    owner,
    modId,
    bigDocumentId: docs[2]!.id,
    bigSha256: createHash("sha256").update(bigContent).digest("hex"),
    deletedUserId: gone,
    highestModRowId: highest,
  };
}

async function pgQuery<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** A small migrated SQLite source with one user, for the refusal cases. */
async function smallSource(label: string): Promise<TestDatabase> {
  const d = await database("sqlite", label);
  await migrate(d.url, { root: ROOT });
  const db = createDb(d.url);
  await db.user.create({ data: { id: randomUUID(), publicKey: publicKeyPem(newIdentity("ed25519")) } });
  await db.$disconnect();
  return d;
}

describe.runIf(engine === "postgresql")("db:copy SQLite -> PostgreSQL", () => {
  it("copies the bench dataset and edge rows with every row verified, and a server on the copy answers all of it", async () => {
    const source = await database("sqlite", "copysrc");
    await migrate(source.url, { root: ROOT });
    const src = createDb(source.url);
    const seedStarted = performance.now();
    const seeded = await seed(src, { users: 500, mods: 50, engrams: 5000, documents: 2000 }, () => {});
    const edge = await edgeRows(src);
    const seedMs = performance.now() - seedStarted;
    const target = await database("postgresql", "copydst");

    const run = await dbCopy(["--from", source.url, "--to", target.url, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      verified: boolean;
      rows: number;
      copy_seconds: number;
      verify_seconds: number;
      rows_per_second: number;
      tables: {
        table: string;
        source_rows: number;
        target_rows: number;
        source_checksum: string;
        target_checksum: string;
        ok: boolean;
      }[];
      sequences: { table: string; column: string; next: number }[];
    };
    expect(summary.verified).toBe(true);
    expect(run.stderr).toMatch(/copying documents +\[#+\] \d+\/\d+ \(100%\) \d+ rows\/s/);
    // Every table of the models, each with the SQLite row count on both sides.
    const sqlite = new Database(sqlitePath(source.url), { readonly: true });
    for (const t of summary.tables) {
      const n = (sqlite.prepare(`SELECT count(*) AS n FROM "${t.table}"`).get() as { n: number }).n;
      expect({
        table: t.table,
        source: t.source_rows,
        target: t.target_rows,
        ok: t.ok,
        same: t.source_checksum === t.target_checksum,
      }).toEqual({ table: t.table, source: n, target: n, ok: true, same: true });
    }
    const sqliteSequence = (
      sqlite.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'mod_registrations'`).get() as { seq: number }
    ).seq;
    // Every sequence goes on after the highest id SQLite gave (1 for a table that never had a row).
    const nextIds = summary.sequences.map(({ table, column }) => {
      const seq = sqlite.prepare(`SELECT seq FROM sqlite_sequence WHERE name = ?`).get(table) as
        { seq: number } | undefined;
      return { table, column, next: (seq?.seq ?? 0) + 1 };
    });
    sqlite.close();
    expect(sqliteSequence).toBe(edge.highestModRowId);
    expect(summary.sequences).toContainEqual({
      table: "mod_registrations",
      column: "id",
      next: edge.highestModRowId + 1,
    });
    expect(summary.sequences).toEqual(nextIds);
    expect(summary.tables.map((t) => t.table)).toEqual(
      expect.arrayContaining([
        "users",
        "mod_registrations",
        "engrams",
        "documents",
        "document_contents",
        "document_items",
        "mod_pulls",
        "data_versions",
        "rate_limits",
        "sign_in_challenges",
      ]),
    );
    console.log(
      `db:copy of the bench dataset + edge rows (${summary.rows} rows, 2,003 documents incl. one of 16 MiB): seeded in ${(seedMs / 1000).toFixed(1)} s; ` +
        `copy ${summary.copy_seconds} s (${summary.rows_per_second} rows/s), verify ${summary.verify_seconds} s, whole command ${(run.ms / 1000).toFixed(1)} s (busy 2-core machine)`,
    );

    // The server on the copy.
    const server = await startServer({ DATABASE_URL: target.url, STEAM_API_URL: inject("steamUrl") });
    cleanups.push(() => server.stop());
    const anon = createClient({ serverUrl: server.url });
    const base = server.url;

    // Every user.
    const users = await src.user.findMany({ orderBy: { id: "asc" } });
    for (let i = 0; i < users.length; i += 100) {
      const part = users.slice(i, i + 100);
      const res = await anon.request("GET", `/v1/user.php/${part.map((u) => u.id).join(",")}`);
      expect(res.status).toBe(200);
      // One id answers an object, several an array (docs/CONTRACT.md#replies).
      const found = [
        res.json<{ user_id: string; public_key: string } | { user_id: string; public_key: string }[]>(),
      ].flat();
      const got = new Map(found.map((u) => [u.user_id, u.public_key]));
      for (const u of part) expect(got.get(u.id), u.id).toBe(u.publicKey);
    }
    expect((await anon.request("GET", `/v1/user.php/${edge.deletedUserId}`)).status).toBe(404);

    // Every mod registration, as its owner sees it (all bench users but the first share one key).
    const regs = await src.modRegistration.findMany({ orderBy: { name: "asc" } });
    const owners = [...new Set(regs.map((r) => r.userId))];
    for (const ownerId of owners) {
      const key =
        ownerId === seeded.signer.userId
          ? seeded.signer
          : ownerId === edge.owner.userId
            ? edge.owner
            : { ...seeded.shared, userId: ownerId };
      const res = await createClient({ serverUrl: base, identity: key }).request("GET", "/v1/mod.php");
      expect(res.status).toBe(200);
      expect(res.json()).toEqual(regs.filter((r) => r.userId === ownerId).map((r) => modJson(r, base)));
    }

    // Every engram, and the base game's.
    const engrams = await src.engram.findMany({ select: engramSelect });
    const all = await anon.request("GET", "/v1/engram.php");
    const served = new Map(all.json<{ uid: string }[]>().map((e) => [e.uid, e]));
    expect(served.size).toBe(engrams.length);
    for (const e of engrams) expect(served.get(e.uid), e.path).toEqual(engramJson(e, base));
    expect((await anon.request("GET", "/v1/engram.php?mod_id=")).json<unknown[]>()).toHaveLength(1);

    // The change log starts afresh on the copy: a cursor the SQLite server gave is 410 (its
    // client reads everything again), and that full read has every engram.
    const lastSqliteChange = (await src.change.aggregate({ _max: { id: true } }))._max.id ?? 0;
    expect(lastSqliteChange).toBeGreaterThan(0);
    const oldCursor = encodeCursor({ position: { txid: "0", id: lastSqliteChange, at: Date.now() } });
    expect((await anon.request("GET", `/v1/changes.php?cursor=${oldCursor}`)).status).toBe(410);
    const full = (await anon.request("GET", "/v1/changes.php?limit=10000")).json<{
      is_full: boolean;
      engrams: { uid: string }[];
    }>();
    expect(full.is_full).toBe(true);
    expect(new Set(full.engrams.map((e) => e.uid))).toEqual(new Set(engrams.map((e) => e.uid)));

    // Every document's metadata and counts, then every document's bytes.
    const docs = await src.document.findMany({ select: documentMetadataSelect });
    const listed = new Map<string, unknown>();
    for (let offset = 0; offset < docs.length; offset += 1000) {
      for (const d of (
        await anon.request("GET", `/v1/document.php?count=1000&offset=${offset}&sort=last_updated&direction=asc`)
      ).json<{ document_id: string }[]>())
        listed.set(d.document_id, d);
    }
    expect(listed.size).toBe(docs.length);
    for (const d of docs) expect(listed.get(d.id), d.id).toEqual(documentJson(d, base));
    const ids = docs.map((d) => d.id);
    let next = 0;
    const downloads = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const stored = (await src.documentContent.findUnique({ where: { documentId: id } }))!;
        const res = await anon.request("GET", `/v1/document.php/${id}`);
        if (res.status !== 200)
          throw new Error(
            `download of ${id}: ${res.status} ${res.text()}\n${server
              .logs()
              .split("\n")
              .filter((l) => l.includes('"error"'))
              .slice(-3)
              .join("\n")}`,
          );
        expect(Buffer.compare(Buffer.from(res.body), Buffer.from(await decodeContent(stored))), id).toBe(0);
        expect(createHash("sha256").update(res.body).digest("hex")).toBe(stored.sha256);
      }
    };
    await Promise.all(Array.from({ length: 6 }, downloads));
    const big = await anon.request("GET", `/v1/document.php/${edge.bigDocumentId}?simple`);
    expect(big.json()).toMatchObject({ download_count: 4, revision: 7 });

    // Derived objects were rebuilt: the full-text index finds a word of the unicode document.
    const page = await fetch(`${base}/documents?q=Dinosaurierfutter`);
    expect(await page.text()).toContain(docs.find((d) => d.name.startsWith("Dinosaurierfutter"))!.id);
    // Writes go on where SQLite left off: a new registration gets an id no deleted row had.
    const newMod = await steamItem({});
    expect(
      (
        await createClient({ serverUrl: base, identity: edge.owner }).request("POST", "/v1/mod.php", {
          body: { mod_id: newMod },
        })
      ).status,
    ).toBe(200);
    const [row] = await pgQuery<{ id: number }>(target.url, `SELECT id FROM mod_registrations WHERE workshop_id = $1`, [
      newMod,
    ]);
    expect(row!.id).toBe(edge.highestModRowId + 1);
    const [pull] = await pgQuery<{ last_attempt_at: string; next_run_at: string }>(
      target.url,
      `SELECT last_attempt_at::text, next_run_at::text FROM mod_pulls WHERE mod_id = $1`,
      [edge.modId],
    );
    expect(pull).toEqual({ last_attempt_at: "2026-11-24 12:00:00.999", next_run_at: "2026-11-25 00:00:00.001" });
    await src.$disconnect();

    // A target that holds data is refused, --force or not, and left as it was.
    for (const args of [[], ["--force"]]) {
      const again = await dbCopy(["--from", source.url, "--to", target.url, ...args]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/the target already holds data: .*users \(\d+ rows\)/);
    }
  }, 600_000);

  it("an empty schema needs --force; an unknown source table is refused before anything is written", async () => {
    const source = await smallSource("copysmall");
    const target = await database("postgresql", "copyschema");
    await migrate(target.url, { root: ROOT });
    const refused = await dbCopy(["--from", source.url, "--to", target.url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already has Beacon Hub's schema (with no rows): run again with --force");
    const forced = await dbCopy(["--from", source.url, "--to", target.url, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^users +1 +1 +([0-9a-f]{16}) +\1 +ok$/m);
    expect(forced.stdout).toMatch(/rows copied in .* every table matches/);

    const odd = await smallSource("copyodd");
    const conn = new Database(sqlitePath(odd.url));
    conn.exec(`CREATE TABLE "surprise" ("x" TEXT)`);
    conn.close();
    const fresh = await database("postgresql", "copyodd");
    const unknown = await dbCopy(["--from", odd.url, "--to", fresh.url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      "the source has tables prisma/models.prisma does not describe, which would not be copied: surprise",
    );
    expect(await pgQuery(fresh.url, `SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`)).toEqual(
      [],
    );
  }, 120_000);

  it("a row PostgreSQL cannot hold stops the copy, names the row, and leaves the target empty for a rerun", async () => {
    const source = await smallSource("copynul");
    const conn = new Database(sqlitePath(source.url));
    // rate_limits is copied after the users group has committed: that group is emptied again.
    conn.prepare(`INSERT INTO rate_limits (key, window_minute, count) VALUES (?, 1, 1)`).run("ip:a\u0000b");
    conn.close();
    const target = await database("postgresql", "copynul");
    const failed = await dbCopy(["--from", source.url, "--to", target.url]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('rate_limits row key="ip:a\\u0000b", window_minute=1: it contains a NUL character');
    expect(failed.stderr).toContain(
      "The target was emptied again (its schema stays): fix the cause and run the same command with --force",
    );
    expect(await pgQuery(target.url, `SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 0 }]);
  }, 120_000);
});
