/**
 * usage: npm run bench -- [--postgres] [--no-postgres-writes] [--sqlite-synchronous FULL|NORMAL]
 *                         [--engrams N] [--mods N] [--documents N] [--users N] [--duration S] [--warmup S]
 *                         [--connections N] [--cases 1,5,7] [--heap-snapshot] [--cpu-prof] [--no-base-catalogue] [--out FILE]
 *        npm run bench -- --growth [--postgres] [--documents N (default 100000)] [--engrams N (default 50000)]
 *
 * Builds if needed, seeds a fresh database (SQLite, or PostgreSQL with --postgres), starts
 * the production server (which loads the base game's shipped catalogue, as a fresh install
 * does; --no-base-catalogue leaves it out, the original's data set alone, and cases 15-19,
 * which need it, then answer 404), and drives every case (scripts/bench/cases.ts) with autocannon
 * from a separate process after a warm-up. A bare node:http server answering 1 KB is
 * measured in the same run as the machine's ceiling (and answering as many bytes as the
 * full catalogue, that case's own ceiling). Prints a table (req/s, p50, p99, errors, the
 * ratio to the 1 KB ceiling, the original PHP service's ratio and the target ratio, ten
 * times it, whether it is met, the 1-minute load average before each case and the
 * server's CPU time per request, which a busy machine disturbs far less; on PostgreSQL
 * also the database's CPU per request and, for the download and the signed POST, whether
 * the PostgreSQL target is met) and the server's memory: RSS idle after start and after the run, against the 250 MB target,
 * with the heap, Buffers and each cache's bytes (the server's SIGUSR2 report). Writes it
 * all as JSON into bench-results/.
 *
 * After a SQLite run, the write cases (download, signed POST) run again on PostgreSQL
 * on 127.0.0.1:5432 (its own seeded database and server, the 1 KB ceiling measured again
 * just before), unless --no-postgres-writes or PostgreSQL is not reachable.
 * --cpu-prof writes a V8 CPU profile of the (main) server over its whole run into
 * bench-results/ (open it in Chrome's DevTools or speedscope).
 * --heap-snapshot also writes a V8 heap snapshot of the server after the run into
 * bench-results/ and prints what holds its bytes.
 * --growth measures instead how the document listing grows from 1,000 to N documents
 * and the document search at both sizes, and the memory of the engram catalogue with N
 * engrams (scripts/bench/growth.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { ensureBuild } from "@/lib/server/ensure-build";
import { createTestDatabase, type Engine, type TestDatabase } from "../test/support/databases";
import { freePort, ROOT, startServer, type TestServer } from "../test/support/test-server";
import { benchCases, type Case, type Request } from "./bench/cases";
import { runGrowth } from "./bench/growth";
import { serverMemoryReport, summariseHeapSnapshot } from "./bench/memory";
import { ceilingRow, evaluate, printTable, type Ceilings, type Measured, type Row } from "./bench/report";
import { seed, type Seeded } from "./bench/seed";
import { cpuMs, rssMb } from "./lib/process-memory";
import { scriptArgs } from "./lib/script-args";

const cli = scriptArgs(import.meta.url);
const flag = cli.number;
const text = cli.text;
const engine: Engine = cli.has("postgres") ? "postgresql" : "sqlite";
const sizes = {
  users: flag("users", 500),
  mods: flag("mods", 50),
  engrams: flag("engrams", 5000),
  documents: flag("documents", 2000),
};
const drive = { connections: flag("connections", 32), duration: flag("duration", 10), warmup: flag("warmup", 3) };
const RSS_TARGET_MB = 250;
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");
const load1 = () => loadavg()[0]!;

function runDriver(url: string, request: Request): Promise<Measured> {
  return new Promise((resolve, reject) => {
    // The options on stdin: a request body of 250 KB does not fit in an argument (E2BIG).
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench/drive.ts")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    child.stdin.end(
      JSON.stringify({
        url: url + request.path,
        method: request.method,
        headers: request.headers,
        body: request.body,
        ...drive,
      }),
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`driver exited ${code}`)),
    );
  });
}

async function growth() {
  ensureBuild(ROOT, log);
  const result = await runGrowth(engine, {
    small: 1000,
    large: flag("documents", 100_000),
    engrams: flag("engrams", 50_000),
  });
  const { listing, search, catalogue } = result;
  console.log(
    `document listing p50 (query, uncached): ${listing.p50SmallMs.toFixed(2)} ms at ${listing.documentsSmall} documents, ${listing.p50LargeMs.toFixed(2)} ms at ${listing.documentsLarge}: ratio ${listing.ratio.toFixed(2)} (target <= 1.5)`,
  );
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(
    `document search p50 (page 1 + count, uncached): selective word ${ms(search.small.selectiveMs)} at ${search.documentsSmall}, ${ms(search.large.selectiveMs)} at ${search.documentsLarge}; ` +
      `common word (every document) ${ms(search.small.commonMs)} at ${search.documentsSmall}, ${ms(search.large.commonMs)} at ${search.documentsLarge} (target < 50 ms at 100,000)`,
  );
  console.log(
    `engram catalogue: ${catalogue.engrams} engrams, ${(catalogue.jsonBytes / 1e6).toFixed(1)} MB of JSON, ${catalogue.catalogueCacheMb} MB held by its cache; ` +
      `server RSS ${catalogue.rssBeforeMb} -> ${catalogue.rssAfterMb} MB (+${catalogue.catalogueMb} MB), ${catalogue.rssAfter10sMb} MB 10 s later`,
  );
  const out = text("out") ?? join(ROOT, "bench-results", `growth-${engine}-${stamp()}.json`);
  mkdirSync(join(out, ".."), { recursive: true });
  writeFileSync(out, JSON.stringify({ engine, date: new Date().toISOString(), ...result }, null, 2));
  log(`written ${out}`);
}

interface Setup {
  database: TestDatabase;
  server: TestServer;
  seeded: Seeded;
  rssIdleMb: number;
}

/** A fresh seeded database and the production server on it, idle RSS read after 3 s of quiet. */
async function setUp(on: Engine, env: Record<string, string>, nodeFlags: string[]): Promise<Setup> {
  const database = await createTestDatabase(on, "bench");
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    log(`seeding ${on}: ${JSON.stringify(sizes)}`);
    const seeded = await seed(db, sizes, log);
    await db.$disconnect();
    const server = await startServer({ DATABASE_URL: database.url, ...env }, 90_000, nodeFlags);
    await new Promise((r) => setTimeout(r, 3000));
    return { database, server, seeded, rssIdleMb: Math.round(rssMb(server.process.pid!)) };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

async function ceilingOf(port: number, path = "/"): Promise<{ measured: Measured; load: number }> {
  const load = load1();
  return { measured: await runDriver(`http://127.0.0.1:${port}`, { path }), load };
}

/** The bytes of a reply as sent (node:http does not undo a Content-Encoding, unlike fetch). */
function replyBytes(url: string, request: Request): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url + request.path,
      { method: request.method ?? "GET", headers: request.headers },
      (res) => {
        let n = 0;
        res.on("data", (d: Buffer) => (n += d.length));
        res.on("end", () => resolve(n));
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

async function runCases(
  on: Engine,
  setup: Setup,
  cases: [number, Case][],
  ceiling: Ceilings,
  ceilingPort: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [n, c] of cases) {
    if (c.largeCeiling === "own") {
      const bytes = await replyBytes(setup.server.url, await c.request());
      log(`ceiling: bare node:http, ${bytes} random bytes (case ${n}'s reply as sent)`);
      const own = await ceilingOf(ceilingPort, `/random/${bytes}`);
      rows.push(
        ceilingRow(
          `ceiling: bare node:http, ${(bytes / 1e3).toFixed(1)} KB random (case ${n})`,
          own.measured,
          own.load,
        ),
      );
      ceiling = { ...ceiling, ownRps: own.measured.rps };
    }
    const load = load1();
    log(
      `case ${n}${on === "postgresql" && engine === "sqlite" ? " on postgresql" : ""}: ${c.name} (load average ${load.toFixed(1)})`,
    );
    const request = await c.request();
    const databaseBefore = on === "postgresql" ? await backendCpuMs(setup.database.url) : null;
    const cpuBefore = cpuMs(setup.server.process.pid!);
    const r = await runDriver(setup.server.url, request);
    const serverCpuMs = cpuMs(setup.server.process.pid!) - cpuBefore;
    const databaseCpuMs = databaseBefore && cpuDelta(databaseBefore, await backendCpuMs(setup.database.url));
    if (r.errors > 0) {
      const errors = setup.server
        .logs()
        .split("\n")
        .filter((l) => /error|Error/.test(l));
      log(
        `${r.errors} error replies ${JSON.stringify(r.statusCodes)}; the server logged:\n${errors.slice(-15).join("\n")}`,
      );
    }
    rows.push(evaluate(c, r, ceiling, on, load, serverCpuMs, databaseCpuMs));
  }
  return rows;
}

/**
 * CPU time of each PostgreSQL backend connected to the bench's database (the server's
 * pools; this query's own is left out), by pid. PostgreSQL runs on this machine, so /proc
 * has them; a backend that is gone by the time it is read counts nothing.
 */
async function backendCpuMs(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    const times = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        times.set(pid, cpuMs(pid));
      } catch {
        // ended between the query and the read
      }
    }
    return times;
  } finally {
    await client.end();
  }
}

/** CPU used between two readings; a backend started in between counts from zero. */
function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function main() {
  if (cli.has("growth")) return growth();
  ensureBuild(ROOT, log);
  const only = text("cases")?.split(",").map(Number);
  const snapshot = cli.has("heap-snapshot");
  const synchronous = text("sqlite-synchronous");
  const env: Record<string, string> = {
    ...(synchronous ? { SQLITE_SYNCHRONOUS: synchronous } : {}),
    BASE_CATALOGUE: cli.has("no-base-catalogue") ? "false" : "true",
  };
  const ceilingPort = await freePort();
  const ceiling: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/bench/ceiling.ts"), String(ceilingPort)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((r) => ceiling.stdout!.once("data", () => r()));
  const out = text("out") ?? join(ROOT, "bench-results", `bench-${engine}-${stamp()}.json`);
  mkdirSync(join(out, ".."), { recursive: true });
  try {
    const main = await setUp(engine, env, [
      ...(snapshot ? ["--heapsnapshot-signal=SIGUSR2"] : []),
      ...(cli.has("cpu-prof") ? ["--cpu-prof", `--cpu-prof-dir=${join(ROOT, "bench-results")}`] : []),
    ]);
    const rows: Row[] = [];
    let memory;
    try {
      const cases = benchCases(main.server.url, main.seeded)
        .map((c, i) => [i + 1, c] as [number, Case])
        .filter(([n]) => !only || only.includes(n));
      const catalogueBytes = (await (await fetch(`${main.server.url}/v1/engram.php`)).arrayBuffer()).byteLength;
      log("ceiling: bare node:http, 1 KB");
      const top = await ceilingOf(ceilingPort);
      rows.push(ceilingRow("ceiling: bare node:http, 1 KB", top.measured, top.load));
      log(`ceiling: bare node:http, ${catalogueBytes} bytes (the catalogue's size)`);
      const large = await ceilingOf(ceilingPort, `/bytes/${catalogueBytes}`);
      rows.push(
        ceilingRow(`ceiling: bare node:http, ${(catalogueBytes / 1e6).toFixed(1)} MB`, large.measured, large.load),
      );
      let compressedRps: number | null = null;
      if (cases.some(([, c]) => c.largeCeiling === "compressed")) {
        const brBytes = Number(
          (await fetch(`${main.server.url}/v1/engram.php`, { headers: { "accept-encoding": "br" } })).headers.get(
            "content-length",
          ),
        );
        log(`ceiling: bare node:http, ${brBytes} random bytes (the catalogue's brotli form)`);
        const compressed = await ceilingOf(ceilingPort, `/random/${brBytes}`);
        rows.push(
          ceilingRow(
            `ceiling: bare node:http, ${(brBytes / 1e6).toFixed(2)} MB random`,
            compressed.measured,
            compressed.load,
          ),
        );
        compressedRps = compressed.measured.rps;
      }
      rows.push(
        ...(await runCases(
          engine,
          main,
          cases,
          { rps: top.measured.rps, largeRps: large.measured.rps, compressedRps },
          ceilingPort,
        )),
      );
      const rssAfterRunMb = Math.round(rssMb(main.server.process.pid!));
      const snapshotFile = snapshot ? out.replace(/\.json$/, "") + ".heapsnapshot" : undefined;
      const { report, snapshot: written } = await serverMemoryReport(main.server, snapshotFile);
      memory = {
        rssIdleAfterStartMb: main.rssIdleMb,
        rssAfterRunMb,
        targetMb: RSS_TARGET_MB,
        meetsTarget: rssAfterRunMb < RSS_TARGET_MB,
        report,
        heapSnapshot: written ?? null,
      };
      if (written)
        log(
          `heap snapshot written: ${written}\n${summariseHeapSnapshot(written)
            .map((g) => `  ${String(g.mb).padStart(7)} MB  ${String(g.count).padStart(8)}  ${g.what}`)
            .join("\n")}`,
        );
    } finally {
      await main.server.stop();
      await main.database.drop();
    }

    const writes = benchCases("http://pending", main.seeded)
      .map((c, i) => [i + 1, c] as [number, Case])
      .filter(([n, c]) => c.write && (!only || only.includes(n)));
    if (engine === "sqlite" && !cli.has("no-postgres-writes") && writes.length > 0) {
      const pg = await setUp("postgresql", { BASE_CATALOGUE: env.BASE_CATALOGUE! }, []).catch((err: unknown) => {
        log(`PostgreSQL write cases skipped: ${(err as Error).message}`);
        return null;
      });
      if (pg) {
        try {
          log("ceiling again, before the PostgreSQL write cases: bare node:http, 1 KB");
          const again = await ceilingOf(ceilingPort);
          rows.push({
            ...ceilingRow("ceiling: bare node:http, 1 KB (before the PostgreSQL cases)", again.measured, again.load),
            engine: "postgresql",
          });
          const pgCases = benchCases(pg.server.url, pg.seeded)
            .map((c, i) => [i + 1, c] as [number, Case])
            .filter(([n, c]) => c.write && (!only || only.includes(n)));
          rows.push(
            ...(await runCases(
              "postgresql",
              pg,
              pgCases,
              { rps: again.measured.rps, largeRps: again.measured.rps, compressedRps: null },
              ceilingPort,
            )),
          );
        } finally {
          await pg.server.stop();
          await pg.database.drop();
        }
      }
    }

    printTable(rows);
    console.log(
      `server RSS: ${memory.rssIdleAfterStartMb} MB idle after start, ${memory.rssAfterRunMb} MB after the run (target < ${RSS_TARGET_MB} MB: ${memory.meetsTarget ? "met" : "NOT met"})`,
    );
    const r = memory.report;
    console.log(
      `  after the run: V8 heap ${r.heapUsedMb} MB used of ${r.heapTotalMb}, outside the heap ${r.externalMb} MB (Buffers ${r.arrayBuffersMb})`,
    );
    for (const [name, c] of Object.entries(r.caches))
      console.log(
        `  cache ${name}: ${c.entries} entries, ${(c.bytes / 1048576).toFixed(1)} of ${(c.maxBytes / 1048576).toFixed(0)} MB, ${c.hits} hits, ${c.misses} misses`,
      );
    writeFileSync(
      out,
      JSON.stringify(
        {
          engine,
          sqliteSynchronous: engine === "sqlite" ? (synchronous ?? "FULL").toUpperCase() : null,
          sizes,
          baseCatalogue: env.BASE_CATALOGUE === "true",
          drive,
          date: new Date().toISOString(),
          rows,
          memory,
        },
        null,
        2,
      ),
    );
    log(`written ${out}`);
  } finally {
    ceiling.kill();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
