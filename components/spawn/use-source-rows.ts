"use client";
/**
 * All rows a view needs (its tab's; engrams with GFI codes for the short form), fetched
 * once when first needed (the first view's are preloaded from the page's head) and kept
 * for the page's life, so switching back and forth costs nothing. Engram rows of the
 * other form stand in while these load: coded rows give the full commands too, and rows
 * without codes show full commands until the codes arrive.
 */
import { useEffect, useState } from "react";
import type { SpawnRow } from "@/lib/portal/spawn-filter";
import type { RowSource } from "@/lib/portal/spawn-view";

export type SourceRows = Record<RowSource, SpawnRow[] | null>;

/** The rows to show for a source: its own, or those standing in for them. */
export function rowsFor(all: SourceRows, source: RowSource): SpawnRow[] | null {
  if (source === "creatures") return all.creatures;
  return source === "gfi" ? (all.gfi ?? all.items) : (all.items ?? all.gfi);
}

export function useSourceRows(urls: Record<RowSource, string>, source: RowSource, onError: (message: string) => void): SourceRows {
  const [rows, setRows] = useState<SourceRows>({ items: null, gfi: null, creatures: null });
  // Full commands need no codes: coded rows serve them as well.
  const have = rows[source] !== null || (source === "items" && rows.gfi !== null);
  const url = urls[source];
  useEffect(() => {
    if (have) return;
    let live = true;
    fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<SpawnRow[]>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((all) => live && setRows((r) => ({ ...r, [source]: all })))
      .catch(() => live && onError("Could not load all spawn codes; reload the page to try again."));
    return () => {
      live = false;
    };
  }, [url, source, have, onError]);
  return rows;
}
