/**
 * A lock held until the end of the current transaction, keyed by a string. PostgreSQL
 * gets an advisory transaction lock, so app instances sharing one database take turns;
 * SQLite needs none because it runs one write transaction at a time.
 */
import { providerOf, type Tx } from "@/lib/db/client";

export async function lockForTransaction(tx: Tx, key: string): Promise<void> {
  if (providerOf(tx) !== "postgresql") return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}::text))`;
}

/**
 * lockForTransaction for a check-then-write that other processes must not interleave:
 * on SQLite it also takes the write lock now (a no-op UPDATE), so a second process
 * waits here instead of reading before the first commits and failing to write after.
 */
export async function lockForCheckThenWrite(tx: Tx, key: string): Promise<void> {
  if (providerOf(tx) === "postgresql") return lockForTransaction(tx, key);
  await tx.$executeRaw`UPDATE engrams SET uid = uid WHERE 0 = 1`;
}
