"use client";
/**
 * The interactive part of the spawn page. The server renders the first rows of the
 * view's tab (engrams or creatures, searched and filtered: readable without JavaScript);
 * each tab's rows arrive once as JSON (dataUrls), then search, filters, command options,
 * copying and exporting run in the browser with no request, through the same lib/spawn
 * functions the server used. The view lives in the URL (history.replaceState, no
 * navigation), so a copied address restores it.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { baseCreaturesNote, emptyCatalogueNotice, gfiScopeNote, tabNoun } from "@/lib/spawn/spawn-notices";
import type { SpawnMod } from "@/lib/spawn/spawn-filter";
import type { SpawnPageData } from "@/lib/spawn/spawn-page";
import { scopeParam, type SpawnScope } from "@/lib/spawn/spawn-scope";
import {
  activeSettings,
  DEFAULT_VIEW,
  rowSource,
  spawnViewQuery,
  type RowSource,
  type SpawnTab,
  type SpawnView,
} from "@/lib/spawn/spawn-view";
import { FILTERS_ID, SpawnControls } from "./spawn-controls";
import { SpawnNotices } from "./spawn-notices";
import { SpawnSearchBar } from "./spawn-search-bar";
import { SpawnTable } from "./spawn-table";
import { SpawnTabs } from "./spawn-tabs";
import { SpawnToolbar } from "./spawn-toolbar";
import { useShownRows, useIdleSearchIndex } from "./use-shown-rows";
import { rowsFor, useSourceRows } from "./use-source-rows";
import { useSpawnActions } from "./use-spawn-actions";
import { useSpawnCommands } from "./use-spawn-commands";
import { formatCount, plural } from "@/lib/portal/format";
import { findSpawnRows } from "@/lib/spawn/spawn-search";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import type { TabAnswer } from "@/lib/spawn/spawn-page";
import { ViewLink } from "./view-link";

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
const NONE: ReadonlySet<number> = new Set();

/** The view in the address bar (replaceState: no navigation, no history entry per keystroke). */
function useViewInUrl(view: SpawnView, scope: SpawnScope) {
  useEffect(() => {
    const url = `${window.location.pathname}${spawnViewQuery(view, scope)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, "", url);
  }, [view, scope]);
}

/** Opened from far down the list, the filters panel (above the table) would be off screen. */
function scrollFiltersIntoView() {
  requestAnimationFrame(() => {
    const panel = document.getElementById(FILTERS_ID);
    const top = panel?.getBoundingClientRect().top ?? 0;
    if (top < 0 || top > window.innerHeight / 2) panel?.scrollIntoView({ block: "start" });
  });
}

/** While the table holds fewer rows than match: loading the rest, or, without JavaScript, how to narrow them. */
function MoreRowsNotes(props: {
  ready: boolean;
  fromServer: boolean;
  shown: number;
  visibleCount: number;
  noun: string;
}) {
  const { ready, fromServer, shown, visibleCount, noun } = props;
  const count = formatCount(visibleCount);
  const nouns = plural(visibleCount, noun, `${noun}s`);
  return (
    <>
      {!ready && (visibleCount > shown || !fromServer) && (
        <p className="py-4 text-center text-sm text-slate-300 noscript:hidden" aria-busy="true">
          Loading all {fromServer ? `${count} ` : ""}
          {nouns}…
        </p>
      )}
      {visibleCount > shown && (
        <p className="hidden py-4 text-center text-sm text-slate-300 noscript:block">
          Without JavaScript this page lists the first {shown} of these {count} {nouns}: search or filter to narrow them
          down.
        </p>
      )}
    </>
  );
}

/**
 * What the other tab answers the view's search: from its rows once they arrived; before
 * that the server's answer while the search and filters are still the ones it rendered;
 * else unknown (null).
 */
function useOtherTab(
  rows: SpawnRow[] | null,
  mods: SpawnMod[],
  view: SpawnView,
  tab: SpawnTab,
  page: Omit<SpawnPageData, "lastChanged">,
  initialView: SpawnView,
): TabAnswer | null {
  const { q, maps, mods: modFilter, bp, category, tameable } = view;
  return useMemo(() => {
    if (q.trim() === "") return null;
    if (rows) {
      const found = findSpawnRows(rows, mods, { q, maps, mods: modFilter, bp, category, tameable, tab });
      const first = found.visible[0];
      return { count: found.visible.length, top: found.top, best: first === undefined ? null : rows[first]![0] };
    }
    const asRendered =
      q === initialView.q &&
      maps === initialView.maps &&
      modFilter.join() === initialView.mods.join() &&
      bp === initialView.bp &&
      category === initialView.category &&
      tameable === initialView.tameable;
    return asRendered ? (page.answers?.[tab] ?? null) : null;
  }, [rows, mods, q, maps, modFilter, bp, category, tameable, tab, page, initialView]);
}

export function SpawnBrowser({ dataUrls, page, mods, scope, initialView }: Props) {
  const [view, setView] = useState(initialView);
  const [status, setStatus] = useState("");
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Engram rows the reader flipped to the other form than the view's (full command or GFI code).
  const [flipped, setFlipped] = useState(NONE);
  const { tab, maps, mods: modFilter, bp, form, category, tameable } = view;
  const source = rowSource(view);
  // A row flipped to its code needs the coded rows, fetched the first time one is.
  const anyFlipped = flipped.size > 0;
  const otherTab: SpawnTab = tab === "creatures" ? "items" : "creatures";
  const otherSource = rowSource({ tab: otherTab, form });
  const searching = view.q.trim() !== "";
  // With search text the other tab's rows come too: its tab then counts its matches as
  // the reader types, and points to itself when it answers better.
  const wanted = useMemo<RowSource[]>(
    () =>
      [
        ...(source === "items" && anyFlipped ? ["items", "gfi"] : [source]),
        ...(searching ? [otherSource] : []),
      ] as RowSource[],
    [source, anyFlipped, searching, otherSource],
  );
  const all = useSourceRows(dataUrls, wanted, setStatus);
  const loaded = rowsFor(all, source);
  const otherRows = rowsFor(all, otherSource);
  // What the server rendered belongs to its tab; another tab shows nothing until its rows arrive.
  const server = (tab === "creatures") === (page.source === "creatures") ? page : null;
  const { ready, rows, tags, matches, counts, facetCounts, visibleCount, total, hasBaseGame } = useShownRows(
    loaded,
    server,
    page,
    mods,
    view,
  );
  useIdleSearchIndex(loaded, mods, view, source === page.source);
  const other = useOtherTab(otherRows, mods, view, otherTab, page, initialView);
  const here = searching ? { count: visibleCount, top: ready ? matches.top : server ? page.search.top : 0 } : null;
  useViewInUrl(view, scope);
  const { fields, commandOf, errors, commandFor } = useSpawnCommands(view, rows, flipped, all.gfi);
  const noun = tabNoun(tab);
  const { copied, setCopied, copyOne, copyAll, exportJson } = useSpawnActions({
    tab,
    noun,
    rows,
    mods,
    visible: matches.visible,
    commandOf,
    commandFor,
    setStatus,
  });

  const flip = useCallback((key: number) => {
    setFlipped((f) => {
      const next = new Set(f);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const change = useCallback(
    (patch: Partial<SpawnView>) => {
      // Row numbers of one set of rows mean nothing in another.
      if (patch.tab !== undefined || patch.form !== undefined) {
        setCopied(null);
        setFlipped(NONE);
      }
      setView((v) => ({ ...v, ...patch }));
    },
    [setCopied],
  );
  const toggleFilters = () => {
    setFiltersOpen(!filtersOpen);
    if (!filtersOpen) scrollFiltersIntoView();
  };
  const hrefFor = (patch: Partial<SpawnView>) => `${PATH}${spawnViewQuery({ ...view, ...patch }, scope)}`;
  const defaults = { ...DEFAULT_VIEW, q: view.q, tab };
  const active = activeSettings(view);

  const { prefix, quantity, quality, giveTo, player, summon, level, distance, yOffset, zOffset } = fields;
  const options = [form, prefix, quantity, quality, giveTo, player, summon, level, distance, yOffset, zOffset];
  const layoutKey = `${tab}|${loaded ? "all" : "first"}|${commandOf ? options.join(" ") : "none"}`;
  const empty = total === 0 ? emptyCatalogueNotice(tab, scope, mods) : null;
  const baseNote = ready || server ? baseCreaturesNote(tab, scope, hasBaseGame) : null;
  return (
    <div className="space-y-4" data-ready={ready ? "true" : undefined} data-tab={tab}>
      <SpawnTabs
        tab={tab}
        counts={{ ...page.counts, [tab]: total }}
        matched={
          searching
            ? ({ [tab]: visibleCount, [otherTab]: other?.count ?? null } as Record<SpawnTab, number | null>)
            : null
        }
        hrefFor={hrefFor}
        onChange={change}
      />
      <SpawnSearchBar
        tab={tab}
        q={view.q}
        modId={scopeParam(scope)}
        game={view.game}
        active={active}
        filtersOpen={filtersOpen}
        onQuery={(text) => change({ q: text })}
        onToggleFilters={toggleFilters}
      />
      {here && other && other.count > 0 && other.top > here.top && (
        <p
          className="rounded border border-amber-700 bg-amber-950/30 px-3 py-2 text-sm text-slate-100"
          data-testid="better-tab"
        >
          {`“${view.q.trim()}” best matches ${otherTab === "creatures" ? "a creature" : "an item"}${other.best ? `: ${other.best}` : ""}. `}
          <ViewLink href={hrefFor({ tab: otherTab })} onFollow={() => change({ tab: otherTab })}>
            {`Show the ${formatCount(other.count)} matching ${plural(other.count, tabNoun(otherTab), `${tabNoun(otherTab)}s`)}`}
          </ViewLink>
        </p>
      )}
      {empty ? (
        <p className="rounded border border-slate-600 px-3 py-2 text-sm text-slate-200" data-testid="empty-catalogue">
          {empty}
          {page.counts[otherTab] > 0 && !(here && other && other.count > 0) && (
            <>
              {" "}
              <ViewLink href={hrefFor({ tab: otherTab })} onFollow={() => change({ tab: otherTab })}>
                {`See the ${formatCount(page.counts[otherTab])} ${plural(page.counts[otherTab], tabNoun(otherTab), `${tabNoun(otherTab)}s`)}`}
              </ViewLink>
            </>
          )}
        </p>
      ) : (
        <>
          {/* From 1024 px the panel sits beside the list, so the first results are on the first screen. */}
          <div className="space-y-4 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-4 lg:space-y-0">
            <SpawnControls
              view={view}
              mapCounts={counts}
              facetCounts={facetCounts}
              modChoices={page.modChoices}
              hasBaseGame={hasBaseGame}
              gfiNote={gfiScopeNote(scope, mods)}
              errors={errors}
              open={filtersOpen}
              clearHref={active > 0 ? hrefFor(defaults) : null}
              onChange={change}
              onClear={() => setView(defaults)}
            />
            <div className="min-w-0 space-y-4">
              {baseNote && <p className="text-sm text-slate-300">{baseNote}</p>}
              <SpawnNotices
                view={view}
                mapCounts={counts}
                visibleCount={visibleCount}
                search={matches}
                errors={errors}
                filtered={
                  maps !== 0 || modFilter.length > 0 || (tab === "items" ? bp !== "all" || category >= 0 : tameable)
                }
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
                game={view.game}
                tab={tab}
                rows={rows}
                tags={tags}
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
              <MoreRowsNotes
                ready={ready}
                fromServer={server !== null}
                shown={rows.length}
                visibleCount={visibleCount}
                noun={noun}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
