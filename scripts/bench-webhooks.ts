/**
 * Webhook delivery throughput: N events (10,000 by default), each for one of 10 loopback
 * receivers (a mod filter per webhook), delivered by one instance's worker
 * (lib/webhooks/delivery-worker.ts deliverOnce, as the server runs it), on a fresh SQLite
 * file or, with DATABASE_URL=postgresql://..., a database of that server made and dropped
 * here. The receivers run in a child process, so the CPU measured is the delivering
 * process's alone: claims, signing, HTTP, recording. Prints seconds, deliveries per
 * second and CPU seconds; --json prints them as JSON.
 *
 *   npm run bench:webhooks [-- --events 10000] [-- --json]
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { eventBody } from "@/lib/webhooks/event-payloads";
import { newId } from "@/lib/webhooks/ids";
import { deliverOnce } from "@/lib/webhooks/delivery-worker";
import { createWebhook } from "@/lib/webhooks/subscriptions";

const { values } = parseArgs({
  options: { events: { type: "string", default: "10000" }, json: { type: "boolean" }, help: { type: "boolean" } },
});
if (values.help) {
  console.log(
    "usage: npm run bench:webhooks [-- --events N] [-- --json]\nDATABASE_URL=postgresql://... for PostgreSQL.",
  );
  process.exit(0);
}
const EVENTS = Number(values.events);
const ENDPOINTS = 10;
process.env.AUTH_SECRET ??= "bench-auth-secret-0123456789abcdef";

const RECEIVERS = `
const http = require("node:http");
const ports = [];
let hits = 0;
const servers = Array.from({ length: ${ENDPOINTS} }, () => http.createServer((req, res) => {
  req.resume();
  req.on("end", () => { hits++; res.writeHead(204).end(); });
}));
let up = 0;
for (const s of servers) s.listen(0, "127.0.0.1", () => { ports.push(s.address().port); if (++up === servers.length) process.send({ ports }); });
process.on("message", () => process.send({ hits, cpu: process.cpuUsage() }));
`;

async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base?.startsWith("postgres")) {
    const name = `bench_webhooks_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-webhooks-"));
  return { url: `file:${join(dir, "bench.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function seed(db: Db, ports: number[]): Promise<void> {
  await db.user.create({ data: { id: randomUUID(), publicKey: "bench" } });
  const user = (await db.user.findFirstOrThrow()).id;
  const hooks: { webhook_id: string }[] = [];
  for (const [i, port] of ports.entries())
    hooks.push(
      await createWebhook(
        db,
        { userId: user, guard: { allowPrivate: true } },
        {
          url: `http://127.0.0.1:${port}/hook`,
          events: ["catalogue.changed"],
          format: "standard",
          mod_ids: [String(1000 + i)],
          document_ids: [],
          author_ids: [],
          description: "",
        },
      ),
    );
  const now = new Date();
  for (let start = 0; start < EVENTS; start += 500) {
    const events = Array.from({ length: Math.min(500, EVENTS - start) }, (_, k) => {
      const n = start + k;
      const data = {
        mod: {
          mod_id: String(1000 + (n % ENDPOINTS)),
          name: "Bench",
          owner_id: user,
          owner_name: null,
          url: "http://x",
          game: "ase" as const,
        },
        counts: { added: 1, updated: 0, removed: 0 },
        items: [{ uid: `u${n}`, label: `Item ${n}`, kind: "engram" as const, change: "added" as const }],
        items_omitted: 0,
        changes_url: "http://x/v1/changes.php",
        game: "ase" as const,
      };
      return {
        id: newId("evt"),
        type: "catalogue.changed",
        modId: data.mod.mod_id,
        payload: eventBody("catalogue.changed", now, data),
        createdAt: now,
      };
    });
    await db.webhookEvent.createMany({ data: events });
    await db.webhookDelivery.createMany({
      data: events.map((e, k) => ({
        id: newId("dlv"),
        webhookId: hooks[(start + k) % ENDPOINTS]!.webhook_id,
        eventId: e.id,
        nextAttemptAt: now,
        createdAt: now,
      })),
    });
  }
}

async function main() {
  const script = join(mkdtempSync(join(tmpdir(), "bench-receivers-")), "receivers.cjs");
  writeFileSync(script, RECEIVERS);
  const receivers = fork(script, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ports = await new Promise<number[]>((resolve) =>
    receivers.once("message", (m: { ports: number[] }) => resolve(m.ports)),
  );
  const target = await database();
  try {
    await migrate(target.url, { log: () => {} });
    const db = createDb(target.url);
    await seed(db, ports);
    const cpu = process.cpuUsage();
    const started = performance.now();
    // The worker's loop without its timer: claim, send, record, until nothing is due.
    for (;;) {
      const round = await deliverOnce(db, "bench", { baseUrl: "http://x", guard: { allowPrivate: true } });
      if (round.claimed === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const delivered = await db.webhookDelivery.count({ where: { status: "delivered" } });
    receivers.send("report");
    const report = await new Promise<{ hits: number; cpu: NodeJS.CpuUsage }>((resolve) =>
      receivers.once("message", resolve),
    );
    const result = {
      engine: target.url.startsWith("file:") ? "sqlite" : "postgresql",
      events: EVENTS,
      endpoints: ENDPOINTS,
      delivered,
      received: report.hits,
      seconds: Number(seconds.toFixed(2)),
      per_second: Math.round(delivered / seconds),
      cpu_seconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
      receivers_cpu_seconds: Number(((report.cpu.user + report.cpu.system) / 1e6).toFixed(2)),
    };
    if (values.json) console.log(JSON.stringify(result));
    else
      console.log(
        `${result.engine}: ${result.delivered} of ${EVENTS} events delivered to ${ENDPOINTS} loopback endpoints in ${result.seconds} s (${result.per_second}/s), ${result.cpu_seconds} s CPU in the delivering process (receivers: ${result.receivers_cpu_seconds} s)`,
      );
    await db.$disconnect();
  } finally {
    receivers.kill();
    await target.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
