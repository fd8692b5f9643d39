/**
 * Runtime configuration, read once from the environment (names: docs/CONTRACT.md#configuration).
 * Plain data: nothing here knows about Next.js or the database.
 */
import { z } from "zod";
import { parseSchedule } from "@/lib/db-backup/backup-schedule";

const booleanFlag = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, "must be an absolute http(s) URL")
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, "must start with file:, postgres:// or postgresql://")
    .default("file:./data/beacon.db"),
  // PostgreSQL hot standbys that serve public reads (lib/db/replicas.ts), comma-separated.
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u.length > 0),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "each must start with postgres:// or postgresql://")))
    .default([]),
  // A replica whose replay is further behind the primary than this is skipped (reads go to the primary).
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(1000),
  STEAM_API_URL: z.string().url().default("https://api.steampowered.com"),
  WORKSHOP_APP_ID: z.coerce.number().int().positive().default(346110),
  // ARK: Survival Ascended mods (lib/curseforge): the operator's CurseForge Core API key; unset, ASA mods cannot be confirmed.
  CURSEFORGE_API_KEY: z.string().min(1).optional(),
  CURSEFORGE_API_URL: z.string().url().default("https://api.curseforge.com"),
  // CurseForge's game id of ARK: Survival Ascended; projects of other games are "not found".
  CURSEFORGE_GAME_ID: z.coerce.number().int().positive().default(83374),
  // Lets CURSEFORGE_API_URL reach loopback and private addresses (tests' stand-in only).
  CURSEFORGE_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
  PULL_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(86400),
  PULL_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
  // Webhook deliveries may reach loopback and private addresses (tests only; lib/net/address-policy.ts).
  WEBHOOK_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
  // Multiplies the webhook retry schedule and the day after which a failing webhook is disabled (tests shorten it).
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  // Whether this instance delivers webhooks (every instance builds and claims its share; false: none here).
  WEBHOOK_DELIVERY: booleanFlag.default(true),
  AUTH_SECRET: z.string().min(16).optional(),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  // How recent a sign-in must be for the dashboard to change keys, recovery codes or tokens (lib/sign-in/fresh-signature.ts).
  FRESH_SIGNATURE_SECONDS: z.coerce.number().int().positive().default(600),
  // The body limit of the /v1 methods anyone may call unsigned (user registration, the ini check, reports, recovery).
  UNSIGNED_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  // Request-body bytes held at once by this process (lib/api/body-budget.ts); unset: 4 × MAX_BODY_BYTES.
  BODY_BYTES_IN_FLIGHT: z.coerce.number().int().positive().optional(),
  /** SQLite only: FULL keeps every acknowledged write through a power cut; NORMAL only through a process crash, with several times the write throughput */
  SQLITE_SYNCHRONOUS: z
    .enum(["FULL", "NORMAL", "full", "normal"])
    .default("FULL")
    .transform((v) => v.toUpperCase() as "FULL" | "NORMAL"),
  // Requests per minute on /v1/ (lib/rate-limit); 0 disables that limit.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(0).default(2400),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  // Reports (web form and POST /v1/report.php) per client address and per reporter and clock hour.
  RATE_LIMIT_REPORTS_PER_HOUR: z.coerce.number().int().min(0).default(20),
  // Behind a reverse proxy: the client is the last X-Forwarded-For address.
  TRUST_PROXY: booleanFlag.default(false),
  // Load the shipped base-game catalogue at start into a database that has none.
  BASE_CATALOGUE: booleanFlag.default(true),
  // Structured logs (lib/logging): pino's levels; JSON lines, or "pretty" for a terminal.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  // GET /metrics answers only a request bearing this token; unset: no /metrics at all.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (openssl rand -hex 32)")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  // Days the changes feed keeps changes (deletions included); older cursors are 410.
  CHANGES_RETENTION_DAYS: z.coerce.number().positive().default(90),
  // Revisions kept per document (lib/documents/revisions): the newest N; 0 keeps every one.
  // 50 by default, so storage is bounded (keeping every one, 300 updates kept 28 MiB for one document).
  DOCUMENT_REVISIONS_KEEP: z.coerce.number().int().min(0).default(50),
  // Scheduled backups (lib/db-backup/scheduled-backups.ts): an interval (6h) or a cron expression (UTC); unset: none.
  BACKUP_SCHEDULE: z
    .string()
    .superRefine((v, ctx) => {
      try {
        parseSchedule(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    })
    .optional(),
  // Where scheduled backups go, and how many of them are kept (the oldest removed once a new one is verified).
  BACKUP_DIR: z.string().min(1).default("./data/backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  // How V8 sizes the heap (lib/server/heap-mode.ts): compact keeps RSS low, fast trades memory for ~10 % CPU.
  HEAP_MODE: z.enum(["compact", "fast"]).default("compact"),
});

export type Config = Omit<z.infer<typeof schema>, "BASE_URL" | "STEAM_API_URL" | "CURSEFORGE_API_URL"> & {
  /** canonical external URL without trailing slash */
  BASE_URL: string;
  STEAM_API_URL: string;
  CURSEFORGE_API_URL: string;
  /** "sqlite" or "postgresql", from DATABASE_URL */
  provider: "sqlite" | "postgresql";
};

export class ConfigError extends Error {}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty variables as unset so `FOO= npm start` means "default".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.DATABASE_REPLICA_URLS.length > 0 && c.DATABASE_URL.startsWith("file:"))
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_REPLICA_URLS: read replicas are PostgreSQL standbys; DATABASE_URL must be PostgreSQL too",
    );
  return {
    ...c,
    BASE_URL: (c.BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    STEAM_API_URL: c.STEAM_API_URL.replace(/\/+$/, ""),
    CURSEFORGE_API_URL: c.CURSEFORGE_API_URL.replace(/\/+$/, ""),
    provider: c.DATABASE_URL.startsWith("file:") ? "sqlite" : "postgresql",
  };
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= readConfig();
  return cached;
}

/** Path of the SQLite file named by a `file:` URL (relative paths are from the cwd). */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:(\/\/)?/, "").replace(/\?.*$/, "");
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Said at start when BASE_URL is left to its default (http://localhost:$PORT) while the
 * server listens beyond loopback: clients elsewhere reach it by another address, sign
 * that address, and every signed request then fails with a 401.
 */
export function baseUrlWarning(env: Record<string, string | undefined>, cfg: Config): string | undefined {
  if (env.BASE_URL || LOOPBACK.test(cfg.HOSTNAME)) return undefined;
  return (
    `BASE_URL is not set, so signed requests must be signed for ${cfg.BASE_URL}, while the server listens on ` +
    `${cfg.HOSTNAME}: clients that reach it by another address (an IP address, a host name, a proxy) get 401s. ` +
    "Set BASE_URL to the address clients use."
  );
}
