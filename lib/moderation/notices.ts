/**
 * The webhook side of a moderator's action on someone's content: besides the notice the
 * author's dashboard shows (lib/moderation/appeals.ts reads it from the document or the
 * account itself), one outbox row written in the action's own transaction, which
 * lib/webhooks/build-events.ts turns into a `moderation.notice` event for the owner's
 * webhooks only. Written here rather than by a trigger because the reason and, for a
 * removal, the owner exist nowhere else once the action has committed.
 */
import { providerOf, type Tx } from "@/lib/db/client";
import type { Sql } from "@/lib/db/sql";
import type { Target, TargetKind } from "./targets";

/** The actions an owner is told of, and the kind of target each applies to (dismissing tells no one). */
export const NOTICE_TARGETS = {
  hide: "document",
  restore: "document",
  remove: "document",
  suspend: "user",
  reinstate: "user",
} as const satisfies Record<string, TargetKind>;

export type NoticeAction = keyof typeof NOTICE_TARGETS;

export function isNoticeAction(action: string): action is NoticeAction {
  return Object.hasOwn(NOTICE_TARGETS, action);
}

/** Adds the outbox row of the notice inside the action's transaction (the triggers' columns, same clocks). */
export async function recordNotice(
  scope: { tx: Tx; sql: Sql },
  notice: { action: NoticeAction; target: Target; reason: string },
): Promise<void> {
  const postgres = providerOf(scope.tx) === "postgresql";
  const txid = postgres ? "pg_current_xact_id()::text::bigint" : "0";
  const now = postgres ? "clock_timestamp() AT TIME ZONE 'UTC'" : "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await scope.sql.run(
    `INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "detail", "created_at")
     VALUES (${txid}, 'moderation', ?, ?, NULL, ?, ?, NULL, ?, ${now})`,
    [notice.action, notice.target.id, notice.target.ownerId, notice.target.label, notice.reason],
  );
}
