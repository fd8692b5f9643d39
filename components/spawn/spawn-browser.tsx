"use client";
/**
 * The interactive part of the spawn page. The server renders the first rows of the
 * view's tab (engrams or creatures, searched and filtered: readable without JavaScript);
 * each tab's rows arrive once as JSON (dataUrls), then search, filters, command options,
 * copying and exporting run in the browser with no request, through the same lib/portal
 * functions the server used. The view lives in the URL (history.replaceState, no
 * navigation), so a copied address restores it.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { rowCommands, viewCommands } from "@/lib/spawn/row-command";
import { exportFileName, spawnCommands, spawnExport } from "@/lib/spawn/spawn-export";
import { mapCounts, type SpawnMod, type SpawnRow } from "@/lib/spawn/spawn-filter";
import { baseCreaturesNote, emptyCatalogueNotice, tabNoun } from "@/lib/spawn/spawn-notices";
import type { SpawnPageData } from "@/lib/spawn/spawn-page";
import { scopeParam, type SpawnScope } from "@/lib/spawn/spawn-scope";
import { findSpawnRows, spawnIndex, type SpawnMatches } from "@/lib/spawn/spawn-search";
import {
  activeSettings,
  DEFAULT_VIEW,
  rowSource,
  spawnViewQuery,
  type RowSource,
  type SpawnView,
} from "@/lib/spawn/spawn-view";
import { copyText, downloadText } from "./copy-text";
import { FILTERS_ID, SpawnControls } from "./spawn-controls";
import { SpawnNotices } from "./spawn-notices";
import { SpawnSearchBar } from "./spawn-search-bar";
import { SpawnTable } from "./spawn-table";
import { SpawnTabs } from "./spawn-tabs";
import { SpawnToolbar } from "./spawn-toolbar";
import { rowsFor, useSourceRows } from "./use-source-rows";

interface Props {
  /** where each kind of rows is fetched (SpawnRow[] as JSON) */
  dataUrls: Record<RowSource, string>;
  /** what the server rendered, for the first view (lib/spawn/spawn-page) */
  page: Omit<SpawnPageData, "lastChanged">;
  mods: SpawnMod[];
  scope: SpawnScope;
  initialView: SpawnView;
}

const PATH = "/spawn/";
const NOTHING: SpawnMatches = { visible: [], typos: false, suggestions: [], nothingToSearch: false };
const NO_ROWS: SpawnRow[] = [];
const NONE: ReadonlySet<number> = new Set();

export function SpawnBrowser({ dataUrls, page, mods, scope, initialView }: Props) {
  const [view, setView] = useState(initialView);
  const [copied, setCopied] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Engram rows the reader flipped to the other form than the view's (full command or GFI code).
  const [flipped, setFlipped] = useState(NONE);
  const { tab, q, maps, mods: modFilter, bp } = view;
  const source = rowSource(view);
  // A row flipped to its code needs the coded rows, fetched the first time one is.
  const wanted = useMemo<RowSource[]>(
    () => (source === "items" && flipped.size > 0 ? ["items", "gfi"] : [source]),
    [source, flipped.size > 0],
  );
  const all = useSourceRows(dataUrls, wanted, setStatus);
  const loaded = rowsFor(all, source);
  // What the server rendered belongs to its tab; another tab shows nothing until its rows arrive.
  const server = (tab === "creatures") === (page.source === "creatures") ? page : null;

  const ready = loaded !== null;
  const rows = loaded ?? server?.first.rows ?? NO_ROWS;
  // Command options do not change which rows show: only the search and filters do.
  const matches: SpawnMatches = useMemo(
    () =>
      loaded
        ? findSpawnRows(loaded, mods, { q, maps, mods: modFilter, bp, tab })
        : server
          ? { visible: server.first.rows.map((_, i) => i), ...server.search }
          : NOTHING,
    [loaded, server, mods, q, maps, modFilter, bp, tab],
  );
  const visibleCount = ready ? matches.visible.length : (server?.first.visibleCount ?? 0);
  const total = loaded?.length ?? page.counts[tab];
  const counts = useMemo(() => (loaded ? mapCounts(loaded) : (server?.mapCounts ?? mapCounts([]))), [loaded, server]);
  const hasBaseGame = loaded ? loaded.some((r) => r[5] === -1) : (server?.hasBaseGame ?? false);
  const { quantity, quality, kind, form, level, summon, distance, yOffset, zOffset, prefix } = view;
  const { commandOf, errors } = useMemo(
    () => viewCommands({ tab, quantity, quality, kind, form, level, summon, distance, yOffset, zOffset, prefix }),
    [tab, quantity, quality, kind, form, level, summon, distance, yOffset, zOffset, prefix],
  );
  const noun = tabNoun(tab);
  // Coded rows come in the same order as plain ones (one sort); checked by path all the same.
  const coded = all.gfi;
  const commandFor = useMemo(
    () =>
      rowCommands(
        { tab, quantity, quality, kind, form, level, summon, distance, yOffset, zOffset, prefix },
        (key) => rows[key]!,
        (key) => flipped.has(key),
        (key) => (coded?.[key]?.[2] === rows[key]![2] ? coded[key] : undefined),
      ),
    [tab, quantity, quality, kind, form, level, summon, distance, yOffset, zOffset, prefix, rows, flipped, coded],
  );
  const flip = useCallback((key: number) => {
    setFlipped((f) => {
      const next = new Set(f);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!loaded) return;
    if (source === page.source) performance.mark("spawn-ready");
    // Build the search index while idle, so the first keystroke does not pay for it.
    const idle = window.requestIdleCallback?.(() => spawnIndex(loaded, mods, tab)) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, [loaded, mods, tab, source, page.source]);

  useEffect(() => {
    const url = `${window.location.pathname}${spawnViewQuery(view, scope)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, "", url);
  }, [view, scope]);

  const change = useCallback((patch: Partial<SpawnView>) => {
    // Row numbers of one set of rows mean nothing in another.
    if (patch.tab !== undefined || patch.form !== undefined) {
      setCopied(null);
      setFlipped(NONE);
    }
    setView((v) => ({ ...v, ...patch }));
  }, []);
  const toggleFilters = () => {
    const open = !filtersOpen;
    setFiltersOpen(open);
    // Opened from far down the list, the panel (above the table) would be off screen.
    if (open) {
      requestAnimationFrame(() => {
        const panel = document.getElementById(FILTERS_ID);
        const top = panel?.getBoundingClientRect().top ?? 0;
        if (top < 0 || top > window.innerHeight / 2) panel?.scrollIntoView({ block: "start" });
      });
    }
  };
  const hrefFor = (patch: Partial<SpawnView>) => `${PATH}${spawnViewQuery({ ...view, ...patch }, scope)}`;
  const defaults = { ...DEFAULT_VIEW, q: view.q, tab };
  const active = activeSettings(view);

  const copyOne = useCallback(
    async (i: number) => {
      const r = rows[i]!;
      if (!commandFor) return;
      const ok = await copyText(commandFor(i).command);
      setCopied(ok ? i : null);
      setStatus(ok ? `Copied the command for ${r[0]}.` : "Copying failed; select the command and copy it by hand.");
    },
    [rows, commandFor],
  );

  // What the rows show, each as the reader left it.
  const copyAll = async () => {
    if (!commandFor) return;
    const ok = await copyText(spawnCommands(matches.visible, commandFor).join("\n"));
    setCopied(null);
    setStatus(ok ? `Copied ${matches.visible.length} commands, one per line.` : "Copying failed.");
  };

  const exportJson = () => {
    if (!commandOf) return;
    const doc = spawnExport(rows, mods, matches.visible, commandOf, window.location.href, new Date(), tab);
    downloadText(JSON.stringify(doc, null, 2), exportFileName(tab), "application/json");
    setStatus(`Exported ${matches.visible.length} ${noun}s as ${exportFileName(tab)}.`);
  };

  const layoutKey = `${tab}|${loaded ? "all" : "first"}|${commandOf ? [form, prefix, quantity, quality, summon, level, distance, yOffset, zOffset].join(" ") : "none"}`;
  const empty = total === 0 ? emptyCatalogueNotice(tab, scope, mods) : null;
  const baseNote = ready || server ? baseCreaturesNote(tab, scope, hasBaseGame) : null;
  return (
    <div className="space-y-4" data-ready={ready ? "true" : undefined} data-tab={tab}>
      <SpawnTabs tab={tab} counts={{ ...page.counts, [tab]: total }} hrefFor={hrefFor} onChange={change} />
      {empty ? (
        <p className="rounded border border-slate-600 px-3 py-2 text-sm text-slate-200" data-testid="empty-catalogue">
          {empty}
        </p>
      ) : (
        <>
          <SpawnSearchBar
            tab={tab}
            q={view.q}
            modId={scopeParam(scope)}
            active={active}
            filtersOpen={filtersOpen}
            onQuery={(text) => change({ q: text })}
            onToggleFilters={toggleFilters}
          />
          <SpawnControls
            view={view}
            mapCounts={counts}
            modChoices={page.modChoices}
            hasBaseGame={hasBaseGame}
            errors={errors}
            open={filtersOpen}
            clearHref={active > 0 ? hrefFor(defaults) : null}
            onChange={change}
            onClear={() => setView(defaults)}
          />
          {baseNote && <p className="text-sm text-slate-300">{baseNote}</p>}
          <SpawnNotices
            view={view}
            mapCounts={counts}
            visibleCount={visibleCount}
            search={matches}
            errors={errors}
            filtered={maps !== 0 || modFilter.length > 0 || (tab === "items" && bp !== "all")}
            hrefFor={hrefFor}
            onChange={change}
          />
          <SpawnToolbar
            noun={noun}
            visibleCount={visibleCount}
            total={total}
            canAct={ready && visibleCount > 0 && commandOf !== null}
            status={status}
            onCopyAll={copyAll}
            onExport={exportJson}
          />
          <SpawnTable
            tab={tab}
            rows={rows}
            mods={mods}
            visible={matches.visible}
            commandFor={commandFor}
            form={form}
            flipped={flipped}
            onFlip={flip}
            layoutKey={layoutKey}
            copied={copied}
            onCopy={copyOne}
          />
          {!ready && (visibleCount > rows.length || !server) && (
            <p className="py-4 text-center text-sm text-slate-300 noscript:hidden" aria-busy="true">
              Loading all {server ? `${visibleCount.toLocaleString("en-US")} ` : ""}
              {noun}s…
            </p>
          )}
          {visibleCount > rows.length && (
            <p className="hidden py-4 text-center text-sm text-slate-300 noscript:block">
              Without JavaScript this page lists the first {rows.length} of these {visibleCount.toLocaleString("en-US")}{" "}
              {noun}s: search or filter to narrow them down.
            </p>
          )}
        </>
      )}
    </div>
  );
}
