"use client";
/**
 * All rows of the shown tab, fetched once when the tab is first shown (the first tab's
 * rows are preloaded from the page's head) and kept for the page's life, so switching
 * back and forth costs nothing.
 */
import { useEffect, useState } from "react";
import type { SpawnRow } from "@/lib/portal/spawn-filter";
import type { SpawnTab } from "@/lib/portal/spawn-view";

export type TabRows = Record<SpawnTab, SpawnRow[] | null>;

export function useTabRows(urls: Record<SpawnTab, string>, tab: SpawnTab, onError: (message: string) => void): TabRows {
  const [rows, setRows] = useState<TabRows>({ items: null, creatures: null });
  const have = rows[tab] !== null;
  const url = urls[tab];
  useEffect(() => {
    if (have) return;
    let live = true;
    fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<SpawnRow[]>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((all) => live && setRows((r) => ({ ...r, [tab]: all })))
      .catch(() => live && onError("Could not load all spawn codes; reload the page to try again."));
    return () => {
      live = false;
    };
  }, [url, tab, have, onError]);
  return rows;
}
