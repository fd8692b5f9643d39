/**
 * Beacon Hub's HTTP server. `npm start` runs it compiled into dist/server.js
 * (scripts/start.mjs, scripts/bundle-server.mjs): no TypeScript loader in production.
 *
 * Start-up: read the configuration (docs/CONTRACT.md#configuration), keep an AUTH_SECRET, build the web
 * app if needed, apply database migrations, load the base game's catalogue into a
 * database that has none (while Next.js prepares), then serve (and read the maps of
 * documents published before search, lib/documents/backfill-document-maps.ts).
 * /v1/*.php requests go straight to their endpoint (the same ones the route files
 * export) with the client's exact request target, which signatures cover; /healthz
 * checks the database; /metrics (only when METRICS_TOKEN is set) serves the metrics to a
 * bearer of the token; /spawn/rows.json is served compressed with its ETag
 * (lib/spawn/spawn-rows-reply.ts; Next.js would drop its Content-Encoding); everything
 * else is Next.js (its blank error shells replaced by readable 404 and 500 pages,
 * lib/server/error-page-recovery.ts), the home page, spawn pages and document listings
 * rendered once per version of their data and then served from memory
 * (lib/server/page-cache.ts). Every request, whoever answers it, gets a request
 * id, a JSON log line and its metrics (lib/server/observe-requests.ts); start-up steps
 * and jobs log through the same logger (lib/logging/logger.ts). SIGTERM/SIGINT stop
 * accepting, let requests in flight finish, exit 0; SIGUSR2 logs a memory report
 * (lib/server/memory-report.ts).
 *
 * `npm run dev` runs this same file with `--dev` (through tsx): Next.js in development
 * mode (compiled on demand, hot reload) behind the same dispatch, so every address has one
 * request path in development and production; only the page cache is off, so an edited
 * page shows at once.
 */
import { statSync } from "node:fs";
import http from "node:http";
import { dirname, join } from "node:path";
import next from "next";
import { v1Endpoints } from "@/app/v1/endpoints";
import { handleClientError } from "@/lib/api/client-error";
import { handleExpectation } from "@/lib/api/expectation-failed";
import { admitRequest, CORS_HEADERS, handleEndpoint, type Admission, type EndpointEnv } from "@/lib/api/endpoint";
import { bodyBudget } from "@/lib/api/body-budget";
import { flatHeaders, serveNode, writeNodeResponse } from "@/lib/api/node-adapter";
import type { ApiRequest } from "@/lib/api/types";
import { NOT_FOUND_PATH_HEADER, serveWithErrorPages } from "@/lib/server/error-page-recovery";
import { baseUrlWarning, config, ConfigError, sqlitePath } from "@/lib/config";
import { db, disconnectDb, poolStats } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import {
  readAfterHeaders,
  readDb,
  readRequestOf,
  replicaGone,
  replicaSet,
  startReplicas,
  withReads,
} from "@/lib/db/replicas";
import { loadBaseCatalogue } from "@/lib/engrams/base-catalogue";
import { backfillDocumentMaps } from "@/lib/documents/backfill-document-maps";
import { keepCurrentRevisions } from "@/lib/documents/revisions/keep-current-revisions";
import { startUniqueDownloadExpiry, uniqueDownloads } from "@/lib/documents/unique-downloads";
import { appRoot } from "@/lib/server/app-root";
import { ensureAuthSecret } from "@/lib/server/auth-secret";
import { ensureBuild } from "@/lib/server/ensure-build";
import { health, healthNeedsWrites } from "@/lib/server/health";
import { applyHeapMode } from "@/lib/server/heap-mode";
import { memoryReport } from "@/lib/server/memory-report";
import { observeRequests } from "@/lib/server/observe-requests";
import { servePage } from "@/lib/server/page-cache";
import { buildRouteLabeler } from "@/lib/server/route-label";
import { captureConsole } from "@/lib/logging/capture-console";
import { createLogger, flushLog, setLogger, type Logger } from "@/lib/logging/logger";
import { enableProcessMetrics, metrics } from "@/lib/metrics/registry";
import { serveMetrics } from "@/lib/metrics/serve-metrics";
import { SPAWN_ROWS_PATH, spawnRowsReply } from "@/lib/spawn/spawn-rows-reply";
import { startPullScheduler } from "@/lib/pull/pull-scheduler";
import { startDeliveryWorker } from "@/lib/webhooks/delivery-worker";
import { parseSchedule } from "@/lib/db-backup/backup-schedule";
import { startScheduledBackups } from "@/lib/db-backup/scheduled-backups";
import { PEER_ADDRESS_HEADER } from "@/lib/rate-limit/api-limits";
import { serviceApiRateLimits } from "@/lib/rate-limit/service";
import { findPublicKey } from "@/lib/users/users";
import { findKeySet, recordKeyUse } from "@/lib/keys/keys";
import { rememberSignatureIn } from "@/lib/auth/replay";
import { authenticateToken } from "@/lib/keys/tokens";
import { refuseSuspendedWriter } from "@/lib/moderation/suspension";

const USAGE = `usage: npm start            (or: node dist/server.js once built)
       npm run dev          (tsx server.ts --dev: Next.js in development mode, no build)

Builds the web app if needed, migrates the database and serves Beacon Hub.
Configuration comes from the environment; see docs/CONFIGURATION.md:
  PORT (3000)  HOSTNAME (0.0.0.0)  BASE_URL (http://localhost:$PORT)
  DATABASE_URL (file:./data/beacon.db, or postgres://...)
  STEAM_API_URL  WORKSHOP_APP_ID  PULL_INTERVAL_SECONDS  PULL_ALLOW_PRIVATE_HOSTS
  CURSEFORGE_API_KEY (unset: ASA mods cannot be confirmed)  CURSEFORGE_API_URL  CURSEFORGE_GAME_ID (83374)
  WEBHOOK_ALLOW_PRIVATE_HOSTS  WEBHOOK_RETRY_SCALE  WEBHOOK_DELIVERY
  AUTH_SECRET  MAX_BODY_BYTES
  RATE_LIMIT_PER_MINUTE  RATE_LIMIT_IP_PER_MINUTE  RATE_LIMIT_SIGNIN_PER_MINUTE  TRUST_PROXY
  RATE_LIMIT_REPORTS_PER_HOUR (20: reports per address and per reporter and hour)
  BASE_CATALOGUE (true: load the base game's catalogue at start: rows missing are added, the operator's changes and deletions kept)
  LOG_LEVEL (info)  LOG_FORMAT (json, or pretty)  METRICS_TOKEN (unset: no /metrics)
  CHANGES_RETENTION_DAYS (90: how long the changes feed keeps changes)
  DOCUMENT_REVISIONS_KEEP (N: only the newest N revisions of a document, 50 by default; 0: every one)
  HEAP_MODE (compact: V8 keeps the heap near what is live; fast: roomier, ~10 % less CPU)
  BACKUP_SCHEDULE (unset: none; 6h, or a cron expression in UTC)  BACKUP_DIR (./data/backups)  BACKUP_KEEP (7)`;

/** How often the replicas' replay positions are read, and how long a read waits for one to catch up. */
const REPLICA_CHECK_MS = 100;
const REPLICA_WAIT_MS = 50;

// server.ts at the root, or compiled into dist/server.js (scripts/bundle-server.mjs).
const root = appRoot(import.meta.url);

/** A start-up step's lines: `step` names it; text lines of the helpers become the message. */
const stepLog = (log: Logger, step: string) => (line: string) => log.info({ step }, line);

/** /metrics reports the pool of the service's client, and on SQLite the sizes of its files. */
function reportDatabase(provider: "sqlite" | "postgresql", databaseUrl: string): void {
  const m = metrics();
  m.poolStats = () => poolStats(db());
  if (provider !== "sqlite") return;
  const file = sqlitePath(databaseUrl);
  const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  m.sqliteFiles = () => ({ database: size(file), wal: size(`${file}-wal`) });
}

async function main(): Promise<void> {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const dev = process.argv.includes("--dev");
  const cfg = config();
  applyHeapMode(cfg.HEAP_MODE);
  const log = createLogger({ level: cfg.LOG_LEVEL, format: cfg.LOG_FORMAT });
  setLogger(log);
  captureConsole(log);
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const dataDir = cfg.provider === "sqlite" ? dirname(sqlitePath(cfg.DATABASE_URL)) : join(root, "data");
  ensureAuthSecret(dataDir);
  // Each build line is written before the synchronous build it announces blocks the loop.
  if (!dev)
    ensureBuild(root, (line) => {
      stepLog(log, "build")(line);
      flushLog(log);
    });
  const migrated = await migrate(cfg.DATABASE_URL, { root, log: stepLog(log, "migrate") });
  log.info(
    {
      step: "migrate",
      provider: cfg.provider,
      applied: migrated.applied.length,
      already_applied: migrated.alreadyApplied,
    },
    `database ${cfg.provider} ready (${migrated.applied.length} migrations applied, ${migrated.alreadyApplied} already there)`,
  );
  enableProcessMetrics();
  reportDatabase(cfg.provider, cfg.DATABASE_URL);
  const replicas = await startReplicas(cfg.DATABASE_URL, cfg.DATABASE_REPLICA_URLS, {
    maxLagMs: cfg.REPLICA_MAX_LAG_MS,
    checkEveryMs: REPLICA_CHECK_MS,
    waitMs: REPLICA_WAIT_MS,
  });
  if (replicas)
    log.info(
      { step: "replicas", replicas: replicas.state().replicas, max_lag_ms: cfg.REPLICA_MAX_LAG_MS },
      `${replicas.replicas.length} read replica(s); public reads go to one within ${cfg.REPLICA_MAX_LAG_MS} ms of the primary`,
    );

  const app = next({ dev, dir: root, hostname: cfg.HOSTNAME, port: cfg.PORT });
  // Both before listening, so a server that answers /healthz already has the catalogue.
  const baseCatalogue = cfg.BASE_CATALOGUE
    ? loadBaseCatalogue(db(), {
        root,
        // A load that failed is served around, not fatal: a warning an operator can alert on.
        log: (line) =>
          /NOT LOADED/.test(line)
            ? log.warn({ step: "base_catalogue" }, line)
            : log.info({ step: "base_catalogue" }, line),
      })
    : Promise.resolve(log.info({ step: "base_catalogue" }, "base catalogue: skipped (BASE_CATALOGUE=false)"));
  await Promise.all([app.prepare(), baseCatalogue]);
  const nextHandler = app.getRequestHandler();
  const env: EndpointEnv = {
    baseUrl: cfg.BASE_URL,
    findPublicKey: (id) => findPublicKey(db(), id),
    findKeySet: (id) => findKeySet(db(), id),
    keyUsed: (id, pem) => recordKeyUse(db(), id, pem),
    authenticateToken: (token) => authenticateToken(db(), token),
    refuseWriter: (id) => refuseSuspendedWriter(db(), id),
    rememberSignature: (hash, until) => rememberSignatureIn(db(), hash, until),
    rateLimits: serviceApiRateLimits(cfg),
  };
  const byName = new Map(v1Endpoints.map((e) => [e.name, e]));
  /**
   * A v1 request. One that read from a replica which stopped answering is run again on the
   * primary (only reads go to replicas, and they change nothing). A write's reply says the
   * WAL position its commit reached, for the client's next reads on any instance.
   */
  const serveEndpoint = async (endpoint: (typeof v1Endpoints)[number], apiReq: ApiRequest, admission: Admission) => {
    let reply = await handleEndpoint(endpoint, apiReq, env, admission);
    if (reply.status >= 500 && (await replicaGone())) reply = await handleEndpoint(endpoint, apiReq, env, admission);
    const writes = replicaSet();
    if (writes && !["GET", "HEAD", "OPTIONS"].includes(apiReq.method) && reply.status < 500) {
      const lsn = await writes.currentLsn();
      if (lsn !== null) Object.assign(reply.headers, readAfterHeaders(lsn));
    }
    return reply;
  };
  const nextRoute = buildRouteLabeler(root);
  const budget = bodyBudget(cfg.BODY_BYTES_IN_FLIGHT ?? 4 * cfg.MAX_BODY_BYTES);
  const bodyLimits = { signed: cfg.MAX_BODY_BYTES, unsigned: cfg.UNSIGNED_MAX_BODY_BYTES };
  const observe = { logger: log, trustProxy: cfg.TRUST_PROXY };

  const server = http.createServer(
    observeRequests(
      observe,
      (req, res, record) =>
        void withReads(readRequestOf(req), () => {
          const url = req.url ?? "/";
          const match = /^\/v1\/([^/?]+)/.exec(url);
          const endpoint = match ? byName.get(match[1]!) : undefined;
          if (endpoint) {
            record.route = `/v1/${endpoint.name}`;
            let admission: Admission = { bodyLimit: cfg.MAX_BODY_BYTES };
            const head = {
              method: req.method ?? "GET",
              headers: flatHeaders(req),
              remoteAddress: req.socket.remoteAddress ?? "",
            };
            const limit = () => (admission = admitRequest(endpoint, head, env, bodyLimits)).bodyLimit;
            void serveNode(req, res, { limit, budget, errorHeaders: CORS_HEADERS }, (apiReq) =>
              serveEndpoint(endpoint, apiReq, admission).finally(() => (record.userId = apiReq.signedUserId)),
            );
          } else if (/^\/healthz(\?|$)/.test(url)) {
            record.route = "/healthz";
            void health(db(), req.method, replicaSet()?.state(), { needWrites: healthNeedsWrites(url) }).then((r) =>
              writeNodeResponse(res, r, req.method ?? "GET"),
            );
          } else if (cfg.METRICS_TOKEN && /^\/metrics(\?|$)/.test(url)) {
            record.route = "/metrics";
            const token = cfg.METRICS_TOKEN;
            void serveMetrics({ method: req.method ?? "GET", authorization: req.headers.authorization, token }).then(
              (r) => writeNodeResponse(res, r, req.method ?? "GET", req.headers["accept-encoding"]),
            );
          } else if (SPAWN_ROWS_PATH.test(url)) {
            record.route = "/spawn/rows.json";
            void serveNode(req, res, { limit: cfg.UNSIGNED_MAX_BODY_BYTES, budget }, (apiReq) =>
              spawnRowsReply(readDb(), apiReq),
            );
          } else {
            record.route = nextRoute(url.split("?", 1)[0]!);
            // The socket's address, for code Next.js runs (which never sees the socket); a
            // client cannot supply it, as any value it sent is replaced here.
            req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
            delete req.headers[NOT_FOUND_PATH_HEADER];
            // A page's notFound() or failure is real HTML, not an empty shell that needs JavaScript.
            // A page's write (a form's server action) moves this instance's reads past it.
            if (req.method !== "GET" && req.method !== "HEAD")
              res.once("finish", () => void replicaSet()?.currentLsn());
            serveWithErrorPages(req, res, (page, out) =>
              dev ? nextHandler(page, out) : servePage(readDb(), page, out, nextHandler),
            );
          }
        }),
    ),
  );
  // Bytes the HTTP parser refused never become requests (no id, no route): a debug line only.
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    log.debug(
      { code: err.code, client: (socket as { remoteAddress?: string }).remoteAddress },
      "request refused by the HTTP parser",
    );
    handleClientError(err, socket);
  });
  server.on(
    "checkExpectation",
    observeRequests(observe, (req, res, record) => {
      record.route = "(expectation failed)";
      handleExpectation(req, res);
    }),
  );
  const pulls =
    cfg.PULL_INTERVAL_SECONDS > 0
      ? startPullScheduler(db(), {
          intervalSeconds: cfg.PULL_INTERVAL_SECONDS,
          guard: { allowPrivate: cfg.PULL_ALLOW_PRIVATE_HOSTS },
          logger: log,
        })
      : null;
  // Development: Next.js's hot reload speaks over a WebSocket on this server.
  if (dev) {
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  }
  const webhooks = cfg.WEBHOOK_DELIVERY
    ? startDeliveryWorker(db(), {
        baseUrl: cfg.BASE_URL,
        guard: { allowPrivate: cfg.WEBHOOK_ALLOW_PRIVATE_HOSTS },
        retryScale: cfg.WEBHOOK_RETRY_SCALE,
        logger: log,
      })
    : null;
  // BACKUP_SCHEDULE: one instance of those sharing the database backs up at each tick.
  const backups = cfg.BACKUP_SCHEDULE
    ? startScheduledBackups(db(), {
        databaseUrl: cfg.DATABASE_URL,
        schedule: parseSchedule(cfg.BACKUP_SCHEDULE),
        dir: cfg.BACKUP_DIR,
        keep: cfg.BACKUP_KEEP,
        root,
        logger: log,
      })
    : null;
  server.keepAliveTimeout = 65_000;
  server.listen(cfg.PORT, cfg.HOSTNAME, () =>
    log.info(
      {
        step: "listen",
        address: cfg.HOSTNAME,
        port: cfg.PORT,
        base_url: cfg.BASE_URL,
        metrics: cfg.METRICS_TOKEN ? "/metrics (bearer token)" : "off",
      },
      `listening on http://${cfg.HOSTNAME}:${cfg.PORT} (BASE_URL ${cfg.BASE_URL})`,
    ),
  );
  const baseUrlUnset = baseUrlWarning(process.env, cfg);
  if (baseUrlUnset) log.warn({ step: "config", base_url: cfg.BASE_URL, address: cfg.HOSTNAME }, baseUrlUnset);
  // In the background: a large old database takes a while, and until a row is read it is
  // only left out of map- and item-filtered listings. A single query once every row is done.
  void backfillDocumentMaps(db()).then(
    (n) =>
      n > 0 &&
      log.info(
        { step: "backfill", documents: n },
        `maps and items read from the content of ${n} documents published before they were indexed`,
      ),
    (err: unknown) =>
      log.error(
        { step: "backfill", error: String(err) },
        "reading the maps of older documents failed (retried at the next start)",
      ),
  );
  void keepCurrentRevisions(db(), cfg.DOCUMENT_REVISIONS_KEEP).then(
    ({ kept, pruned }) =>
      (kept > 0 || pruned > 0) &&
      log.info(
        { step: "revisions", kept, pruned },
        `${kept} documents got their current content as a first kept revision; ${pruned} lost revisions beyond DOCUMENT_REVISIONS_KEEP`,
      ),
    (err: unknown) =>
      log.error(
        { step: "revisions", error: String(err) },
        "keeping documents' revisions failed (retried at the next start)",
      ),
  );

  // The trending window moves on every hour, downloads or not (lib/documents/unique-downloads.ts).
  const stopExpiry = startUniqueDownloadExpiry(db(), (err: unknown) =>
    log.warn({ step: "unique-downloads", error: String(err) }, "expiring last week's unique downloads failed"),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ step: "stop", signal }, `${signal}: finishing requests in flight`);
    const force = setTimeout(() => {
      log.error({ step: "stop" }, "requests still open after 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Connections busy now turn idle (keep-alive) when their reply is sent: sweep them.
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    server.close(() => {
      clearInterval(sweep);
      stopExpiry();
      // The unique downloads seen in the last second are written before the database closes.
      void Promise.all([
        pulls?.stop(),
        webhooks?.stop(),
        backups?.stop(),
        uniqueDownloads(db()).stop(),
        replicas?.stop(),
      ])
        .then(disconnectDb)
        .finally(() => {
          log.info({ step: "stop" }, "stopped");
          process.exit(0);
        });
    });
  };
  // `kill -USR2 <pid>`: where the memory is (heap, buffers, each cache), one JSON line.
  process.on("SIGUSR2", () => log.info({ step: "memory", memory: memoryReport() }, "memory report"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Test harnesses set this so a server never outlives a test run that crashed.
  if (process.env.BEACON_EXIT_WITH_PARENT === "1") {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && stop("parent exited"), 1000).unref();
  }
}

main().catch((err: unknown) => {
  // A bad configuration is told plainly (no logger exists yet); anything else as a log line.
  if (err instanceof ConfigError) console.error(err.message);
  else createLogger({ level: "fatal" }).fatal({ err }, "start failed");
  process.exit(1);
});
