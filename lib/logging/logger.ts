/**
 * The server's one logger (pino): JSON lines on stdout, one object per event, that a log
 * shipper can parse; `LOG_FORMAT=pretty` renders the same events for a person at a
 * terminal (pino-pretty, loaded only then), `LOG_LEVEL` filters them. Lines carry an ISO
 * time and the level by name ("info"), so they read without a lookup table.
 *
 * What never goes into a line: signatures, Authorization headers, keys, cookies, query
 * secrets and document content. Nothing here logs requests' headers or bodies at all;
 * callers pass the fields they mean (lib/server/observe-requests.ts), and the redaction below
 * is a second line of defence for a careless `logger.info({ req })`.
 */
import { processSlot } from "@/lib/process/process-wide";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "@/lib/config";

export type { Logger };

export interface LoggerOptions {
  level?: Config["LOG_LEVEL"];
  format?: Config["LOG_FORMAT"];
  /** where lines go; stdout by default */
  destination?: DestinationStream;
}

const REDACT = [
  "authorization",
  "cookie",
  "*.authorization",
  "*.cookie",
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  "*.privateKey",
  "*.private_key",
  "*.body",
];

/** pino-pretty's rendering, written to `destination` (stdout by default). */
function prettyStream(destination?: DestinationStream): DestinationStream {
  // Synchronous require: the logger must exist before the first start-up step logs.
  const pretty = createRequire(import.meta.url)("pino-pretty") as (
    options: Record<string, unknown>,
  ) => DestinationStream;
  const colorize = destination === undefined && process.stdout.isTTY === true;
  return pretty({
    colorize,
    sync: true,
    translateTime: "SYS:yyyy-mm-dd HH:MM:ss.l",
    ignore: "pid,hostname",
    destination: destination ?? 1,
  });
}

/**
 * stdout, written once per turn of the event loop: the lines logged in one turn leave in
 * one write instead of one each. A group commit answers all its requests in the same
 * turn, so under load one write carries many request lines; a write per line was 7 % of
 * a signed POST's server CPU (two syscalls' worth of the profile, writeString and
 * writeLatin1String). A line waits at most until the turn ends; an error or fatal line
 * is written at once with everything before it, and so is what is waiting when the
 * process exits, so a crash's last words are never held back.
 */
export function turnBufferedStdout(
  sink: { write(text: string): unknown; flushSync(): void } = pino.destination({ dest: 1, sync: true }),
): DestinationStream & { flushSync(): void } {
  let waiting: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const text = waiting.join("");
    waiting = [];
    sink.write(text);
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      waiting.push(line);
      if (/^\{"level":"(error|fatal)"/.test(line)) return flush();
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flushSync() {
      flush();
      sink.flushSync();
    },
  };
}

/**
 * Writes out what `log` holds back for the turn's end, now: before a synchronous step
 * (the first start's `next build`, minutes of a blocked event loop), so the line that
 * announces it is read before it runs, not after.
 */
export function flushLog(log: Logger): void {
  const stream = (log as unknown as Record<symbol, { flushSync?: () => void } | undefined>)[pino.symbols.streamSym];
  stream?.flushSync?.();
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const destination =
    options.format === "pretty" ? prettyStream(options.destination) : (options.destination ?? turnBufferedStdout());
  return pino(
    {
      level: options.level ?? "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[redacted]" },
    },
    destination,
  );
}

const installed = processSlot<Logger>("beaconLogger");

/**
 * The process's logger. The server installs one built from its configuration at start
 * (setLogger); code that logs without being handed a logger (the error translator, the
 * health check, a pull that fails inside the service) uses it. Kept on globalThis so
 * Next.js's bundled copy of lib/ shares it. Processes that install none (the operator
 * scripts and the CLI, `next dev`) are read by people: there it is pretty unless
 * LOG_FORMAT=json asks otherwise.
 */
export function logger(): Logger {
  let current = installed.get();
  if (!current) {
    current = createLogger({
      level: levelOf(process.env.LOG_LEVEL),
      format: process.env.LOG_FORMAT === "json" ? "json" : "pretty",
    });
    installed.set(current);
  }
  return current;
}

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** A valid level from the environment, else "info" (the server validates it properly in lib/config.ts). */
function levelOf(value: string | undefined): Config["LOG_LEVEL"] {
  return value && LEVELS.has(value) ? (value as Config["LOG_LEVEL"]) : "info";
}

export function setLogger(next: Logger): void {
  installed.set(next);
}
