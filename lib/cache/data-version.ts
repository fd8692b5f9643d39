/**
 * The current data_versions counter of a concept, read once per request so every
 * instance on a shared database notices every write (see prisma/models.prisma
 * DataVersion). Concurrent requests share one read in flight: a read never starts
 * before the request that asks for it, so nothing is staler than the request itself.
 */
import type { Db } from "@/lib/db/client";

const inFlight = new WeakMap<Db, Map<string, Promise<number>>>();

export function dataVersion(db: Db, name: string): Promise<number> {
  let pending = inFlight.get(db);
  if (!pending) inFlight.set(db, (pending = new Map()));
  const running = pending.get(name);
  if (running) return running;
  const read = db.dataVersion
    .findUnique({ where: { name }, select: { version: true } })
    .then((row) => row?.version ?? 0)
    .finally(() => pending.delete(name));
  pending.set(name, read);
  return read;
}
