/**
 * The outbox becomes events and deliveries.
 *
 * Why no event is ever lost or made twice:
 * - Database triggers write each fact (an engram added, a document updated, a pull
 *   failed...) to `event_outbox` in the same transaction as the write itself (migration
 *   *_webhooks), whoever writes: a fact exists exactly when its write committed. A
 *   moderator's action is the one fact written by code, lib/moderation/notices.ts, inside
 *   the action's transaction: the same guarantee.
 * - One transaction here takes outbox rows with `DELETE ... RETURNING`, writes the events
 *   made of them and a delivery row per matching webhook, and commits: the rows leave the
 *   outbox exactly when their events exist. A crash before COMMIT leaves the rows for the
 *   next run. Two instances building at once cannot take the same row: PostgreSQL locks
 *   the rows the first DELETE takes, and the second, once the first commits, finds them
 *   gone and skips them (READ COMMITTED re-checks deleted rows).
 * - Rows are taken by whole transactions (`txid IN (...)`): a transaction's rows become
 *   visible together at its commit, so one write is never split over two events. On
 *   PostgreSQL that makes one `catalogue.changed` per mod and transaction (requests that
 *   group commit put in one transaction share it); SQLite logs no transaction id, so there
 *   it is one per mod and build (this runs every half second).
 * - Deliveries are then claimed and retried (lib/webhooks/delivery-worker.ts) until
 *   delivered or given up, each with its event's id as `webhook-id`.
 */
import { parseGame, V1_GAME, type Game } from "@/lib/catalogue/game";
import { findInChunks, chunks } from "@/lib/db/chunks";
import type { Db, Tx } from "@/lib/db/client";
import { authorLabel } from "@/lib/display-names/display-name-rules";
import { isNoticeAction, NOTICE_TARGETS } from "@/lib/moderation/notices";
import {
  catalogueChanged,
  documentRef,
  eventBody,
  modRef,
  moderationNotice,
  type EventData,
  type ItemChange,
  type ModRef,
} from "@/lib/webhooks/event-payloads";
import type { EventType } from "@/lib/webhooks/event-types";
import { newId } from "@/lib/webhooks/ids";
import { matches, type Subscription } from "@/lib/webhooks/match-webhooks";

/** Transactions taken per run: a run stays a short transaction however much waits. */
const TRANSACTIONS_PER_RUN = 200;

interface OutboxRow {
  id: number;
  txid: string;
  kind: "engram" | "creature" | "mod" | "document" | "pull" | "moderation";
  action: string;
  objectId: string;
  modId: string | null;
  userId: string | null;
  label: string;
  revision: number | null;
  /** a moderation row's reason */
  detail: string | null;
  /** an engram's, creature's or mod's game; "ase" for the rest */
  game: Game;
  at: Date;
}

export interface NewEvent {
  id: string;
  type: EventType | "webhook.test";
  modId: string | null;
  documentId: string | null;
  userId: string | null;
  payload: string;
  createdAt: Date;
  /** a document deleted while hidden (its outbox row says so): its author's news only; never stored */
  hiddenDocument?: boolean;
}

type Raw = {
  id: number | bigint;
  txid: number | bigint | string;
  kind: string;
  action: string;
  object_id: string;
  mod_id: string | null;
  user_id: string | null;
  label: string;
  revision: number | bigint | null;
  detail: string | null;
  game: string;
  created_at: Date | string;
};

function time(v: Date | string): Date {
  if (v instanceof Date) return v;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(" ", "T")}Z`);
}

async function takeOutbox(tx: Tx): Promise<OutboxRow[]> {
  const raw = await tx.$queryRawUnsafe<Raw[]>(
    `DELETE FROM "event_outbox" WHERE "txid" IN (SELECT DISTINCT "txid" FROM "event_outbox" ORDER BY "txid" LIMIT ${TRANSACTIONS_PER_RUN})
     RETURNING "id", "txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "detail", "game", "created_at"`,
  );
  return raw
    .map((r) => ({
      id: Number(r.id),
      txid: String(r.txid),
      kind: r.kind as OutboxRow["kind"],
      action: r.action,
      objectId: r.object_id,
      modId: r.mod_id,
      userId: r.user_id,
      label: r.label,
      revision: r.revision === null ? null : Number(r.revision),
      detail: r.detail,
      game: parseGame(r.game) ?? V1_GAME,
      at: time(r.created_at),
    }))
    .sort((a, b) => (a.txid === b.txid ? a.id - b.id : BigInt(a.txid) < BigInt(b.txid) ? -1 : 1));
}

/** Display names (or "user 1a2b3c4d") of the users the rows and their mods name. */
async function userNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = await findInChunks(unique, (part) =>
    tx.displayName.findMany({ where: { userId: { in: part } }, select: { userId: true, name: true } }),
  );
  const byId = new Map(names.map((n) => [n.userId, n.name]));
  return new Map(unique.map((id) => [id, authorLabel(id, byId.get(id))]));
}

/**
 * Names, owners and games of the mods the rows name: the registration if it still exists,
 * else what a mod row carried; a mod gone with no mod row of its own (its items deleted with
 * it) takes its items' game, which their rows carry.
 */
async function modsOf(
  tx: Tx,
  rows: OutboxRow[],
  baseUrl: string,
): Promise<{ mods: Map<string, ModRef>; names: Map<string, string> }> {
  const ids = [...new Set(rows.flatMap((r) => (r.modId ? [r.modId] : [])))];
  const found = await findInChunks(ids, (part) =>
    tx.modRegistration.findMany({
      where: { confirmedModId: { in: part } },
      select: { confirmedModId: true, name: true, userId: true, game: true },
    }),
  );
  const names = await userNames(tx, [
    ...rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    ...found.map((m) => m.userId),
  ]);
  const owner = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const mods = new Map<string, ModRef>();
  const gameOf = new Map<string, Game>();
  for (const r of rows) if (r.modId && r.kind !== "pull") gameOf.set(r.modId, r.game);
  for (const r of rows)
    if (r.kind === "mod") mods.set(r.objectId, modRef(baseUrl, r.objectId, r.label, r.userId, owner(r.userId), r.game));
  for (const m of found)
    mods.set(
      m.confirmedModId!,
      modRef(baseUrl, m.confirmedModId!, m.name, m.userId, owner(m.userId), parseGame(m.game) ?? V1_GAME),
    );
  for (const id of ids)
    if (!mods.has(id)) mods.set(id, modRef(baseUrl, id, `mod ${id}`, null, null, gameOf.get(id) ?? V1_GAME));
  return { mods, names };
}

/** The events the rows of one run make, in the order their writes committed (on PostgreSQL). */
export async function eventsOf(tx: Tx, rows: OutboxRow[], baseUrl: string): Promise<NewEvent[]> {
  const { mods, names } = await modsOf(tx, rows, baseUrl);
  const events: NewEvent[] = [];
  /** indexes of events of documents deleted while hidden */
  const hiddenDeletes = new Set<number>();
  const make = (type: EventType, at: Date, keys: Pick<NewEvent, "modId" | "documentId" | "userId">, data: EventData) =>
    events.push({ id: newId("evt"), type, ...keys, payload: eventBody(type, at, data), createdAt: at });
  // Items of one transaction, game and mod make one event, placed where the first of them was
  // (the base game's ASE and ASA catalogues are two: a receiver tells them apart by `game`).
  const items = new Map<string, { mod: string | null; game: Game; at: Date; list: ItemChange[] }>();
  const order: (OutboxRow | string)[] = [];
  for (const r of rows) {
    if (r.kind === "engram" || r.kind === "creature") {
      const key = `${r.txid}|${r.game}|${r.modId ?? ""}`;
      let group = items.get(key);
      if (!group) {
        items.set(key, (group = { mod: r.modId, game: r.game, at: r.at, list: [] }));
        order.push(key);
      }
      group.list.push({ uid: r.objectId, label: r.label, kind: r.kind, change: r.action as ItemChange["change"] });
    } else order.push(r);
  }
  for (const entry of order) {
    if (typeof entry === "string") {
      const group = items.get(entry)!;
      const mod = group.mod === null ? null : mods.get(group.mod)!;
      make(
        "catalogue.changed",
        group.at,
        { modId: group.mod, documentId: null, userId: mod?.owner_id ?? null },
        catalogueChanged(baseUrl, mod, group.list, group.game),
      );
      continue;
    }
    const r = entry;
    if (r.kind === "mod") {
      const ownerName = r.userId ? (names.get(r.userId) ?? null) : null;
      const mod = modRef(baseUrl, r.objectId, r.label, r.userId, ownerName, r.game);
      const keys = { modId: r.objectId, documentId: null, userId: r.userId };
      make(r.action === "confirmed" ? "mod.confirmed" : "mod.deleted", r.at, keys, { mod });
    } else if (r.kind === "document") {
      const doc = { id: r.objectId, name: r.label, revision: r.revision ?? 1, userId: r.userId ?? "" };
      const type = `document.${r.action}` as EventType;
      if (r.action === "deleted" && r.detail === "hidden") hiddenDeletes.add(events.length);
      make(
        type,
        r.at,
        { modId: null, documentId: r.objectId, userId: r.userId },
        {
          document: documentRef(baseUrl, doc, names.get(doc.userId) ?? authorLabel(doc.userId, null)),
        },
      );
    } else if (r.kind === "pull") {
      const mod = mods.get(r.objectId)!;
      make(
        "pull.failed",
        r.at,
        { modId: r.objectId, documentId: null, userId: mod.owner_id },
        { mod, message: r.label },
      );
    } else if (r.kind === "moderation" && isNoticeAction(r.action) && r.userId) {
      const kind = NOTICE_TARGETS[r.action];
      make(
        "moderation.notice",
        r.at,
        { modId: null, documentId: kind === "document" ? r.objectId : null, userId: r.userId },
        moderationNotice(baseUrl, { action: r.action, kind, id: r.objectId, name: r.label }, r.userId, r.detail ?? ""),
      );
    }
  }
  for (const i of hiddenDeletes) events[i]!.hiddenDocument = true;
  return events;
}

/** Stores events and a pending delivery for each webhook that matches, inside the caller's transaction. */
export async function storeEvents(tx: Tx, events: NewEvent[], now: Date): Promise<number> {
  if (events.length === 0) return 0;
  const webhooks: Subscription[] = await tx.webhook.findMany({
    where: { enabled: true },
    select: { id: true, userId: true, events: true, modIds: true, documentIds: true, authorIds: true },
  });
  for (const part of chunks(events, 200))
    await tx.webhookEvent.createMany({ data: part.map(({ hiddenDocument: _, ...stored }) => stored) });
  // Hidden when the event is built: its author's own edits of a hidden document stay theirs.
  const documentIds = [...new Set(events.flatMap((e) => (e.documentId ? [e.documentId] : [])))];
  const hidden = new Set(
    (
      await findInChunks(documentIds, (part) =>
        tx.document.findMany({ where: { id: { in: part }, hiddenAt: { not: null } }, select: { id: true } }),
      )
    ).map((d) => d.id),
  );
  const deliveries = events.flatMap((e) =>
    webhooks
      .filter((w) =>
        matches(w, e, { hiddenDocument: e.hiddenDocument || (e.documentId !== null && hidden.has(e.documentId)) }),
      )
      .map((w) => ({ id: newId("dlv"), webhookId: w.id, eventId: e.id, nextAttemptAt: now, createdAt: now })),
  );
  for (const part of chunks(deliveries, 500)) await tx.webhookDelivery.createMany({ data: part });
  return deliveries.length;
}

/** One run: outbox rows of up to TRANSACTIONS_PER_RUN transactions become events; how many were made. */
export async function buildEvents(db: Db, options: { baseUrl: string; now?: Date }): Promise<number> {
  // A read first: most ticks find nothing, and an empty write transaction still costs a commit.
  if ((await db.eventOutbox.findFirst({ select: { id: true } })) === null) return 0;
  return db.$transaction(
    async (tx) => {
      const rows = await takeOutbox(tx);
      if (rows.length === 0) return 0;
      const events = await eventsOf(tx, rows, options.baseUrl);
      await storeEvents(tx, events, options.now ?? new Date());
      return events.length;
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
}
