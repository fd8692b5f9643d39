/**
 * Server part of the spawn page that needs the rows: the first rows of the requested
 * view (engrams or creatures, by its tab), searched and filtered (lib/spawn/spawn-page),
 * rendered into the HTML; the browser fetches the rest.
 */
import { readDb } from "@/lib/db/replicas";
import { formatUtc } from "@/lib/portal/format";
import type { SpawnMod } from "@/lib/spawn/spawn-filter";
import { loadSpawnPage } from "@/lib/spawn/spawn-page";
import type { SpawnScope } from "@/lib/spawn/spawn-scope";
import type { RowSource, SpawnView } from "@/lib/spawn/spawn-view";
import { SpawnBrowser } from "./spawn-browser";

interface Props {
  mods: SpawnMod[];
  scope: SpawnScope;
  initialView: SpawnView;
  /** where each kind of rows is fetched */
  dataUrls: Record<RowSource, string>;
  /** the reader's locale: the rows' order */
  locale: string;
}

export async function SpawnRowsSection({ mods, scope, initialView, dataUrls, locale }: Props) {
  const { lastChanged, ...page } = await loadSpawnPage(readDb(), { scope, mods, view: initialView, locale });
  return (
    <>
      {lastChanged && (
        <p className="-mt-3 text-sm text-slate-400">
          {initialView.tab === "creatures" ? "Creatures" : "Engrams"} last changed{" "}
          <time dateTime={lastChanged.toISOString()}>{formatUtc(lastChanged)}</time>
        </p>
      )}
      <SpawnBrowser dataUrls={dataUrls} page={page} mods={mods} scope={scope} initialView={initialView} />
    </>
  );
}
