/**
 * Beacon Hub's HTTP server. `npm start` runs it compiled into dist/server.js
 * (scripts/start.mjs, scripts/bundle-server.mjs): no TypeScript loader in production.
 *
 * Start-up: read the configuration (CONTRACT §1), keep an AUTH_SECRET, build the web
 * app if needed, apply database migrations, load the base game's catalogue into a
 * database that has none (while Next.js prepares), then serve (and read the maps of
 * documents published before search, lib/documents/backfill-document-maps.ts).
 * /v1/*.php requests go straight to their endpoint (the same ones the route files
 * export) with the client's exact request target, which signatures cover; /healthz
 * checks the database; /spawn/rows.json is served compressed with its ETag
 * (lib/portal/spawn-rows-reply.ts; Next.js would drop its Content-Encoding); everything
 * else is Next.js. SIGTERM/SIGINT stop accepting, let requests in flight finish, exit 0;
 * SIGUSR2 logs a memory report (lib/server/memory-report.ts).
 */
import http from "node:http";
import { dirname, join } from "node:path";
import next from "next";
import { v1Endpoints } from "@/app/v1/endpoints";
import { handleClientError } from "@/lib/api/client-error";
import { handleExpectation } from "@/lib/api/expectation-failed";
import { handleEndpoint, type EndpointEnv } from "@/lib/api/endpoint";
import { serveNode, writeNodeResponse } from "@/lib/api/node-adapter";
import { config, ConfigError, sqlitePath } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { loadBaseCatalogue } from "@/lib/engrams/base-catalogue";
import { backfillDocumentMaps } from "@/lib/documents/backfill-document-maps";
import { appRoot } from "@/lib/server/app-root";
import { ensureAuthSecret } from "@/lib/server/auth-secret";
import { ensureBuild } from "@/lib/server/ensure-build";
import { health } from "@/lib/server/health";
import { applyHeapMode } from "@/lib/server/heap-mode";
import { memoryReport } from "@/lib/server/memory-report";
import { startPullScheduler } from "@/lib/pull/pull-scheduler";
import { SPAWN_ROWS_PATH, spawnRowsReply } from "@/lib/portal/spawn-rows-reply";
import { PEER_ADDRESS_HEADER } from "@/lib/dashboard/sign-in-address";
import { serviceApiRateLimits } from "@/lib/rate-limit/service";
import { findPublicKey } from "@/lib/users/users";

const USAGE = `usage: npm start            (or: node dist/server.js once built)

Builds the web app if needed, migrates the database and serves Beacon Hub.
Configuration comes from the environment; see README.md:
  PORT (3000)  HOSTNAME (0.0.0.0)  BASE_URL (http://localhost:$PORT)
  DATABASE_URL (file:./data/beacon.db, or postgres://...)
  STEAM_API_URL  WORKSHOP_APP_ID  PULL_INTERVAL_SECONDS  PULL_ALLOW_PRIVATE_HOSTS
  AUTH_SECRET  MAX_BODY_BYTES
  RATE_LIMIT_PER_MINUTE  RATE_LIMIT_IP_PER_MINUTE  RATE_LIMIT_SIGNIN_PER_MINUTE  TRUST_PROXY
  BASE_CATALOGUE (true: load the base game's catalogue into a database that has none)
  HEAP_MODE (compact: V8 keeps the heap near what is live; fast: roomier, ~10 % less CPU)`;

// server.ts at the root, or compiled into dist/server.js (scripts/bundle-server.mjs).
const root = appRoot(import.meta.url);
const BASE_CATALOGUE_FILE = "prisma/seed/base-game-engrams.csv";
const log = (line: string) => console.log(`[beacon-hub] ${line}`);

async function main(): Promise<void> {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const cfg = config();
  applyHeapMode(cfg.HEAP_MODE);
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const dataDir = cfg.provider === "sqlite" ? dirname(sqlitePath(cfg.DATABASE_URL)) : join(root, "data");
  ensureAuthSecret(dataDir);
  ensureBuild(root, log);
  const migrated = await migrate(cfg.DATABASE_URL, { root, log });
  log(`database ${cfg.provider} ready (${migrated.applied.length} migrations applied, ${migrated.alreadyApplied} already there)`);

  const app = next({ dev: false, dir: root, hostname: cfg.HOSTNAME, port: cfg.PORT });
  // Both before listening, so a server that answers /healthz already has the catalogue.
  const baseCatalogue = cfg.BASE_CATALOGUE
    ? loadBaseCatalogue(db(), { file: join(root, BASE_CATALOGUE_FILE), log })
    : Promise.resolve(log("base catalogue: skipped (BASE_CATALOGUE=false)"));
  await Promise.all([app.prepare(), baseCatalogue]);
  const nextHandler = app.getRequestHandler();
  const env: EndpointEnv = { baseUrl: cfg.BASE_URL, findPublicKey: (id) => findPublicKey(db(), id), rateLimits: serviceApiRateLimits(cfg) };
  const byName = new Map(v1Endpoints.map((e) => [e.name, e]));

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const match = /^\/v1\/([^/?]+)/.exec(url);
    const endpoint = match ? byName.get(match[1]!) : undefined;
    if (endpoint) {
      void serveNode(req, res, cfg.MAX_BODY_BYTES, (apiReq) => handleEndpoint(endpoint, apiReq, env));
    } else if (/^\/healthz(\?|$)/.test(url)) {
      void health(db(), req.method).then((r) => writeNodeResponse(res, r, req.method ?? "GET"));
    } else if (SPAWN_ROWS_PATH.test(url)) {
      void serveNode(req, res, cfg.MAX_BODY_BYTES, (apiReq) => spawnRowsReply(db(), apiReq));
    } else {
      // The socket's address, for code Next.js runs (which never sees the socket); a
      // client cannot supply it, as any value it sent is replaced here.
      req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
      void nextHandler(req, res);
    }
  });
  server.on("clientError", handleClientError);
  server.on("checkExpectation", handleExpectation);
  const pulls =
    cfg.PULL_INTERVAL_SECONDS > 0
      ? startPullScheduler(db(), { intervalSeconds: cfg.PULL_INTERVAL_SECONDS, guard: { allowPrivate: cfg.PULL_ALLOW_PRIVATE_HOSTS }, log })
      : null;
  server.keepAliveTimeout = 65_000;
  server.listen(cfg.PORT, cfg.HOSTNAME, () => log(`listening on http://${cfg.HOSTNAME}:${cfg.PORT} (BASE_URL ${cfg.BASE_URL})`));
  // In the background: a large old database takes a while, and until a row is read it is
  // only left out of map- and item-filtered listings. A single query once every row is done.
  void backfillDocumentMaps(db()).then(
    (n) => n > 0 && log(`maps and items read from the content of ${n} documents published before they were indexed`),
    (err: unknown) => log(`reading the maps of older documents failed (retried at the next start): ${String(err)}`),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing requests in flight`);
    const force = setTimeout(() => {
      log("requests still open after 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Connections busy now turn idle (keep-alive) when their reply is sent: sweep them.
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    server.close(() => {
      clearInterval(sweep);
      void Promise.resolve(pulls?.stop())
        .then(disconnectDb)
        .finally(() => {
          log("stopped");
          process.exit(0);
        });
    });
  };
  // `kill -USR2 <pid>`: where the memory is (heap, buffers, each cache), one JSON line.
  process.on("SIGUSR2", () => log(`memory ${JSON.stringify(memoryReport())}`));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Test harnesses set this so a server never outlives a test run that crashed.
  if (process.env.BEACON_EXIT_WITH_PARENT === "1") {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && stop("parent exited"), 1000).unref();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
