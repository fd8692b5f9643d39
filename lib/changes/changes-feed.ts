/**
 * The body of a changes feed reply. Pages of a full read (the catalogue as it is, what
 * most new clients ask first) are the same for every client while the catalogue does
 * not change: they are kept prepared (bytes, ETag, gzip and brotli) until the data
 * version of engrams, creatures or mods moves or the log's horizon does. Pages of
 * changes are cheap and differ by cursor: made per request.
 */
import { bodyBytes, prepareBody, type CachedBody } from "@/lib/cache/cached-body";
import { dataVersion } from "@/lib/cache/data-version";
import { sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { readHorizon } from "@/lib/changes/change-log";
import { decodeCursor } from "@/lib/changes/cursor";
import { readChanges, type ReadChangesOptions } from "@/lib/changes/read-changes";

const fullPages = sharedCache<CachedBody>("changes_pages", { maxBytes: 16 << 20, sizeOf: bodyBytes });

export async function changesFeedBody(db: Db, options: ReadChangesOptions): Promise<CachedBody | string> {
  const fullRead =
    options.since === undefined && (options.cursor === undefined || decodeCursor(options.cursor).full !== undefined);
  if (!fullRead) return JSON.stringify(await readChanges(db, options));
  const [versions, horizon] = await Promise.all([
    Promise.all(["engrams", "creatures", "mods"].map((name) => dataVersion(db, name))),
    readHorizon(db, (options.now ?? Date.now()) - options.retentionDays * 86_400_000),
  ]);
  // Each only grows, so their sum moves whenever one does.
  const version = versions.reduce((a, b) => a + b, 0);
  const key = `${horizon.position.txid}.${horizon.position.id}|${options.cursor ?? ""}|${options.limit}|${options.game ?? ""}`;
  return fullPages.get(key, version, async () => prepareBody(JSON.stringify(await readChanges(db, options))));
}
