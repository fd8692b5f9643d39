"use client";
/**
 * Which rows a spawn view shows and what it counts: from all of the tab's rows once they
 * arrived, before that from the first rows the server rendered (its search result, map,
 * category and tameable counts included), so the page reads the same before and after the rows load.
 * Command options do not change which rows show: only the search and filters do.
 */
import { useEffect, useMemo } from "react";
import { categoryCounts, mapCounts, tameableCount, type SpawnMod, type SpawnRow } from "@/lib/spawn/spawn-filter";
import type { SpawnPageData } from "@/lib/spawn/spawn-page";
import { findSpawnRows, spawnIndex, spawnTags, type SpawnMatches } from "@/lib/spawn/spawn-search";
import type { SpawnView } from "@/lib/spawn/spawn-view";

type ServerPage = Omit<SpawnPageData, "lastChanged">;

const NOTHING: SpawnMatches = { visible: [], typos: false, suggestions: [], nothingToSearch: false, top: 0 };
const NO_ROWS: SpawnRow[] = [];

export function useShownRows(
  loaded: SpawnRow[] | null,
  /** the server's page when it belongs to the view's tab, else null */
  server: ServerPage | null,
  page: ServerPage,
  mods: SpawnMod[],
  view: SpawnView,
) {
  const { tab, q, maps, mods: modFilter, bp, category, tameable } = view;
  const ready = loaded !== null;
  const rows = loaded ?? server?.first.rows ?? NO_ROWS;
  const matches: SpawnMatches = useMemo(
    () =>
      loaded
        ? findSpawnRows(loaded, mods, { q, maps, mods: modFilter, bp, category, tameable, tab })
        : server
          ? { visible: server.first.rows.map((_, i) => i), ...server.search }
          : NOTHING,
    [loaded, server, mods, q, maps, modFilter, bp, category, tameable, tab],
  );
  // Tags tell rows of one name apart among all rows: the server's until they arrive.
  const tags = useMemo(() => (loaded ? spawnTags(loaded, tab) : (server?.first.tags ?? [])), [loaded, server, tab]);
  const counts = useMemo(() => (loaded ? mapCounts(loaded) : (server?.mapCounts ?? mapCounts([]))), [loaded, server]);
  const facetCounts = useMemo(
    () =>
      loaded
        ? tab === "creatures"
          ? [tameableCount(loaded)]
          : categoryCounts(loaded)
        : (server?.facetCounts ?? (tab === "creatures" ? [0] : categoryCounts([]))),
    [loaded, server, tab],
  );
  return {
    ready,
    rows,
    tags,
    matches,
    counts,
    facetCounts,
    visibleCount: ready ? matches.visible.length : (server?.first.visibleCount ?? 0),
    total: loaded?.length ?? page.counts[tab],
    hasBaseGame: loaded ? loaded.some((r) => r[5] === -1) : (server?.hasBaseGame ?? false),
  };
}

/**
 * Builds the search index of loaded rows while the browser is idle, so the first
 * keystroke does not pay for it; marks `spawn-ready` for the page's own rows (the
 * timings in docs/PORTAL.md read it).
 */
export function useIdleSearchIndex(loaded: SpawnRow[] | null, mods: SpawnMod[], view: SpawnView, ownRows: boolean) {
  const { tab } = view;
  useEffect(() => {
    if (!loaded) return;
    if (ownRows) performance.mark("spawn-ready");
    const idle = window.requestIdleCallback?.(() => spawnIndex(loaded, mods, tab)) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, [loaded, mods, tab, ownRows]);
}
