"use client";
/**
 * The interactive part of the spawn page. The server renders the first rows of the
 * view (searched and filtered: readable without JavaScript); all rows arrive once as
 * JSON (dataUrl), then search, filters, command options, copying and exporting run in
 * the browser with no request, through the same lib/portal functions the server used.
 * The view lives in the URL (history.replaceState, no navigation), so a copied address
 * restores it.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { spawnCommand } from "@/lib/portal/spawn-command";
import { spawnCommands, spawnExport } from "@/lib/portal/spawn-export";
import { mapCounts, type SpawnMod, type SpawnRow } from "@/lib/portal/spawn-filter";
import { checkCommandOptions } from "@/lib/portal/spawn-options";
import type { SpawnPageData } from "@/lib/portal/spawn-page";
import { scopeParam, type SpawnScope } from "@/lib/portal/spawn-scope";
import { findSpawnRows, spawnIndex, type SpawnMatches } from "@/lib/portal/spawn-search";
import { activeSettings, DEFAULT_VIEW, spawnViewQuery, type SpawnView } from "@/lib/portal/spawn-view";
import { copyText, downloadText } from "./copy-text";
import { FILTERS_ID, SpawnControls } from "./spawn-controls";
import { SpawnNotices } from "./spawn-notices";
import { SpawnSearchBar } from "./spawn-search-bar";
import { SpawnTable } from "./spawn-table";
import { SpawnToolbar } from "./spawn-toolbar";

interface Props {
  /** where all rows are fetched (SpawnRow[] as JSON) */
  dataUrl: string;
  /** what the server rendered (lib/portal/spawn-page) */
  page: Omit<SpawnPageData, "lastChanged">;
  mods: SpawnMod[];
  scope: SpawnScope;
  initialView: SpawnView;
}

const PATH = "/spawn/";

export function SpawnBrowser({ dataUrl, page, mods, scope, initialView }: Props) {
  const [view, setView] = useState(initialView);
  const [copied, setCopied] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const [loaded, setLoaded] = useState<SpawnRow[] | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(dataUrl)
      .then((res) => (res.ok ? (res.json() as Promise<SpawnRow[]>) : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((all) => {
        if (!live) return;
        setLoaded(all);
        setCopied(null); // it indexed the server-rendered rows
      })
      .catch(() => live && setStatus("Could not load all spawn codes; reload the page to try again."));
    return () => {
      live = false;
    };
  }, [dataUrl]);

  const ready = loaded !== null;
  const rows = loaded ?? page.first.rows;
  const { q, maps, mods: modFilter, bp } = view;
  // Command options do not change which rows show: only the search and filters do.
  // Until all rows are here, the table shows what the server rendered.
  const matches: SpawnMatches = useMemo(
    () => (loaded ? findSpawnRows(loaded, mods, { q, maps, mods: modFilter, bp }) : { visible: page.first.rows.map((_, i) => i), ...page.search }),
    [loaded, page, mods, q, maps, modFilter, bp],
  );
  const visibleCount = ready ? matches.visible.length : page.first.visibleCount;
  const counts = useMemo(() => (loaded ? mapCounts(loaded) : page.mapCounts), [loaded, page.mapCounts]);
  const { quantity, quality, kind, prefix } = view;
  const check = useMemo(() => checkCommandOptions({ quantity, quality, kind, prefix }), [quantity, quality, kind, prefix]);
  const options = check.options;

  useEffect(() => {
    if (!loaded) return;
    performance.mark("spawn-ready");
    // Build the search index while idle, so the first keystroke does not pay for it.
    const idle = window.requestIdleCallback?.(() => spawnIndex(loaded, mods)) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, [loaded, mods]);

  useEffect(() => {
    const url = `${window.location.pathname}${spawnViewQuery(view, scope)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [view, scope]);

  const change = useCallback((patch: Partial<SpawnView>) => setView((v) => ({ ...v, ...patch })), []);
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
  const defaults = { ...DEFAULT_VIEW, q: view.q };
  const active = activeSettings(view);

  const copyOne = useCallback(
    async (i: number) => {
      const r = rows[i]!;
      if (!options) return;
      const ok = await copyText(spawnCommand(r[2], r[4], options));
      setCopied(ok ? i : null);
      setStatus(ok ? `Copied the command for ${r[0]}.` : "Copying failed; select the command and copy it by hand.");
    },
    [rows, options],
  );

  const copyAll = async () => {
    if (!options) return;
    const ok = await copyText(spawnCommands(rows, matches.visible, options).join("\n"));
    setCopied(null);
    setStatus(ok ? `Copied ${matches.visible.length} commands, one per line.` : "Copying failed.");
  };

  const exportJson = () => {
    if (!options) return;
    const doc = spawnExport(rows, mods, matches.visible, options, window.location.href, new Date());
    downloadText(JSON.stringify(doc, null, 2), "spawn-codes.json", "application/json");
    setStatus(`Exported ${doc.engrams.length} engrams as spawn-codes.json.`);
  };

  const layoutKey = `${loaded ? "all" : "first"}|${options ? `${options.prefix}${options.quantity}${options.quality}` : "none"}`;
  return (
    <div className="space-y-4" data-ready={ready ? "true" : undefined}>
      <SpawnSearchBar q={view.q} modId={scopeParam(scope)} active={active} filtersOpen={filtersOpen} onQuery={(text) => change({ q: text })} onToggleFilters={toggleFilters} />
      <SpawnControls
        view={view}
        mapCounts={counts}
        modChoices={page.modChoices}
        hasBaseGame={page.hasBaseGame}
        errors={check.errors}
        open={filtersOpen}
        clearHref={active > 0 ? hrefFor(defaults) : null}
        onChange={change}
        onClear={() => setView(defaults)}
      />
      <SpawnNotices view={view} mapCounts={counts} visibleCount={visibleCount} search={matches} errors={check.errors} filtered={maps !== 0 || modFilter.length > 0 || bp !== "all"} hrefFor={hrefFor} onChange={change} />
      <SpawnToolbar visibleCount={visibleCount} total={loaded?.length ?? page.first.total} canAct={ready && visibleCount > 0 && options !== null} status={status} onCopyAll={copyAll} onExport={exportJson} />
      <SpawnTable rows={rows} mods={mods} visible={matches.visible} options={options} layoutKey={layoutKey} copied={copied} onCopy={copyOne} />
      {!ready && visibleCount > page.first.rows.length && (
        <p className="py-4 text-center text-sm text-slate-300 noscript:hidden" aria-busy="true">
          Loading all {visibleCount.toLocaleString("en-US")} engrams…
        </p>
      )}
      {visibleCount > page.first.rows.length && (
        <p className="hidden py-4 text-center text-sm text-slate-300 noscript:block">
          Without JavaScript this page lists the first {page.first.rows.length} of these {visibleCount.toLocaleString("en-US")} engrams: search or filter to narrow them down.
        </p>
      )}
    </div>
  );
}
