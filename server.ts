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
import { serveNode, writeNodeResponse, type RequestHead } from "@/lib/api/node-adapter";
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
import { startJobs, stopJobs, type JobSpec, type RunningJob, type Stoppable } from "@/lib/server/jobs";
import { fixedRoute, routeRequest, type Route, type Served } from "@/lib/server/route-table";
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

type Config = ReturnType<typeof config>;

/** The process's settings before anything starts: heap, logger, the session secret. */
function configureProcess(): { cfg: Config; log: Logger } {
  const cfg = config();
  applyHeapMode(cfg.HEAP_MODE);
  const log = createLogger({ level: cfg.LOG_LEVEL, format: cfg.LOG_FORMAT });
  setLogger(log);
  captureConsole(log);
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  const dataDir = cfg.provider === "sqlite" ? dirname(sqlitePath(cfg.DATABASE_URL)) : join(root, "data");
  ensureAuthSecret(dataDir);
  return { cfg, log };
}

/** The build (unless in development), the migrations, the database's metrics and the read replicas. */
async function prepareDatabase(cfg: Config, log: Logger, dev: boolean) {
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
  return replicas;
}

/** The base game's catalogue, loaded while Next.js prepares: a server answering /healthz has it. */
function loadCatalogue(cfg: Config, log: Logger): Promise<unknown> {
  if (!cfg.BASE_CATALOGUE)
    return Promise.resolve(log.info({ step: "base_catalogue" }, "base catalogue: skipped (BASE_CATALOGUE=false)"));
  return loadBaseCatalogue(db(), {
    root,
    // A load that failed is served around, not fatal: a warning an operator can alert on.
    log: (line) =>
      /NOT LOADED/.test(line) ? log.warn({ step: "base_catalogue" }, line) : log.info({ step: "base_catalogue" }, line),
  });
}

/** What every /v1 endpoint is given: the keys, tokens, replays, suspensions and limits of this database. */
function endpointEnv(cfg: Config): EndpointEnv {
  return {
    baseUrl: cfg.BASE_URL,
    findPublicKey: (id) => findPublicKey(db(), id),
    findKeySet: (id) => findKeySet(db(), id),
    keyUsed: (id, pem) => recordKeyUse(db(), id, pem),
    authenticateToken: (token) => authenticateToken(db(), token),
    refuseWriter: (id) => refuseSuspendedWriter(db(), id),
    rememberSignature: (hash, until) => rememberSignatureIn(db(), hash, until),
    rateLimits: serviceApiRateLimits(cfg),
  };
}

/**
 * A v1 request. One that read from a replica which stopped answering is run again on the
 * primary (only reads go to replicas, and they change nothing). A write's reply says the
 * WAL position its commit reached, for the client's next reads on any instance.
 */
async function serveEndpoint(
  endpoint: (typeof v1Endpoints)[number],
  apiReq: ApiRequest,
  env: EndpointEnv,
  admission: Admission,
) {
  let reply = await handleEndpoint(endpoint, apiReq, env, admission);
  if (reply.status >= 500 && (await replicaGone())) reply = await handleEndpoint(endpoint, apiReq, env, admission);
  const writes = replicaSet();
  if (writes && !["GET", "HEAD", "OPTIONS"].includes(apiReq.method) && reply.status < 500) {
    const lsn = await writes.currentLsn();
    if (lsn !== null) Object.assign(reply.headers, readAfterHeaders(lsn));
  }
  return reply;
}

/** Every address the server answers, first match first; Next.js's pages last. */
function serverRoutes(cfg: Config, dev: boolean, app: ReturnType<typeof next>): Route[] {
  const env = endpointEnv(cfg);
  const byName = new Map(v1Endpoints.map((e) => [e.name, e]));
  const endpointOf = (url: string) => byName.get(/^\/v1\/([^/?]+)/.exec(url)?.[1] ?? "");
  const budget = bodyBudget(cfg.BODY_BYTES_IN_FLIGHT ?? 4 * cfg.MAX_BODY_BYTES);
  const bodyLimits = { signed: cfg.MAX_BODY_BYTES, unsigned: cfg.UNSIGNED_MAX_BODY_BYTES };
  const nextHandler = app.getRequestHandler();
  const nextRoute = buildRouteLabeler(root);
  const serveNextPage: Served["serve"] = (req, res) => {
    // The socket's address, for code Next.js runs (which never sees the socket); a
    // client cannot supply it, as any value it sent is replaced here.
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    delete req.headers[NOT_FOUND_PATH_HEADER];
    // A page's notFound() or failure is real HTML, not an empty shell that needs JavaScript.
    // A page's write (a form's server action) moves this instance's reads past it.
    if (req.method !== "GET" && req.method !== "HEAD") res.once("finish", () => void replicaSet()?.currentLsn());
    serveWithErrorPages(req, res, (page, out) =>
      dev ? nextHandler(page, out) : servePage(readDb(), page, out, nextHandler),
    );
  };
  return [
    (url) => {
      const endpoint = endpointOf(url);
      if (!endpoint) return null;
      return {
        label: `/v1/${endpoint.name}`,
        serve(req, res, record) {
          let admission: Admission = { bodyLimit: cfg.MAX_BODY_BYTES };
          const limit = (head: RequestHead) => (admission = admitRequest(endpoint, head, env, bodyLimits)).bodyLimit;
          void serveNode(req, res, { limit, budget, errorHeaders: CORS_HEADERS }, (apiReq) =>
            serveEndpoint(endpoint, apiReq, env, admission).finally(() => (record.userId = apiReq.signedUserId)),
          );
        },
      };
    },
    fixedRoute(/^\/healthz(\?|$)/, "/healthz", (req, res) => {
      const url = req.url ?? "/";
      void health(db(), req.method, replicaSet()?.state(), { needWrites: healthNeedsWrites(url) }).then((r) =>
        writeNodeResponse(res, r, req.method ?? "GET"),
      );
    }),
    ...(cfg.METRICS_TOKEN
      ? [
          fixedRoute(/^\/metrics(\?|$)/, "/metrics", (req, res) => {
            const token = cfg.METRICS_TOKEN!;
            void serveMetrics({ method: req.method ?? "GET", authorization: req.headers.authorization, token }).then(
              (r) => writeNodeResponse(res, r, req.method ?? "GET", req.headers["accept-encoding"]),
            );
          }),
        ]
      : []),
    fixedRoute(SPAWN_ROWS_PATH, "/spawn/rows.json", (req, res) => {
      void serveNode(req, res, { limit: cfg.UNSIGNED_MAX_BODY_BYTES, budget }, (apiReq) =>
        spawnRowsReply(readDb(), apiReq),
      );
    }),
    (url) => ({ label: nextRoute(url.split("?", 1)[0]!), serve: serveNextPage }),
  ];
}

/** The background jobs, each on when its setting says so, all stopped at shutdown (lib/server/jobs.ts). */
function serverJobs(cfg: Config, log: Logger, replicas: Stoppable | null): JobSpec[] {
  return [
    {
      name: "pulls",
      enabled: cfg.PULL_INTERVAL_SECONDS > 0,
      start: () =>
        startPullScheduler(db(), {
          intervalSeconds: cfg.PULL_INTERVAL_SECONDS,
          guard: { allowPrivate: cfg.PULL_ALLOW_PRIVATE_HOSTS },
          logger: log,
        }),
    },
    {
      name: "webhooks",
      enabled: cfg.WEBHOOK_DELIVERY,
      start: () =>
        startDeliveryWorker(db(), {
          baseUrl: cfg.BASE_URL,
          guard: { allowPrivate: cfg.WEBHOOK_ALLOW_PRIVATE_HOSTS },
          retryScale: cfg.WEBHOOK_RETRY_SCALE,
          logger: log,
        }),
    },
    {
      // BACKUP_SCHEDULE: one instance of those sharing the database backs up at each tick.
      name: "backups",
      enabled: Boolean(cfg.BACKUP_SCHEDULE),
      start: () =>
        startScheduledBackups(db(), {
          databaseUrl: cfg.DATABASE_URL,
          schedule: parseSchedule(cfg.BACKUP_SCHEDULE!),
          dir: cfg.BACKUP_DIR,
          keep: cfg.BACKUP_KEEP,
          root,
          logger: log,
        }),
    },
    {
      // The trending window moves on every hour, downloads or not (lib/documents/unique-downloads.ts).
      name: "unique-download-expiry",
      enabled: true,
      start: () => ({
        stop: startUniqueDownloadExpiry(db(), (err: unknown) =>
          log.warn({ step: "unique-downloads", error: String(err) }, "expiring last week's unique downloads failed"),
        ),
      }),
    },
    // The unique downloads seen in the last second are written before the database closes.
    { name: "unique-downloads", enabled: true, start: () => uniqueDownloads(db()) },
    { name: "replicas", enabled: replicas !== null, start: () => replicas! },
  ];
}

/** Once per start, in the background: a large old database takes a while, and nothing waits for it. */
function runStartupTasks(cfg: Config, log: Logger): void {
  // Until a row is read it is only left out of map- and item-filtered listings.
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
}

/** The HTTP server: the route table behind request observation, and what the parser refuses. */
function createServer(cfg: Config, log: Logger, dev: boolean, app: ReturnType<typeof next>): http.Server {
  const routes = serverRoutes(cfg, dev, app);
  const observe = { logger: log, trustProxy: cfg.TRUST_PROXY };
  const server = http.createServer(
    observeRequests(
      observe,
      (req, res, record) => void withReads(readRequestOf(req), () => routeRequest(routes, req, res, record)),
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
  // Development: Next.js's hot reload speaks over a WebSocket on this server.
  if (dev) {
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  }
  server.keepAliveTimeout = 65_000;
  return server;
}

function listen(server: http.Server, cfg: Config, log: Logger): void {
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
}

/**
 * SIGTERM and SIGINT: stop accepting, let requests in flight finish (10 s at most), stop
 * every job, close the database, exit 0. SIGUSR2: one JSON line of where the memory is.
 */
function stopOnSignals(server: http.Server, jobs: RunningJob[], log: Logger): void {
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
      void stopJobs(jobs, (job, err) => log.error({ step: "stop", job, error: String(err) }, `${job}: stopping failed`))
        .then(disconnectDb)
        .finally(() => {
          log.info({ step: "stop" }, "stopped");
          process.exit(0);
        });
    });
  };
  process.on("SIGUSR2", () => log.info({ step: "memory", memory: memoryReport() }, "memory report"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Test harnesses set this so a server never outlives a test run that crashed.
  if (process.env.BEACON_EXIT_WITH_PARENT === "1") {
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && stop("parent exited"), 1000).unref();
  }
}

async function main(): Promise<void> {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const dev = process.argv.includes("--dev");
  const { cfg, log } = configureProcess();
  const replicas = await prepareDatabase(cfg, log, dev);
  const app = next({ dev, dir: root, hostname: cfg.HOSTNAME, port: cfg.PORT });
  await Promise.all([app.prepare(), loadCatalogue(cfg, log)]);
  const server = createServer(cfg, log, dev, app);
  const jobs = startJobs(serverJobs(cfg, log, replicas));
  listen(server, cfg, log);
  runStartupTasks(cfg, log);
  stopOnSignals(server, jobs, log);
}

main().catch((err: unknown) => {
  // A bad configuration is told plainly (no logger exists yet); anything else as a log line.
  if (err instanceof ConfigError) console.error(err.message);
  else createLogger({ level: "fatal" }).fatal({ err }, "start failed");
  process.exit(1);
});
