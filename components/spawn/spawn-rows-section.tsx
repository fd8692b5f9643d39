/**
 * Server part of the spawn page that needs the rows: the first rows of the requested
 * view (engrams or creatures, by its tab), searched and filtered (lib/spawn/spawn-page),
 * rendered into the HTML; the browser fetches the rest.
 */
import { readDb } from "@/lib/db/replicas";
import { formatUtc } from "@/lib/portal/format";
import type { SpawnMod } from "@/lib/spawn/spawn-filter";
import { ASA_ITEMS_NOTE } from "@/lib/spawn/spawn-notices";
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
  /** the address named the tab; else the page opens on the tab that answers it (lib/spawn/spawn-page chooseTab) */
  tabGiven: boolean;
}

export async function SpawnRowsSection({ mods, scope, initialView, dataUrls, locale, tabGiven }: Props) {
  const { lastChanged, ...page } = await loadSpawnPage(readDb(), { scope, mods, view: initialView, locale, tabGiven });
  const view = { ...initialView, tab: page.tab };
  return (
    <>
      {lastChanged && (
        <p className="-mt-3 text-sm text-slate-400">
          {view.tab === "creatures" ? "Creatures" : "Engrams"} last changed{" "}
          <time dateTime={lastChanged.toISOString()}>{formatUtc(lastChanged)}</time>
        </p>
      )}
      {scope.game === "asa" && view.tab === "items" && page.first.total > 0 && (
        <p className="text-sm text-slate-300" data-testid="asa-items-note">
          {ASA_ITEMS_NOTE}
        </p>
      )}
      <SpawnBrowser dataUrls={dataUrls} page={page} mods={mods} scope={scope} initialView={view} />
    </>
  );
}
