/**
 * The change log's SQL on each engine (the rows are written by triggers: the
 * 20261124210000_changes migrations). Positions are (txid, id) with their row's time;
 * see read-changes.ts for why reading them in this order cannot miss a change.
 */
import { V1_GAME, type Game } from "@/lib/catalogue/game";
import { providerOf, type Db, type Tx } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import type { ChangeGroup } from "@/lib/changes/changes-page";
import { comparePositions, type Position } from "@/lib/changes/cursor";

export interface ChangeRow {
  position: Position;
  group: ChangeGroup;
  objectId: string;
  label: string;
  deleted: boolean;
}

export interface Horizon {
  /** every change at or before it may have been deleted */
  position: Position;
  /** ms: changes made before it may be missing */
  since: number;
  /** some change is older than the retention cutoff asked about */
  stale: boolean;
}

type Raw = { id: number | bigint; txid: number | bigint | string; changed_at: Date | string };
type RawChange = Raw & { kind: string; object_id: string; label: string; deleted: boolean | number | bigint };

function ms(v: Date | string): number {
  if (v instanceof Date) return v.getTime();
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(" ", "T")}Z`);
}

const positionOf = (r: Raw): Position => ({ txid: String(r.txid), id: Number(r.id), at: ms(r.changed_at) });

/**
 * On PostgreSQL only rows of transactions below the xmin of this statement's snapshot:
 * every such transaction has ended (its rows are visible now or never will be) and no
 * transaction can begin with a lower id. SQLite has one writer, so every visible row is
 * final and ids are in commit order.
 */
function belowXmin(db: Db | Tx): string {
  return providerOf(db) === "postgresql" ? `AND "txid" < pg_snapshot_xmin(pg_current_snapshot())::text::bigint` : "";
}

/**
 * Parameters for a raw query on either engine: PostgreSQL numbers them ($1), the SQLite
 * adapter takes anonymous ones (?) in order of use; times are ISO text on SQLite and UTC
 * timestamps on PostgreSQL, as the triggers write them.
 */
function sqlParams(db: Db | Tx) {
  const pg = providerOf(db) === "postgresql";
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return pg ? `$${values.length}` : "?";
  };
  return {
    values,
    value: add,
    time: (at: number) =>
      pg ? `(${add(new Date(at).toISOString())}::timestamptz AT TIME ZONE 'UTC')` : add(new Date(at).toISOString()),
    position: (p: { txid: string; id: number }) => `(${add(BigInt(p.txid))}, ${add(p.id)})`,
  };
}

export interface LogPage {
  rows: ChangeRow[];
  /** the newest position below the same bound, read in the same statement (null: none) */
  tail: Position | null;
}

/**
 * Up to `limit` changes after `after`, in position order (and made at or after `since`),
 * with the log's tail as the same snapshot sees it: a reader who got every row may stand
 * on the tail, even when `since` skipped some. Rows of one game (ASE unless asked); the
 * tail is of both, so a reader of one game stands past the other's rows too.
 */
export async function readLog(
  db: Db,
  options: { after: Position; since?: number; limit: number; game?: Game },
): Promise<LogPage> {
  const { after, since, limit } = options;
  // Arguments are evaluated in order: the text adds its values before they are spread.
  const q = sqlParams(db);
  const columns = `"id", "txid", "kind", "object_id", "label", "deleted", "changed_at"`;
  const rows = await db.$queryRawUnsafe<(RawChange & { tail: number | bigint })[]>(
    `SELECT * FROM (SELECT ${columns}, 0 AS "tail" FROM "changes"
       WHERE "game" = ${q.value(options.game ?? V1_GAME)} AND ("txid", "id") > ${q.position(after)} ${belowXmin(db)} ${since === undefined ? "" : `AND "changed_at" >= ${q.time(since)}`}
       ORDER BY "txid", "id" LIMIT ${q.value(limit)}) AS "page"
     UNION ALL
     SELECT * FROM (SELECT ${columns}, 1 AS "tail" FROM "changes" WHERE 1 = 1 ${belowXmin(db)} ORDER BY "txid" DESC, "id" DESC LIMIT 1) AS "last"`,
    ...q.values,
  );
  const tail = rows.find((r) => Number(r.tail) === 1);
  return {
    rows: rows
      .filter((r) => Number(r.tail) === 0)
      .map((r) => ({
        position: positionOf(r),
        group: r.kind as ChangeGroup,
        objectId: r.object_id,
        label: r.label,
        deleted: Boolean(r.deleted),
      }))
      // a UNION promises no order: restore the page's
      .sort((a, b) => comparePositions(a.position, b.position)),
    tail: tail ? positionOf(tail) : null,
  };
}

export async function readHorizon(db: Db | Tx, cutoff: number): Promise<Horizon> {
  const q = sqlParams(db);
  const rows = await db.$queryRawUnsafe<(Raw & { stale: boolean | number | bigint })[]>(
    `SELECT "change_id" AS "id", "txid", "since" AS "changed_at",
            EXISTS (SELECT 1 FROM "changes" WHERE "changed_at" < ${q.time(cutoff)}) AS "stale"
     FROM "change_horizon" WHERE "id" = 1`,
    ...q.values,
  );
  const row = rows[0];
  if (!row) throw new Error("change_horizon has no row: the changes migration did not run");
  const horizon = positionOf(row);
  return { position: horizon, since: horizon.at, stale: Boolean(row.stale) };
}

/**
 * Deletes the changes made before `cutoff` and moves the horizon past them, in one
 * transaction: a reader sees the rows or the new horizon, never neither. The horizon's
 * time moves to the cutoff. Safe on several instances at once (the horizon only grows).
 */
export async function pruneLog(db: Db, cutoff: number): Promise<number> {
  // Arguments are evaluated in order: each query's text adds its values before they are spread.
  // A write like any other: through the group commit (lib/db/commit.ts).
  return groupCommit(db, async ({ tx }) => {
    let q = sqlParams(tx);
    const [last] = await tx.$queryRawUnsafe<Raw[]>(
      `SELECT "id", "txid", "changed_at" FROM "changes" WHERE "changed_at" < ${q.time(cutoff)} ORDER BY "txid" DESC, "id" DESC LIMIT 1`,
      ...q.values,
    );
    q = sqlParams(tx);
    const deleted = await tx.$executeRawUnsafe(
      `DELETE FROM "changes" WHERE "changed_at" < ${q.time(cutoff)}`,
      ...q.values,
    );
    if (last) {
      const p = { txid: String(last.txid), id: Number(last.id) };
      q = sqlParams(tx);
      await tx.$executeRawUnsafe(
        `UPDATE "change_horizon" SET "txid" = ${q.value(BigInt(p.txid))}, "change_id" = ${q.value(p.id)} WHERE "id" = 1 AND ("txid", "change_id") < ${q.position(p)}`,
        ...q.values,
      );
    }
    q = sqlParams(tx);
    await tx.$executeRawUnsafe(
      `UPDATE "change_horizon" SET "since" = ${q.time(cutoff)} WHERE "id" = 1 AND "since" < ${q.time(cutoff)}`,
      ...q.values,
    );
    return deleted;
  });
}
