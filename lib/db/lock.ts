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
