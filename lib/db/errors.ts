/**
 * Recognising database failures without depending on one engine's error classes.
 * Prisma wraps driver errors; their codes (Pxxxx, SQLSTATE, SQLite codes) are kept.
 */
function codes(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const o = e as { code?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } };
    if (typeof o.code === "string") out.push(o.code);
    const adapterCause = o.meta?.driverAdapterError?.cause;
    if (adapterCause?.kind) out.push(adapterCause.kind);
    if (adapterCause?.originalCode) out.push(adapterCause.originalCode);
    e = o.cause;
  }
  return out;
}

/** A unique constraint refused the write (Prisma P2002, PostgreSQL 23505, SQLite). */
export function isUniqueViolation(err: unknown): boolean {
  return codes(err).some((c) => c === "P2002" || c === "23505" || c === "UniqueConstraintViolation" || c === "SQLITE_CONSTRAINT_UNIQUE" || c === "SQLITE_CONSTRAINT_PRIMARYKEY");
}

const UNAVAILABLE = new Set(["P1001", "P1002", "P1017", "ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "SQLITE_BUSY", "SQLITE_CANTOPEN"]);

export function isDatabaseUnavailable(err: unknown): boolean {
  return codes(err).some((c) => UNAVAILABLE.has(c));
}
