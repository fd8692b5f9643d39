/**
 * usage: npm run soak -- [--seconds 300] [--warmup 30] [--postgres] [--connections 8]
 *                        [--rate 200] [--sample-seconds 10] [--max-slope 3] [--json]
 *
 * Mixed load on loopback against the production server for --seconds: public reads
 * (engram by uid, a mod's engrams, document listings, users), signed reads and writes
 * (document updates, engram updates: the data stays the same size) and document
 * downloads, from --connections keep-alive loops capped at --rate requests/s in total.
 * After --warmup seconds of the same load (caches filled, code optimised), the server's
 * resident memory (RSS) is read idle after start, then every second and reported every --sample-seconds: the
 * last value, and the lowest and highest of the interval. RSS swings by tens of MB over
 * minutes as the garbage collector grows and compacts the heap, so the trend is taken
 * on what a leak raises: the live heap left after each full (mark-compact) GC, which the
 * server reports under --trace-gc; with fewer than three full GCs in the window, the
 * intervals' RSS floors stand in.
 * Fails (exit 1) on any error (a status other than the expected one, or a failed
 * connection) or when memory still grows in the second half of the run: the slope of a
 * least-squares line through those values above --max-slope MB per minute.
 */
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization, type Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { ensureBuild } from "@/lib/server/ensure-build";
import { createTestDatabase } from "../test/support/databases";
import { descendants } from "../test/support/kill-server";
import { ROOT, startServer, type TestServer } from "../test/support/test-server";
import { serverMemoryReport } from "./bench/memory";
import { seed } from "./bench/seed";
import { rssMb } from "./lib/process-memory";
import { scriptArgs } from "./lib/script-args";

const cli = scriptArgs(import.meta.url);
const flag = cli.number;
const options = {
  seconds: flag("seconds", 300),
  warmup: flag("warmup", 30),
  connections: flag("connections", 8),
  rate: flag("rate", 200),
  sampleSeconds: flag("sample-seconds", 10),
  maxSlope: flag("max-slope", 3),
  engine: cli.has("postgres") ? ("postgresql" as const) : ("sqlite" as const),
  json: cli.has("json"),
};
const log = (line: string) => process.stderr.write(`[soak] ${line}\n`);

interface Sample {
  seconds: number;
  rssMb: number;
  /** lowest and highest reading of the interval */
  floorMb: number;
  peakMb: number;
  requests: number;
  errors: number;
}

/** MB per minute of the least-squares line through (seconds, MB) points. */
function slopePerMinute(points: { seconds: number; mb: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const xs = points.map((s) => s.seconds / 60);
  const ys = points.map((s) => s.mb);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** RSS to a tenth of a MB, as the samples are printed. */
const rssTenths = (pid: number) => Math.round(rssMb(pid) * 10) / 10;

interface Op {
  method: "GET" | "POST";
  target: string;
  body?: string;
  signed?: boolean;
}

async function main(): Promise<void> {
  ensureBuild(ROOT, log);
  const database = await createTestDatabase(options.engine, "soak");
  let exitCode = 1;
  try {
    await migrate(database.url, { root: ROOT });
    const db = createDb(database.url);
    const seeded = await seed(db, { users: 50, mods: 5, engrams: 2000, documents: 200 }, () => {});
    await db.$disconnect();
    const server = await startServer({ DATABASE_URL: database.url }, 90_000, ["--trace-gc"]);
    try {
      exitCode = await soak(server, seeded.signer, seeded.modIds[0]!, seeded.engramUids, seeded.documentIds);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
  process.exit(exitCode);
}

/**
 * Live heap after each mark-compact of one process, from --trace-gc lines such as
 * "[1234:0x55d0]    41234 ms: Mark-Compact 245.3 (260.1) -> 180.2 (262.0) MB, ..."
 * (ms: since that process started).
 */
function fullGcHeaps(output: string, pid: number): { seconds: number; mb: number }[] {
  const re = new RegExp(`^\\[${pid}:0x[0-9a-f]+\\]\\s+(\\d+) ms: Mark-Compact[^>]*-> ([\\d.]+) \\(`, "gm");
  return [...output.matchAll(re)].map((m) => ({ seconds: Number(m[1]) / 1000, mb: Number(m[2]) }));
}

async function soak(
  server: TestServer,
  signer: Identity,
  modId: string,
  uids: string[],
  documentIds: string[],
): Promise<number> {
  const { url, logs } = server;
  const wrapperPid = server.process.pid!;
  const serverPid = (await descendants(wrapperPid)).at(0) ?? wrapperPid;
  await new Promise((r) => setTimeout(r, 3000));
  const rssIdleAfterStartMb = rssTenths(serverPid);
  log(`RSS idle after start: ${rssIdleAfterStartMb} MB`);
  const send = async (op: Op): Promise<number> => {
    const headers: Record<string, string> = {};
    if (op.body !== undefined) headers["content-type"] = "application/json";
    if (op.signed)
      headers["authorization"] = basicAuthorization(
        signer,
        signedContent(op.method, url, op.target, Buffer.from(op.body ?? "")),
      );
    const res = await fetch(`${url}${op.target}`, { method: op.method, headers, body: op.body });
    await res.arrayBuffer();
    return res.status;
  };
  // The signer's own documents and engrams, made once and then only updated.
  const ownDocs = Array.from({ length: 20 }, () => crypto.randomUUID());
  const ownPaths = Array.from({ length: 50 }, (_, i) => `/Game/Mods/Soak/Soak_${i}.Soak_${i}`);
  const docBody = (id: string, n: number) =>
    JSON.stringify({
      Identifier: id,
      Title: `Soak ${n % 97}`,
      Description: "soak",
      LootSources: Array.from({ length: 40 }, (_, i) => ({ ClassString: `Crate_${i}_C`, Weight: n % 10 })),
    });
  const engramBody = (n: number) =>
    JSON.stringify(
      ownPaths.slice(0, 10).map((path, i) => ({
        path: ownPaths[(n + i) % ownPaths.length] ?? path,
        label: `Soak ${n % 13}`,
        mod_id: modId,
        environments: ["Island", "Scorched"],
      })),
    );
  for (const id of ownDocs)
    if ((await send({ method: "POST", target: "/v1/document.php", body: docBody(id, 0), signed: true })) !== 200)
      throw new Error("seeding documents failed");
  for (let n = 0; n < ownPaths.length; n += 10)
    if ((await send({ method: "POST", target: "/v1/engram.php", body: engramBody(n), signed: true })) !== 200)
      throw new Error("seeding engrams failed");

  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const ops: [number, (n: number) => Op][] = [
    [20, () => ({ method: "GET", target: `/v1/engram.php/${pick(uids)}` })],
    [5, () => ({ method: "GET", target: `/v1/engram.php?mod_id=${modId}` })],
    [
      15,
      (n) => ({
        method: "GET",
        target: `/v1/document.php?count=20&offset=${n % 150}&sort=${n % 2 ? "download_count" : "last_updated"}`,
      }),
    ],
    [10, () => ({ method: "GET", target: `/v1/user.php/${signer.userId}` })],
    [10, () => ({ method: "GET", target: "/v1/mod.php", signed: true })],
    [15, () => ({ method: "GET", target: `/v1/document.php/${pick(documentIds)}` })],
    [15, (n) => ({ method: "POST", target: "/v1/document.php", body: docBody(pick(ownDocs), n), signed: true })],
    [10, (n) => ({ method: "POST", target: "/v1/engram.php", body: engramBody(n), signed: true })],
  ];
  const total = ops.reduce((a, [w]) => a + w, 0);
  const choose = (n: number): Op => {
    let r = Math.random() * total;
    for (const [w, make] of ops) if ((r -= w) < 0) return make(n);
    return ops[0]![1](n);
  };

  let requests = 0;
  let errors = 0;
  const errorExamples: string[] = [];
  const started = Date.now() + options.warmup * 1000;
  const end = started + options.seconds * 1000;
  const interval = (options.connections * 1000) / options.rate;
  const loops = Array.from({ length: options.connections }, async () => {
    for (let n = 0; Date.now() < end; n++) {
      const t0 = Date.now();
      const op = choose(n);
      try {
        const status = await send(op);
        if (status !== 200) throw new Error(`status ${status}`);
      } catch (err) {
        errors++;
        if (errorExamples.length < 10) errorExamples.push(`${op.method} ${op.target}: ${(err as Error).message}`);
      }
      requests++;
      const wait = interval - (Date.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  });

  const samples: Sample[] = [];
  // Where the server's output stood when the second half began: full GCs after it count.
  let secondHalfOutput = Infinity;
  setTimeout(() => (secondHalfOutput = logs().length), (options.warmup + options.seconds / 2) * 1000).unref();
  let readings: number[] = [];
  const read = () => readings.push(rssTenths(serverPid));
  const sample = () => {
    read();
    const now = readings.at(-1)!;
    const s = {
      seconds: Math.round((Date.now() - started) / 1000),
      rssMb: now,
      floorMb: Math.min(...readings),
      peakMb: Math.max(...readings),
      requests,
      errors,
    };
    readings = [];
    samples.push(s);
    const mb = (v: number) => v.toFixed(1).padStart(7);
    log(
      `t=${String(s.seconds).padStart(4)} s  rss=${mb(s.rssMb)} MB  (interval ${mb(s.floorMb)} .. ${mb(s.peakMb)})  requests=${s.requests}  errors=${s.errors}`,
    );
  };
  log(`warming up for ${options.warmup} s`);
  await new Promise((r) => setTimeout(r, options.warmup * 1000));
  requests = 0;
  readings = [];
  sample();
  const reader = setInterval(read, 1000);
  const timer = setInterval(sample, options.sampleSeconds * 1000);
  await Promise.all(loops);
  clearInterval(timer);
  clearInterval(reader);
  // A last interval only if the timer's last one was not just taken (one reading is no floor).
  if (Date.now() - started - samples.at(-1)!.seconds * 1000 > (options.sampleSeconds * 1000) / 2) sample();

  // Where the memory is at the end: heap, Buffers, each cache (the server's SIGUSR2 report).
  const { report } = await serverMemoryReport(server);
  log(
    `at the end: RSS ${report.rssMb} MB, V8 heap ${report.heapUsedMb} MB used of ${report.heapTotalMb}, outside the heap ${report.externalMb} MB`,
  );
  for (const [name, c] of Object.entries(report.caches))
    log(
      `  cache ${name}: ${c.entries} entries, ${(c.bytes / 1048576).toFixed(1)} of ${(c.maxBytes / 1048576).toFixed(0)} MB`,
    );
  const secondHalf = samples.filter((s) => s.seconds >= options.seconds / 2);
  const rssSlope = slopePerMinute(secondHalf.map((s) => ({ seconds: s.seconds, mb: s.floorMb })));
  const gcs = fullGcHeaps(logs().slice(secondHalfOutput === Infinity ? logs().length : secondHalfOutput), serverPid);
  for (const g of gcs) log(`full GC at server time ${g.seconds.toFixed(0)} s: live heap ${g.mb.toFixed(1)} MB`);
  const heapSlope = slopePerMinute(gcs);
  const slope = gcs.length >= 3 ? heapSlope : rssSlope;
  const measure =
    gcs.length >= 3 ? `live heap after ${gcs.length} full GCs` : `RSS floors (only ${gcs.length} full GCs)`;
  const elapsed = (Date.now() - started) / 1000;
  const ok = errors === 0 && slope <= options.maxSlope;
  const summary = {
    ok,
    engine: options.engine,
    seconds: Math.round(elapsed),
    requests,
    requestsPerSecond: Math.round(requests / elapsed),
    errors,
    errorExamples,
    rssIdleAfterStartMb,
    memoryReport: report,
    rssFirstMb: samples[0]!.rssMb,
    rssLastMb: samples.at(-1)!.rssMb,
    rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
    secondHalfSlopeMbPerMinute: Math.round(slope * 100) / 100,
    measure,
    rssFloorSlopeMbPerMinute: Math.round(rssSlope * 100) / 100,
    fullGcs: gcs,
    maxSlopeMbPerMinute: options.maxSlope,
    samples,
  };
  log(
    `${requests} requests in ${summary.seconds} s (${summary.requestsPerSecond}/s), ${errors} errors; RSS ${rssIdleAfterStartMb} MB idle after start, ${summary.rssFirstMb} -> ${summary.rssLastMb} MB after the warm-up and at the end (max ${summary.rssMaxMb}); second-half slope of ${measure} ${summary.secondHalfSlopeMbPerMinute} MB/min, of RSS floors ${summary.rssFloorSlopeMbPerMinute} (limit ${options.maxSlope}): ${ok ? "PASS" : "FAIL"}`,
  );
  for (const e of errorExamples) log(`error: ${e}`);
  if (options.json) console.log(JSON.stringify(summary));
  return ok ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
