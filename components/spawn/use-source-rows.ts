"use client";
/**
 * All rows a view needs (its tab's; engrams with GFI codes for the short form), fetched
 * once when first needed (the first view's are preloaded from the page's head) and kept
 * for the page's life, so switching back and forth costs nothing. Engram rows of the
 * other form stand in while these load: coded rows give the full commands too, and rows
 * without codes show full commands until the codes arrive.
 */
import { useEffect, useRef, useState } from "react";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import type { RowSource } from "@/lib/spawn/spawn-view";

export type SourceRows = Record<RowSource, SpawnRow[] | null>;

/** The rows to show for a source: its own, or those standing in for them. */
export function rowsFor(all: SourceRows, source: RowSource): SpawnRow[] | null {
  if (source === "creatures") return all.creatures;
  return source === "gfi" ? (all.gfi ?? all.items) : (all.items ?? all.gfi);
}

/** `wanted`: the sources to load; the first is the view's, others come along (a row's short code). */
export function useSourceRows(
  urls: Record<RowSource, string>,
  wanted: readonly RowSource[],
  onError: (message: string) => void,
): SourceRows {
  const [rows, setRows] = useState<SourceRows>({ items: null, gfi: null, creatures: null });
  // Each source is asked for once; its answer is kept whatever the view does meanwhile.
  const requested = useRef(new Set<RowSource>());
  // Full commands need no codes: coded rows serve them as well.
  const missing = wanted.filter((s) => rows[s] === null && !(s === "items" && rows.gfi !== null)).join(",");
  useEffect(() => {
    if (!missing) return;
    for (const source of missing.split(",") as RowSource[]) {
      if (requested.current.has(source)) continue;
      requested.current.add(source);
      fetch(urls[source])
        .then((res) => (res.ok ? (res.json() as Promise<SpawnRow[]>) : Promise.reject(new Error(`HTTP ${res.status}`))))
        .then((all) => setRows((r) => ({ ...r, [source]: all })))
        .catch(() => {
          requested.current.delete(source);
          onError("Could not load all spawn codes; reload the page to try again.");
        });
    }
  }, [urls, missing, onError]);
  return rows;
}
