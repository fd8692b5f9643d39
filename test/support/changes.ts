/**
 * Following GET /v1/changes.php in tests: pages applied to a map of what the feed says
 * each object is now (its structure, or expired), until a condition holds. On
 * PostgreSQL a change waits until every older transaction on the server has ended (the
 * feed's exactness), and other suites run long ones, so tests wait for what they expect
 * rather than read once.
 */
import { expect } from "vitest";
import type { ChangesPage, ExpiredRecord } from "@/lib/changes/changes-page";
import { formatLastUpdated } from "@/lib/documents/document-json";
import { api } from "./api";

export type FeedState = Map<
  string,
  | { present: true; value: { label?: string; name?: string } & Record<string, unknown> }
  | { present: false; expired: ExpiredRecord }
>;

export const feedKey = (group: string, id: string) => `${group}:${id}`;

export async function feedPage(query: string, serverUrl?: string): Promise<ChangesPage> {
  const res = await (serverUrl ? (await import("@/lib/client/http")).createClient({ serverUrl }) : api()).request(
    "GET",
    `/v1/changes.php${query}`,
  );
  if (res.status !== 200) throw new Error(`GET /v1/changes.php${query}: ${res.status} ${res.text()}`);
  return res.json<ChangesPage>();
}

export function applyToState(state: FeedState, page: ChangesPage): void {
  for (const e of page.engrams) state.set(feedKey("engrams", e.uid), { present: true, value: e as never });
  for (const c of page.creatures) state.set(feedKey("creatures", c.uid), { present: true, value: c as never });
  for (const m of page.mods) state.set(feedKey("mods", m.mod_id), { present: true, value: m as never });
  for (const x of page.expired_records) state.set(feedKey(x.group, x.object_id), { present: false, expired: x });
}

/** A cursor at the feed's current end (everything up to now is behind it). */
export async function endCursor(): Promise<string> {
  let page = await feedPage(`?changes_since=${encodeURIComponent(formatLastUpdated(new Date()))}&limit=10000`);
  while (page.next_cursor !== null) page = await feedPage(`?cursor=${page.next_cursor}&limit=10000`);
  return page.cursor;
}

/** Follows the feed from `cursor` until `done` holds for what it said; the state and the cursor reached. */
export async function followUntil(
  cursor: string,
  done: (state: FeedState) => boolean,
  options: { limit?: number; timeoutMs?: number; state?: FeedState } = {},
): Promise<{ state: FeedState; cursor: string; pages: ChangesPage[] }> {
  const state = options.state ?? new Map();
  const pages: ChangesPage[] = [];
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const page = await feedPage(`?cursor=${cursor}&limit=${options.limit ?? 10000}`);
    pages.push(page);
    applyToState(state, page);
    cursor = page.cursor;
    if (page.next_cursor !== null) continue;
    if (done(state)) return { state, cursor, pages };
    expect(Date.now(), "the feed did not show the expected changes in time").toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 100));
  }
}
