/**
 * /loot: the game's crates (ASE), by map, and the crate search: ?q=tek+rifle lists the
 * crates that drop each item so named, most likely first; a crate's own name, class or
 * map finds the crate. One GET form and plain links: no JavaScript needed.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { GAME_MAPS } from "@/lib/catalogue/game-maps";
import { readDb } from "@/lib/db/replicas";
import { searchCrates, type ItemCrates } from "@/lib/loot/crate-pages";
import { gameCrates, type GameCrateRef } from "@/lib/loot/game-crates";
import { percent } from "@/lib/loot/shares";
import { countOf } from "@/lib/portal/format";

export const dynamic = "force-dynamic";
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
/** Crates listed under one item of a search; the rest are a link away (the item's own search). */
const CRATES_PER_ITEM = 8;

const queryOf = (q: string | string[] | undefined) => (Array.isArray(q) ? (q[0] ?? "") : (q ?? "")).slice(0, 200);

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = queryOf((await searchParams).q).trim();
  return { title: q ? `Crates for “${q}”` : "The game's loot crates" };
}

function crateName(ref: GameCrateRef) {
  return `${ref.title}${ref.mapName ? ` (${ref.mapName})` : ""}`;
}

function ItemResult({ item }: { item: ItemCrates }) {
  const shown = item.drops.slice(0, CRATES_PER_ITEM);
  return (
    <li className="space-y-1 rounded-lg border border-slate-800 p-3" data-item-result="">
      <h3 className="font-semibold">
        {item.name.href ? (
          <Link href={item.name.href} className={link}>
            {item.name.label}
          </Link>
        ) : (
          item.name.label
        )}
        <span className="ml-2 font-mono text-xs font-normal break-all text-slate-400">{item.cls}</span>
      </h3>
      <p className="text-sm text-slate-300">{`Dropped by ${countOf(item.drops.length, "crate", "crates")}, most likely first:`}</p>
      <ul className="space-y-1 text-sm">
        {shown.map((d) => (
          <li key={d.crate.path}>
            <Link href={d.crate.path} className={link}>
              {crateName(d.crate)}
            </Link>
            <span className="text-slate-300">{` · ${percent(d.atLeastOne)} per crate${d.simulated ? " (simulated)" : ""}`}</span>
          </li>
        ))}
      </ul>
      {item.drops.length > shown.length && (
        <p className="text-sm">
          <Link href={`/loot?q=${encodeURIComponent(item.cls)}`} className={link}>
            {`All ${item.drops.length} crates that drop it`}
          </Link>
        </p>
      )}
    </li>
  );
}

function CrateList({ refs, withMap = false }: { refs: GameCrateRef[]; withMap?: boolean }) {
  return (
    <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {refs.map((ref) => (
        <li key={ref.path}>
          <Link href={ref.path} className={`inline-block py-1 ${link}`}>
            {withMap ? crateName(ref) : ref.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ByMap() {
  const refs = gameCrates();
  const groups = [
    ...GAME_MAPS.map((m) => ({ key: m.key.toLowerCase(), name: m.name })),
    { key: "any", name: "Creature and other drops" },
  ]
    .map((g) => ({
      ...g,
      refs: refs.filter((r) => r.map === g.key).sort((a, b) => a.title.localeCompare(b.title, "en")),
    }))
    .filter((g) => g.refs.length > 0);
  return (
    <>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`map-${g.key}`} className="space-y-2">
          <h2 id={`map-${g.key}`} className="text-xl font-semibold">
            {`${g.name} (${g.refs.length})`}
          </h2>
          <CrateList refs={g.refs} />
        </section>
      ))}
    </>
  );
}

export default async function LootPage({ searchParams }: { searchParams: SearchParams }) {
  const q = queryOf((await searchParams).q);
  const found = q.trim() ? await searchCrates(readDb(), q) : null;
  return (
    <section className="space-y-6 [overflow-wrap:anywhere]" aria-labelledby="loot-title">
      <header className="space-y-2">
        <h1 id="loot-title" className="text-2xl font-bold sm:text-3xl">
          The game&apos;s loot crates
        </h1>
        <p className="text-slate-300">
          {`The default contents of ARK: Survival Evolved's ${gameCrates().length} supply crates and creature drops, with the odds of every item per crate. No public data set lists ARK: Survival Ascended's crates, so none is shown as ASA's.`}
        </p>
        <form role="search" aria-label="Crates" method="get" action="/loot" className="flex max-w-xl flex-col gap-1">
          <label htmlFor="loot-search" className="text-sm font-medium text-slate-300">
            Find a crate, or the crates that drop an item
          </label>
          <div className="flex gap-2">
            <input
              id="loot-search"
              name="q"
              type="search"
              defaultValue={q}
              enterKeyHint="search"
              autoComplete="off"
              placeholder="e.g. tek rifle, island red"
              className="min-h-11 min-w-0 flex-1 rounded border border-slate-600 bg-slate-900 px-3 text-base text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
            />
            <button
              type="submit"
              className="min-h-11 rounded bg-amber-400 px-4 font-semibold text-slate-950 hover:bg-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-200"
            >
              Search
            </button>
          </div>
        </form>
      </header>
      {found ? (
        <>
          <section aria-labelledby="loot-items-title" className="space-y-2">
            <h2 id="loot-items-title" className="text-xl font-semibold">
              {found.items.length > 0
                ? "Items and the crates that drop them"
                : `No item any crate drops matches “${q.trim()}”`}
            </h2>
            {found.items.length > 0 && (
              <ul className="space-y-3">
                {found.items.map((item) => (
                  <ItemResult key={item.cls} item={item} />
                ))}
              </ul>
            )}
          </section>
          {found.crates.length > 0 && (
            <section aria-labelledby="loot-crates-title" className="space-y-2">
              <h2 id="loot-crates-title" className="text-xl font-semibold">
                {`Crates named so (${found.crates.length})`}
              </h2>
              <CrateList refs={found.crates} withMap />
            </section>
          )}
          <p className="text-sm">
            <Link href="/loot" className={link}>
              Every crate, by map
            </Link>
          </p>
        </>
      ) : (
        <ByMap />
      )}
    </section>
  );
}
