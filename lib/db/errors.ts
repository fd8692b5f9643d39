/**
 * Recognising database failures without depending on one engine's error classes.
 * Prisma wraps driver errors; their codes (Pxxxx, SQLSTATE, SQLite codes) are kept.
 */
function chain(err: unknown): { codes: string[]; messages: string[] } {
  const out: string[] = [];
  const messages: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const o = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } };
    };
    if (typeof o.code === "string") out.push(o.code);
    if (typeof o.message === "string") messages.push(o.message);
    const adapterCause = o.meta?.driverAdapterError?.cause;
    if (adapterCause?.kind) out.push(adapterCause.kind);
    if (adapterCause?.originalCode) out.push(adapterCause.originalCode);
    e = o.cause;
  }
  return { codes: out, messages };
}

const codes = (err: unknown) => chain(err).codes;

/** A unique constraint refused the write (Prisma P2002, PostgreSQL 23505, SQLite). */
export function isUniqueViolation(err: unknown): boolean {
  return codes(err).some(
    (c) =>
      c === "P2002" ||
      c === "23505" ||
      c === "UniqueConstraintViolation" ||
      c === "SQLITE_CONSTRAINT_UNIQUE" ||
      c === "SQLITE_CONSTRAINT_PRIMARYKEY",
  );
}

// 57P01-57P03: administrator/crash shutdown, cannot connect now; 08xxx: connection
// exceptions; 53300: too many connections.
const UNAVAILABLE = new Set([
  "P1001",
  "P1002",
  "P1017",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
]);

// node-postgres reports a dropped or broken connection with a message and no code; seen
// when PostgreSQL is stopped under load (test/api/crash-safety.test.ts).
const UNAVAILABLE_MESSAGES = [
  /Client has encountered a connection error and is not queryable/,
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /the database system is (shutting down|starting up|in recovery mode)/,
  /terminating connection due to administrator command/,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  const { codes: found, messages } = chain(err);
  return found.some((c) => UNAVAILABLE.has(c)) || messages.some((m) => UNAVAILABLE_MESSAGES.some((re) => re.test(m)));
}

// 40P01 deadlock_detected, 40001 serialization_failure; Prisma's P2034 ("write conflict or
// a deadlock"). PostgreSQL aborted this transaction so a concurrent one could finish:
// nothing of it was kept and retrying it is what the database asks for. Group commit
// retries such a write itself (lib/db/group-commit.ts); one that still fails is a 503.
const CONCURRENCY = new Set(["40P01", "40001", "P2034", "TransactionWriteConflict"]);

export function isConcurrencyFailure(err: unknown): boolean {
  return codes(err).some((c) => CONCURRENCY.has(c));
}

/**
 * PostgreSQL refused a NUL character in text (22021, "invalid byte sequence for encoding
 * UTF8: 0x00") or in jsonb (22P05). Inputs are checked before they reach the database
 * (lib/api/json-limits.ts); this is the backstop that keeps one that slipped through a 400.
 */
export function isNulInText(err: unknown): boolean {
  const { codes: found, messages } = chain(err);
  return (
    found.some((c) => c === "22021" || c === "22P05") ||
    messages.some((m) => /invalid byte sequence for encoding "UTF8": 0x00|unsupported Unicode escape sequence/.test(m))
  );
}
