/**
 * Values that exist once per process. server.ts and Next.js's server bundle each carry
 * their own copy of lib/ in one process, so a module-level variable would exist twice (two
 * database clients, two limiters each counting half): these live on globalThis under a
 * `beacon*` key, made by whichever copy asks first. Every key is in PROCESS_WIDE_KEYS and in
 * docs/ARCHITECTURE.md ("Process-wide state"); test/unit/process-wide.test.ts holds the
 * three together and finds any globalThis slot made without this module.
 */

export const PROCESS_WIDE_KEYS = [
  "beaconDb",
  "beaconDbInfo",
  "beaconWriteQueues",
  "beaconDownloadRounds",
  "beaconUniqueDownloads",
  "beaconDocumentContents",
  "beaconDataVersionReaders",
  "beaconCaches",
  "beaconCacheStats",
  "beaconRateLimiter",
  "beaconReportLimiter",
  "beaconWorkshop",
  "beaconCurseForge",
  "beaconMetrics",
  "beaconLogger",
  "beaconKeyLastUse",
  "beaconTokenLastUse",
  "beaconReplicas",
  "beaconReadContext",
  "beaconDiffThread",
] as const;

export type ProcessWideKey = (typeof PROCESS_WIDE_KEYS)[number];

const slots = globalThis as unknown as Partial<Record<ProcessWideKey, unknown>>;

/** The process's value under `key`, made by `make` the first time any copy asks. */
export function processWide<T>(key: ProcessWideKey, make: () => T): T {
  if (!(key in slots)) slots[key] = make();
  return slots[key] as T;
}

/** A value the process sets, reads and clears (the database client, the logger, the replicas). */
export function processSlot<T>(key: ProcessWideKey): { get(): T | undefined; set(value: T | undefined): void } {
  return {
    get: () => slots[key] as T | undefined,
    set: (value) => {
      slots[key] = value;
    },
  };
}
