/**
 * GET /v1/changes.php (docs/CONTRACT.md#changes): one page of the changes feed.
 *
 * Why following `cursor` never misses a change, nor serves one twice after it:
 *
 * - Triggers write a row to `changes` in the same transaction as every change to an
 *   engram, a creature or a confirmed mod (migration 20261124210000_changes), so a row
 *   exists exactly when its change committed, and cascades are logged like the rest.
 * - A position is (txid, id), and rows are read in that order after the cursor's.
 *   SQLite: txid is 0 and there is one writer at a time, so ids are handed out in commit
 *   order and every snapshot holds a prefix of them. PostgreSQL: ids (and timestamps)
 *   are handed out at insert and committed in another order, so reading by id could step
 *   past a row that commits later. Instead each row carries its transaction's id, and a
 *   read serves only rows whose txid is below the xmin of its own snapshot: every such
 *   transaction has ended (its rows are visible to this read, or rolled back), and every
 *   transaction that has not yet started will get a larger txid. So no row can ever
 *   appear behind a position a reader was given; rows of transactions still running wait
 *   for the next read. The cost: a long transaction anywhere on the server holds the
 *   feed back (never loses a change) until it ends.
 * - Rows name what changed; a page serves each object's state as it is when the page is
 *   read (read after the rows, so never older than them): present, its structure; gone,
 *   an expired record. A later change has a later row and is served again, so applying
 *   pages in order ends at the database's state.
 * - A full read (no cursor, no time) first fixes its position (the tail below xmin),
 *   then lists the catalogue in key order over as many pages as needed, then continues
 *   from that position: whatever changed meanwhile is served again.
 * - Retention: rows older than CHANGES_RETENTION_DAYS are deleted and the horizon moved
 *   past them in one transaction (change-log.ts pruneLog); a cursor below the horizon is
 *   410 (checked again after reading, in case another instance pruned meanwhile).
 *   A `changes_since` below it is answered as a full read (`is_full: true`), as the
 *   original service answers a client that last synced long ago: such a client reads
 *   everything once instead of failing, and follows the cursor it hands back.
 *
 * `changes_since` (the original's time parameter) serves the changes made at or after
 * the time, then hands out a cursor. A time cannot be exact: a change made just before
 * it whose transaction committed after the client's previous read is missed, as in the
 * original. Clients that must not miss anything follow `cursor`.
 */
import { ApiError } from "@/lib/api/errors";
import { findInChunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { readHorizon, pruneLog, readLog, type ChangeRow, type Horizon } from "@/lib/changes/change-log";
import type { ChangeGroup, ChangesPage, ExpiredRecord, FeedMod } from "@/lib/changes/changes-page";
import {
  comparePositions,
  decodeCursor,
  encodeCursor,
  SECTIONS,
  type Cursor,
  type Position,
  type Section,
} from "@/lib/changes/cursor";
import { formatLastUpdated } from "@/lib/documents/document-json";
import type { CreatureJson } from "@/lib/engrams/creature-json";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { findItemsByUid, itemsAfter } from "@/lib/engrams/find-engrams";
import { V1_GAME, type Game } from "@/lib/catalogue/game";

export interface ReadChangesOptions {
  /** as the client sent it; undefined: none */
  cursor?: string;
  /** changes_since, ms */
  since?: number;
  limit: number;
  retentionDays: number;
  /** ms; tests only */
  now?: number;
  /** the game whose changes to serve (the extension `game`); ASE when absent */
  game?: Game;
}

const DAY_MS = 86_400_000;

function gone(message: string, details: unknown): ApiError {
  return new ApiError("gone", message, details);
}

function emptyPage(position: Position, isFull: boolean): ChangesPage {
  const cursor = encodeCursor({ position });
  return {
    timestamp: formatLastUpdated(new Date(position.at)),
    cursor,
    next_cursor: null,
    is_full: isFull,
    engrams: [],
    creatures: [],
    mods: [],
    expired_records: [],
  };
}

const later = (a: Position, b: Position | null) => (b !== null && comparePositions(b, a) > 0 ? b : a);

/** The horizon, after deleting what is older than the retention allows. */
async function currentHorizon(db: Db, cutoff: number): Promise<Horizon> {
  const horizon = await readHorizon(db, cutoff);
  if (!horizon.stale) return horizon;
  await pruneLog(db, cutoff);
  return readHorizon(db, cutoff);
}

function requireKept(position: Position, horizon: Horizon): void {
  if (comparePositions(position, horizon.position) < 0) {
    throw gone("This cursor is older than the changes this server keeps; start again without one (a full read).", {
      cursor_timestamp: formatLastUpdated(new Date(position.at)),
    });
  }
}

export async function readChanges(db: Db, options: ReadChangesOptions): Promise<ChangesPage> {
  const cutoff = (options.now ?? Date.now()) - options.retentionDays * DAY_MS;
  const cursor = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const horizon = await currentHorizon(db, cutoff);
  if (cursor) requireKept(cursor.position, horizon);
  // A time before what is kept cannot say what changed since: everything is served instead.
  const since =
    options.since !== undefined && options.since >= Math.max(horizon.since, cutoff) ? options.since : undefined;
  const game = options.game ?? V1_GAME;
  if (cursor?.full) return fullPage(db, cursor.position, cursor.full, options.limit, game);
  if (!cursor && since === undefined) {
    // Where the full read's changes will continue from: fixed before anything is listed.
    const { tail } = await readLog(db, { after: horizon.position, limit: 0, game });
    return fullPage(db, later(horizon.position, tail), { section: SECTIONS[0], after: "" }, options.limit, game);
  }
  const after = cursor?.position ?? horizon.position;
  const log = await readLog(db, { after, since, limit: options.limit + 1, game });
  // Another instance may have pruned between the checks above and the read.
  if (cursor) requireKept(cursor.position, await readHorizon(db, cutoff));
  return logPage(db, after, log.rows, log.tail, options.limit, game);
}

/** The objects named by these rows as they are now: present ones, and expired records for the rest. */
async function logPage(
  db: Db,
  after: Position,
  rows: ChangeRow[],
  tail: Position | null,
  limit: number,
  game: Game,
): Promise<ChangesPage> {
  const more = rows.length > limit;
  const taken = rows.slice(0, limit);
  // Caught up: stand on the tail (rows skipped by changes_since are behind it too).
  const position = more ? taken.at(-1)!.position : later(taken.at(-1)?.position ?? after, tail);
  const page = emptyPage(position, false);
  if (more) page.next_cursor = page.cursor;
  // Each object once, in the order of its last change.
  const last = new Map<string, ChangeRow>();
  for (const row of taken) {
    const key = `${row.group}:${row.objectId}`;
    last.delete(key);
    last.set(key, row);
  }
  const ids = (group: ChangeGroup) => [...last.values()].filter((r) => r.group === group).map((r) => r.objectId);
  const [engrams, creatures, mods] = await Promise.all([
    findItemsByUid(db, "engrams", ids("engrams"), game),
    findItemsByUid(db, "creatures", ids("creatures"), game),
    confirmedMods(db, { in: ids("mods") }, game),
  ]);
  const present = new Map<string, EngramJson | CreatureJson | FeedMod>([
    ...engrams.map((e) => [`engrams:${e.uid}`, e] as const),
    ...creatures.map((c) => [`creatures:${c.uid}`, c] as const),
    ...mods.map((m) => [`mods:${m.mod_id}`, m] as const),
  ]);
  for (const [key, row] of last) {
    const now = present.get(key);
    if (now === undefined)
      page.expired_records.push({
        group: row.group,
        object_id: row.objectId,
        label: row.label,
      } satisfies ExpiredRecord);
    else if (row.group === "mods") page.mods.push(now as FeedMod);
    else if (row.group === "engrams") page.engrams.push(now as EngramJson);
    else page.creatures.push(now as CreatureJson);
  }
  return page;
}

/** Confirmed mods with these ids (500 a query), or the next `take` after a key in id order. */
async function confirmedMods(
  db: Db,
  keys: { in: string[] } | { after: string; take: number },
  game: Game,
): Promise<FeedMod[]> {
  const select = { workshopId: true, name: true } as const;
  const rows =
    "in" in keys
      ? await findInChunks(keys.in, (part) =>
          db.modRegistration.findMany({ where: { confirmedModId: { in: part }, game }, select }),
        )
      : await db.modRegistration.findMany({
          where: { confirmedModId: keys.after === "" ? { not: null } : { gt: keys.after }, game },
          select,
          orderBy: { confirmedModId: "asc" },
          take: keys.take,
        });
  return rows.map((m) => ({ mod_id: m.workshopId, name: m.name, confirmed: true }));
}

/** The next part of the catalogue after the cursor, in section and key order. */
async function fullPage(
  db: Db,
  position: Position,
  full: NonNullable<Cursor["full"]>,
  limit: number,
  game: Game,
): Promise<ChangesPage> {
  const page = emptyPage(position, true);
  let remaining = limit;
  let index = SECTIONS.indexOf(full.section);
  let after = full.after;
  for (; index < SECTIONS.length; index++, after = "") {
    const section: Section = SECTIONS[index]!;
    // One more than fits tells whether the section goes on.
    const keys: string[] = [];
    let more: boolean;
    if (section === "mods") {
      const found = await confirmedMods(db, { after, take: remaining + 1 }, game);
      more = found.length > remaining;
      page.mods.push(...found.slice(0, remaining));
      keys.push(...page.mods.map((m) => m.mod_id));
    } else {
      const found = await itemsAfter(db, section, after, remaining + 1, game);
      more = found.length > remaining;
      const list: (EngramJson | CreatureJson)[] = section === "engrams" ? page.engrams : page.creatures;
      list.push(...(found.slice(0, remaining) as typeof list));
      keys.push(...list.map((e) => e.uid));
    }
    remaining = limit - page.mods.length - page.engrams.length - page.creatures.length;
    if (more) {
      page.cursor = page.next_cursor = encodeCursor({ position, full: { section, after: keys.at(-1) ?? after } });
      return page;
    }
  }
  // Listed to the end: what changed meanwhile follows from the full read's position.
  if ((await readLog(db, { after: position, limit: 1, game })).rows.length > 0) page.next_cursor = page.cursor;
  return page;
}
