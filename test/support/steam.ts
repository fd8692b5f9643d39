/** Test helpers for the fake Steam Web API (fake-steam.ts) the test servers talk to. */
import { randomInt } from "node:crypto";
import { inject } from "vitest";
import type { FakeItem } from "./fake-steam";

/** A workshop id no other test uses. */
export function newWorkshopId(): string {
  return String(randomInt(100_000_000, 281_474_976_710_655));
}

export async function putSteamItems(items: FakeItem[]): Promise<void> {
  const res = await fetch(`${inject("steamUrl")}/__items`, { method: "POST", body: JSON.stringify({ items }) });
  if (!res.ok) throw new Error(`fake Steam refused the items: ${res.status}`);
}

/** A new item of the game's workshop; returns its id. */
export async function steamItem(item: Partial<FakeItem> = {}): Promise<string> {
  const id = item.publishedfileid ?? newWorkshopId();
  await putSteamItems([{ title: `Test Mod ${id}`, description: "A mod.", ...item, publishedfileid: id }]);
  return id;
}

export async function steamRequests(id: string): Promise<number> {
  const res = await fetch(`${inject("steamUrl")}/__requests?id=${id}`);
  return ((await res.json()) as { count: number }).count;
}
