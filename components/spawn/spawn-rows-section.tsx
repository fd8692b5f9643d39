/**
 * Server part of the spawn page that needs the rows (streamed after the header): the
 * first rows of the requested view, rendered into the HTML; the browser fetches the rest.
 */
import { db } from "@/lib/db/client";
import { formatUtc } from "@/lib/portal/format";
import { loadSpawnRows } from "@/lib/portal/spawn-catalogue";
import { filterRows, FIRST_ROWS, type SpawnMod } from "@/lib/portal/spawn-filter";
import type { SpawnView } from "@/lib/portal/spawn-view";
import { SpawnBrowser } from "./spawn-browser";

interface Props {
  mods: SpawnMod[];
  /** the page's mod_id; empty for all spawn codes */
  modIds: string[];
  initialView: SpawnView;
  dataUrl: string;
}

export async function SpawnRowsSection({ mods, modIds, initialView, dataUrl }: Props) {
  const { rows, lastChanged, hasBaseGame } = await loadSpawnRows(db(), { mods, all: modIds.length === 0 });
  const visible = filterRows(rows, mods, initialView);
  const first = { rows: visible.slice(0, FIRST_ROWS).map((i) => rows[i]!), visibleCount: visible.length, total: rows.length };
  return (
    <>
      {lastChanged && (
        <p className="-mt-3 text-sm text-slate-400">
          Engrams last changed <time dateTime={lastChanged.toISOString()}>{formatUtc(lastChanged)}</time>
        </p>
      )}
      <SpawnBrowser dataUrl={dataUrl} first={first} mods={mods} hasBaseGame={hasBaseGame} modIds={modIds} initialView={initialView} />
    </>
  );
}

export function SpawnRowsSkeleton() {
  return (
    <div role="status" className="rounded-lg border border-slate-800 p-6 text-slate-300">
      Loading spawn codes…
    </div>
  );
}
