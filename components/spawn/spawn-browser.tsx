"use client";
/**
 * The interactive part of the spawn page. The server renders the first rows of the
 * view; all rows arrive once as JSON (dataUrl), then filtering, command options,
 * copying and exporting run in the browser with no request. The view lives in the URL
 * (history.replaceState, no navigation), so a copied address restores it.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { environmentNames } from "@/lib/engrams/environments";
import { spawnCommand } from "@/lib/portal/spawn-command";
import { filterRows, searchTexts, type SpawnMod, type SpawnRow } from "@/lib/portal/spawn-filter";
import { spawnViewQuery, type SpawnView } from "@/lib/portal/spawn-view";
import { copyText, downloadText } from "./copy-text";
import { SpawnControls } from "./spawn-controls";
import { SpawnTable } from "./spawn-table";

interface Props {
  /** where all rows are fetched (SpawnRow[] as JSON) */
  dataUrl: string;
  /** what the server rendered: the first rows of the initial view, its size, all rows' count */
  first: { rows: SpawnRow[]; visibleCount: number; total: number };
  mods: SpawnMod[];
  hasBaseGame: boolean;
  /** the page's mod_id (empty on "All spawn codes"), kept first in the URL */
  modIds: string[];
  initialView: SpawnView;
}

const button =
  "rounded bg-slate-800 px-3 py-1.5 text-sm font-medium text-slate-100 hover:bg-slate-700 disabled:opacity-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function SpawnBrowser({ dataUrl, first, mods, hasBaseGame, modIds, initialView }: Props) {
  const [view, setView] = useState(initialView);
  const [copied, setCopied] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const [loaded, setLoaded] = useState<SpawnRow[] | null>(null);

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
  const rows = loaded ?? first.rows;
  const { q, maps, mods: modFilter, bp } = view;
  // Command options do not change which rows show: only the filter fields re-filter.
  // Until all rows are here, the table shows what the server rendered.
  const visible = useMemo(() => (loaded ? filterRows(loaded, mods, { q, maps, mods: modFilter, bp }) : first.rows.map((_, i) => i)), [loaded, first.rows, mods, q, maps, modFilter, bp]);
  const options = { prefix: view.prefix, quantity: view.quantity, quality: view.quality, kind: view.kind };

  useEffect(() => {
    if (!loaded) return;
    performance.mark("spawn-ready");
    // Build the search index while idle, so the first keystroke does not pay for it.
    const idle = window.requestIdleCallback?.(() => searchTexts(loaded)) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, [loaded]);

  useEffect(() => {
    const url = `${window.location.pathname}${spawnViewQuery(view, modIds)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [view, modIds]);

  const change = useCallback((patch: Partial<SpawnView>) => setView((v) => ({ ...v, ...patch })), []);

  const commandOf = (i: number) => {
    const r = rows[i]!;
    return spawnCommand(r[2], r[4], options);
  };

  const copyOne = async (i: number) => {
    const ok = await copyText(commandOf(i));
    setCopied(ok ? i : null);
    setStatus(ok ? `Copied the command for ${rows[i]![0]}.` : "Copying failed; select the command and copy it by hand.");
  };

  const copyAll = async () => {
    const ok = await copyText(visible.map(commandOf).join("\n"));
    setCopied(null);
    setStatus(ok ? `Copied ${visible.length} commands, one per line.` : "Copying failed.");
  };

  const exportJson = () => {
    const items = visible.map((i) => {
      const [label, className, path, env, canBlueprint, mod] = rows[i]!;
      return { label, class: className, path, environments: environmentNames(env), can_blueprint: canBlueprint, mod_id: mods[mod]?.id ?? null, mod_name: mods[mod]?.name ?? null, command: commandOf(i) };
    });
    const view_url = window.location.href;
    downloadText(JSON.stringify({ view_url, exported_at: new Date().toISOString(), engrams: items }, null, 2), "spawn-codes.json", "application/json");
    setStatus(`Exported ${items.length} engrams as spawn-codes.json.`);
  };

  return (
    <div className="space-y-4" data-ready={ready ? "true" : undefined}>
      <SpawnControls view={view} mods={mods} hasBaseGame={hasBaseGame} onChange={change} />
      <div className="flex flex-wrap items-center gap-3">
        <p className="mr-auto text-sm text-slate-300" aria-live="polite" data-testid="result-count">
          Showing {(ready ? visible.length : first.visibleCount).toLocaleString("en-US")} of {(loaded?.length ?? first.total).toLocaleString("en-US")} engrams
        </p>
        <button type="button" className={button} onClick={copyAll} disabled={!ready || visible.length === 0}>
          Copy all visible
        </button>
        <button type="button" className={button} onClick={exportJson} disabled={!ready || visible.length === 0}>
          Export view as JSON
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-emerald-300">
        {status}
      </p>
      <SpawnTable rows={rows} mods={mods} visible={visible} options={options} copied={copied} onCopy={copyOne} />
      {!ready && first.visibleCount > first.rows.length && (
        <p className="py-4 text-center text-sm text-slate-300" aria-busy="true">
          Loading all {first.visibleCount.toLocaleString("en-US")} engrams…
        </p>
      )}
      {ready && visible.length === 0 && <p className="py-8 text-center text-slate-300">No engram matches this view.</p>}
    </div>
  );
}
