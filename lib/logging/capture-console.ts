/**
 * The server's stdout must be JSON lines only, or a log shipper chokes on the first
 * plain one. Next.js and libraries write through console (Next.js's "✓ Ready",
 * rendering errors with their digest); once the server has its logger, console's
 * methods write through it instead: the same text as `msg`, at the matching level,
 * marked `source: "console"`, an Error argument kept as `err` with its stack.
 */
import { format, stripVTControlCharacters } from "node:util";
import type { Logger } from "@/lib/logging/logger";

type Level = "debug" | "info" | "warn" | "error";

const METHODS: [keyof Console & string, Level][] = [
  ["debug", "debug"],
  ["trace", "debug"],
  ["log", "info"],
  ["info", "info"],
  ["warn", "warn"],
  ["error", "error"],
];

export function captureConsole(logger: Logger): void {
  for (const [method, level] of METHODS) {
    (console as unknown as Record<string, (...args: unknown[]) => void>)[method] = (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      // Next.js colours its own lines; a log line has no use for terminal escapes.
      const msg = stripVTControlCharacters(format(...args));
      logger[level]({ source: "console", ...(err ? { err } : {}) }, msg);
    };
  }
}
