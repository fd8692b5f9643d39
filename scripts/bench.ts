/**
 * usage: npm run bench -- [--postgres] [--sqlite-synchronous FULL|NORMAL] [--engrams N] [--mods N] [--documents N] [--users N]
 *                         [--duration S] [--warmup S] [--connections N] [--cases a,b] [--out FILE]
 *        npm run bench -- --growth [--postgres] [--documents N (default 100000)] [--engrams N (default 50000)]
 *
 * Builds if needed, seeds a fresh database (SQLite, or PostgreSQL with --postgres), starts
 * the production server, and drives every case with autocannon from a separate process
 * after a warm-up. A bare node:http server answering 1 KB is measured in the same run as
 * the machine's ceiling (and the same server answering as many bytes as the full
 * catalogue, the ceiling of that case with this load generator). Prints a table (req/s, p50, p99, errors, ratio to the ceiling,
 * the original PHP service's req/s and the 10x target) and writes it as JSON.
 * --growth measures instead how the document listing grows from 1,000 to N documents
 * and the document search at both sizes, and the memory of the engram catalogue with N
 * engrams (scripts/bench/growth.ts).
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signedContent } from "@/lib/auth/signed-content";
import { basicAuthorization } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { ensureBuild } from "@/lib/server/ensure-build";
import { createTestDatabase } from "../test/support/databases";
import { freePort, ROOT, startServer } from "../test/support/test-server";
import { seed } from "./bench/seed";
import { runGrowth } from "./bench/growth";
import { rssMb } from "./lib/process-memory";
import { scriptArgs } from "./lib/script-args";

const cli = scriptArgs(import.meta.url);
const flag = cli.number;
const text = cli.text;
const engine = cli.has("postgres") ? "postgresql" : "sqlite";
const sizes = { users: flag("users", 500), mods: flag("mods", 50), engrams: flag("engrams", 5000), documents: flag("documents", 2000) };
const drive = { connections: flag("connections", 32), duration: flag("duration", 10), warmup: flag("warmup", 3) };
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

interface Request {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Case {
  name: string;
  original?: number;
  /** made just before the case runs, so it sees the data as earlier cases left it */
  request: () => Promise<Request> | Request;
  /** compare with the bare server answering the same number of bytes, not 1 KB */
  largeCeiling?: boolean;
}

interface Measured {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
}

function runDriver(url: string, request: Request): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench/drive.ts"), JSON.stringify({ url: url + request.path, method: request.method, headers: request.headers, body: request.body, ...drive })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`driver exited ${code}`))));
  });
}

async function growth() {
  ensureBuild(ROOT, log);
  const result = await runGrowth(engine, { small: 1000, large: flag("documents", 100_000), engrams: flag("engrams", 50_000) });
  const { listing, search, catalogue } = result;
  console.log(`document listing p50 (query, uncached): ${listing.p50SmallMs.toFixed(2)} ms at ${listing.documentsSmall} documents, ${listing.p50LargeMs.toFixed(2)} ms at ${listing.documentsLarge}: ratio ${listing.ratio.toFixed(2)} (target <= 1.5)`);
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(
    `document search p50 (page 1 + count, uncached): selective word ${ms(search.small.selectiveMs)} at ${search.documentsSmall}, ${ms(search.large.selectiveMs)} at ${search.documentsLarge}; ` +
      `common word (every document) ${ms(search.small.commonMs)} at ${search.documentsSmall}, ${ms(search.large.commonMs)} at ${search.documentsLarge} (target < 50 ms at 100,000)`,
  );
  console.log(`engram catalogue: ${catalogue.engrams} engrams, ${(catalogue.jsonBytes / 1e6).toFixed(1)} MB of JSON; server RSS ${catalogue.rssBeforeMb} -> ${catalogue.rssAfterMb} MB (+${catalogue.catalogueMb} MB)`);
  const out = text("out") ?? join(ROOT, "bench-results", `growth-${engine}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  mkdirSync(join(out, ".."), { recursive: true });
  writeFileSync(out, JSON.stringify({ engine, date: new Date().toISOString(), ...result }, null, 2));
  log(`written ${out}`);
}

async function main() {
  if (cli.has("growth")) return growth();
  ensureBuild(ROOT, log);
  const database = await createTestDatabase(engine, "bench");
  const ceilingPort = await freePort();
  const ceiling = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench/ceiling.ts"), String(ceilingPort)], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    log(`seeding ${engine}: ${JSON.stringify(sizes)}`);
    const seeded = await seed(db, sizes, log);
    await db.$disconnect();
    const synchronous = text("sqlite-synchronous");
    const server = await startServer({ DATABASE_URL: database.url, ...(synchronous ? { SQLITE_SYNCHRONOUS: synchronous } : {}) });
    await new Promise<void>((r) => ceiling.stdout!.once("data", () => r()));
    try {
      const signed = (method: string, path: string, body = "") => ({
        authorization: basicAuthorization(seeded.signer, signedContent(method, server.url, path, Buffer.from(body))),
        ...(body ? { "content-type": "application/json" } : {}),
      });
      const mod = seeded.modIds[0]!;
      const postBody = JSON.stringify({ path: `/Game/Mods/Bench0/Posted/PrimalItem_Posted.PrimalItem_Posted`, label: "Posted", mod_id: mod, environments: ["Island"], can_blueprint: true });
      const catalogueBytes = (await (await fetch(`${server.url}/v1/engram.php`)).arrayBuffer()).byteLength;
      const cases: Case[] = [
        { name: "GET /v1/engram.php (all)", original: 23, largeCeiling: true, request: () => ({ path: "/v1/engram.php" }) },
        { name: "GET /v1/engram.php/<uid>", original: 102, request: () => ({ path: `/v1/engram.php/${seeded.engramUids[17]}` }) },
        { name: "GET /v1/engram.php?mod_id=<one>", original: 163, request: () => ({ path: `/v1/engram.php?mod_id=${mod}` }) },
        { name: "GET /v1/document.php?count=50&sort=download_count", original: 193, request: () => ({ path: "/v1/document.php?count=50&sort=download_count" }) },
        { name: "GET /v1/document.php/<id> (download)", original: 202, request: () => ({ path: `/v1/document.php/${seeded.documentIds[3]}` }) },
        { name: "signed GET /v1/mod.php", original: 217, request: () => ({ path: "/v1/mod.php", headers: signed("GET", "/v1/mod.php") }) },
        { name: "signed POST /v1/engram.php (one engram)", original: 156, request: () => ({ path: "/v1/engram.php", method: "POST", body: postBody, headers: signed("POST", "/v1/engram.php", postBody) }) },
        {
          name: "GET /v1/engram.php with If-None-Match (304)",
          request: async () => ({ path: "/v1/engram.php", headers: { "if-none-match": (await fetch(`${server.url}/v1/engram.php`)).headers.get("etag") ?? "" } }),
        },
        { name: "GET /spawn/?mod_id=<one> (page)", request: () => ({ path: `/spawn/?mod_id=${mod}` }) },
      ];
      const only = text("cases")?.split(",");
      const rows = [];
      log(`ceiling: bare node:http, 1 KB`);
      const top = await runDriver(`http://127.0.0.1:${ceilingPort}`, { path: "/" });
      rows.push({ name: "ceiling: bare node:http, 1 KB", ...top, ratio: 1 });
      log(`ceiling: bare node:http, ${catalogueBytes} bytes (the catalogue's size)`);
      const large = await runDriver(`http://127.0.0.1:${ceilingPort}`, { path: `/bytes/${catalogueBytes}` });
      rows.push({ name: `ceiling: bare node:http, ${(catalogueBytes / 1e6).toFixed(1)} MB`, ...large, ratio: 1 });
      for (const [i, c] of cases.entries()) {
        if (only && !only.includes(String(i + 1))) continue;
        log(`case ${i + 1}/${cases.length}: ${c.name}`);
        const r = await runDriver(server.url, await c.request());
        if (r.errors > 0) {
          const errors = server.logs().split("\n").filter((l) => /error|Error/.test(l));
          log(`${r.errors} error replies ${JSON.stringify(r.statusCodes)}; the server logged:\n${errors.slice(-15).join("\n")}`);
        }
        const ceilingRps = c.largeCeiling ? large.rps : top.rps;
        rows.push({ name: c.name, ...r, ratio: r.rps / ceilingRps, original: c.original ?? null, target: c.original ? c.original * 10 : null, meetsTarget: c.original ? r.rps >= c.original * 10 : null });
      }
      const memory = { serverRssMb: Math.round(rssMb(server.process.pid!)) };
      printTable(rows);
      console.log(`server RSS after the run: ${memory.serverRssMb} MB`);
      const out = text("out") ?? join(ROOT, "bench-results", `bench-${engine}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
      mkdirSync(join(out, ".."), { recursive: true });
      writeFileSync(out, JSON.stringify({ engine, sqliteSynchronous: engine === "sqlite" ? (synchronous ?? "FULL").toUpperCase() : null, sizes, drive, date: new Date().toISOString(), rows, memory }, null, 2));
      log(`written ${out}`);
    } finally {
      await server.stop();
    }
  } finally {
    ceiling.kill();
    await database.drop();
  }
}

function printTable(rows: { name: string; rps: number; p50: number; p99: number; errors: number; ratio: number; original?: number | null; target?: number | null; meetsTarget?: boolean | null }[]) {
  const header = ["case", "req/s", "p50 ms", "p99 ms", "errors", "ratio", "original", "target", "met"];
  const lines = rows.map((r) => [r.name, r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.errors), r.ratio.toFixed(3), r.original ? String(r.original) : "", r.target ? String(r.target) : "", r.meetsTarget === null || r.meetsTarget === undefined ? "" : r.meetsTarget ? "yes" : "NO"]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
