/**
 * /spawn/, /spawn/?mod_id= (the base game) and /spawn/?mod_id=<id>[,<id>] (the mods'
 * spawncodes_url, docs/CONTRACT.md#mods), with the view in the query (`q=` searches). A 404 for
 * unregistered mods is decided from one small query; the first rows of the view are in
 * the HTML (searched and filtered by the server, readable without JavaScript), while the
 * browser fetches all rows as JSON (preloaded from the head), then searches and filters
 * them without further requests. No Suspense boundary: content streamed behind one is
 * revealed by a script, so without JavaScript it would stay hidden; the rows are cached
 * (lib/spawn/spawn-catalogue), so waiting for them costs a few milliseconds but on the
 * first visit after a change. `tab=creatures` shows the scope's creatures instead of its
 * engrams (docs/PORTAL.md#creatures-tab), with the same search, filters and layout. Rendered once per
 * address, locale and version of the mods, engrams and creatures, then served from memory
 * (lib/server/page-cache.ts): nothing on it may depend on the time or the visitor.
 */
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "@/components/intent-link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { preload } from "react-dom";
import { ReportLink } from "@/components/moderation/report-link";
import { SpawnRowsSection } from "@/components/spawn/spawn-rows-section";
import { readerLocale } from "@/lib/catalogue/item-order";
import { config } from "@/lib/config";
import { readDb } from "@/lib/db/replicas";
import { feedAlternate, feedPaths } from "@/lib/feeds/feeds";
import { FeedLink } from "@/components/feed-link";
import { findSpawnMods, parseSpawnScope, spawnRowsUrl } from "@/lib/spawn/spawn-catalogue";
import type { SpawnScope } from "@/lib/spawn/spawn-scope";
import { GAME_NAMES, GAMES, type Game } from "@/lib/catalogue/game";
import { parseSpawnView, rowSource, type RowSource } from "@/lib/spawn/spawn-view";

// Not view-link.tsx's linkStyle: a "use client" module's constants are references on the server.
const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Metadata and page share one query per request. */
const modsFor = cache(async (modIdParam: string | undefined, gameParam: string | undefined) => {
  const { scope, invalid } = parseSpawnScope(modIdParam, gameParam);
  if (invalid.length > 0) return { scope, result: { found: false as const, missing: invalid } };
  return { scope, result: await findSpawnMods(readDb(), scope) };
});

function titleOf(scope: SpawnScope, names: string[]): string {
  const title =
    scope.kind === "all"
      ? "All spawn codes"
      : scope.kind === "base"
        ? "Spawn codes for the base game"
        : `Spawn codes for ${names.join(", ")}`;
  return scope.game === "asa" ? `${title} (ARK: Survival Ascended)` : title;
}

/**
 * The game switch: each game's whole catalogue with the same search text, on the tab the
 * address names (none: the tab that answers, lib/spawn/spawn-page chooseTab; ASA has no
 * base items, so its page opens on its creatures).
 */
function GameSwitch({ game, tab, q }: { game: Game; tab: string | undefined; q: string }) {
  const href = (g: Game) => {
    const p = new URLSearchParams();
    if (g === "asa") p.set("game", "asa");
    if (tab === "creatures" || tab === "items") p.set("tab", tab);
    if (q.trim()) p.set("q", q);
    const s = p.toString();
    return `/spawn/${s ? `?${s}` : ""}`;
  };
  return (
    <nav aria-label="Game" className="flex flex-wrap gap-x-4 text-sm" data-testid="game-switch">
      {/* A plain link, not next/link: a client-side navigation between games showed the
          previous game's rows (1,168 creatures on the ASA tab); a full load does not. */}
      {GAMES.map((g) => (
        <a
          key={g}
          href={href(g)}
          aria-current={g === game ? "page" : undefined}
          className={g === game ? "font-semibold text-amber-200" : link}
        >
          {GAME_NAMES[g]}
        </a>
      ))}
    </nav>
  );
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const query = await searchParams;
  const { scope, result } = await modsFor(first(query.mod_id), first(query.game));
  if (!result.found) return { title: "Mod not registered" };
  const view = parseSpawnView(query);
  const q = view.q.trim();
  const title = `${titleOf(
    scope,
    result.mods.map((m) => m.name),
  )}${view.tab === "creatures" ? ": creatures" : ""}`;
  // One mod's page names that mod's feed of catalogue changes.
  const alternates =
    scope.kind === "mods" && scope.ids.length === 1
      ? feedAlternate(config().BASE_URL, feedPaths.mod(scope.ids[0]!), `${title}: catalogue changes`)
      : undefined;
  return { title: q ? `${title} matching “${q}”` : title, alternates };
}

export default async function SpawnPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const { scope, result } = await modsFor(first(query.mod_id), first(query.game));
  if (!result.found) notFound();
  const locale = readerLocale((await headers()).get("accept-language"));
  const view = parseSpawnView(query);
  const dataUrls: Record<RowSource, string> = {
    items: spawnRowsUrl(scope, locale),
    gfi: spawnRowsUrl(scope, locale, "gfi"),
    creatures: spawnRowsUrl(scope, locale, "creatures"),
  };
  preload(dataUrls[rowSource(view)], { as: "fetch", crossOrigin: "anonymous" });
  return (
    <section className="space-y-4" aria-labelledby="spawn-title">
      <header className="space-y-1">
        <h1 id="spawn-title" className="text-2xl font-bold sm:text-3xl">
          {titleOf(
            scope,
            result.mods.map((m) => m.name),
          )}
        </h1>
        <GameSwitch game={scope.game ?? "ase"} tab={first(query.tab)} q={view.q} />
        <p className="text-sm">
          <Link href="/spawn/colors" className={link}>
            Dye colours and the colour builder
          </Link>
        </p>
        {scope.kind === "mods" && (
          <p className="flex flex-wrap items-center gap-x-4">
            {scope.ids.length === 1 && (
              <FeedLink href={feedPaths.mod(scope.ids[0]!)} what={`catalogue changes of ${result.mods[0]?.name}`} />
            )}
            {result.mods.map((m) => (
              <ReportLink
                key={m.id}
                kind="mod"
                id={m.id}
                label={`mod ${m.name}`}
                text={result.mods.length > 1 ? `Report ${m.name}` : "Report this mod"}
              />
            ))}
          </p>
        )}
      </header>
      <SpawnRowsSection
        mods={result.mods}
        scope={scope}
        initialView={view}
        dataUrls={dataUrls}
        locale={locale}
        tabGiven={first(query.tab) !== undefined}
      />
    </section>
  );
}
