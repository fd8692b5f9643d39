/** The home page: what Beacon Hub is, live counts, and where to go next. */
import Link from "@/components/intent-link";
import { readDb } from "@/lib/db/replicas";
import { formatCount } from "@/lib/portal/format";
import { homeCounts } from "@/lib/portal/home-counts";

export const dynamic = "force-dynamic";

const DESTINATIONS = [
  {
    href: "/spawn/",
    title: "Spawn codes",
    text: "Every item's and creature's admin command for ARK: Survival Evolved and ARK: Survival Ascended, for one mod or all of them: filter by map, set quantity, quality or level, copy with one click.",
  },
  {
    href: "/spawn/colors",
    title: "Dye colours",
    text: "Every colour id with its swatch, and a builder for the SetTargetDinoColor commands that colour a creature.",
  },
  {
    href: "/documents",
    title: "Documents",
    text: "Loot, crafting and server presets shared by Beacon users, ready to download, with their Game.ini lines.",
  },
  {
    href: "/documents/new",
    title: "Loot editor",
    text: "Build supply-crate loot in the browser, from nothing, the game's default tables or your Game.ini, and take the lines back to your server.",
  },
  {
    href: "/tools/ini-check",
    title: "Ini checker",
    text: "Paste your server's Game.ini and GameUserSettings.ini: every setting the game would ignore, why, and the fix.",
  },
  {
    href: "/loot",
    title: "Loot crates",
    text: "What each of the game's supply crates and creature drops holds by default, the odds of every item, and which crates drop the item you want.",
  },
  {
    href: "/docs/api",
    title: "API reference",
    text: "The Beacon v1 API that game tools and mod authors talk to.",
    external: false,
  },
  {
    href: "/dashboard",
    title: "Dashboard",
    text: "Register and confirm your mods, manage engrams and your documents.",
  },
];

export default async function HomePage() {
  const counts = await homeCounts(readDb());
  const stats = [
    { label: "Confirmed mods", value: counts.mods },
    { label: "Engrams", value: counts.engrams },
    { label: "ASE creatures", value: counts.creatures.ase },
    { label: "ASA creatures", value: counts.creatures.asa },
    { label: "Documents", value: counts.documents },
    { label: "Downloads", value: counts.downloads },
  ];
  return (
    <div className="space-y-10">
      <section className="space-y-4" aria-labelledby="home-title">
        <h1 id="home-title" className="text-3xl font-bold sm:text-4xl">
          Beacon Hub
        </h1>
        <p className="max-w-3xl text-lg text-slate-300">
          A self-hostable catalogue and cloud store for ARK: Survival Evolved community content: mods and their engrams
          with admin spawn commands, and configuration documents anyone can download. Game clients speak to it over the
          Beacon v1 API at <code className="text-amber-300">/v1/</code>.
        </p>
        <p className="max-w-3xl text-slate-300">
          ARK: Survival Ascended has its own road: its creatures and the items its mod authors publish, with ASA&apos;s
          commands (
          <Link href="/spawn/?game=asa" className={textLink}>
            ASA spawn codes
          </Link>
          ). No public data set lists ASA&apos;s own items, so none is shown as ASA&apos;s.
        </p>
        <SpawnSearchForm />
      </section>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          In the catalogue now
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {stats.map((s) => (
            <div key={s.label} className="rounded-lg border border-slate-800 bg-slate-900/50 p-4">
              <dt className="text-sm text-slate-300">{s.label}</dt>
              <dd className="text-2xl font-bold text-amber-300" data-stat={s.label}>
                {formatCount(s.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="go-title" className="space-y-3">
        <h2 id="go-title" className="text-xl font-semibold">
          Where to go
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {DESTINATIONS.map((d) => (
            <li key={d.href}>
              {/* A plain <a> for the JSON document: no client-side navigation into it. */}
              {d.external ? (
                <a href={d.href} className={card}>
                  <CardBody title={d.title} text={d.text} />
                </a>
              ) : (
                <Link href={d.href} className={card}>
                  <CardBody title={d.title} text={d.text} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * A plain GET form: the spawn page answers /spawn/?q=… on the server, with or without
 * JavaScript, on the tab whose best match is best ("rex": the creature), in the game chosen.
 */
function SpawnSearchForm() {
  return (
    <form role="search" aria-label="Spawn codes" method="get" action="/spawn/" className="flex max-w-xl flex-col gap-1">
      <label htmlFor="home-search" className="text-sm font-medium text-slate-300">
        Find an item&apos;s or creature&apos;s spawn code
      </label>
      <div className="flex gap-2">
        <input
          id="home-search"
          name="q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="e.g. metal pickaxe, rex"
          className="min-h-11 min-w-0 flex-1 rounded border border-slate-600 bg-slate-900 px-3 text-base text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        />
        <label htmlFor="home-game" className="sr-only">
          Game
        </label>
        <select
          id="home-game"
          name="game"
          defaultValue="ase"
          className="min-h-11 rounded border border-slate-600 bg-slate-900 px-2 text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          <option value="ase">ASE</option>
          <option value="asa">ASA</option>
        </select>
        <button
          type="submit"
          className="min-h-11 rounded bg-amber-400 px-4 font-semibold text-slate-950 hover:bg-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-200"
        >
          Search
        </button>
      </div>
    </form>
  );
}

const textLink =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

const card =
  "block h-full rounded-lg border border-slate-800 p-4 hover:border-amber-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

function CardBody({ title, text }: { title: string; text: string }) {
  return (
    <>
      <span className="block text-lg font-semibold text-amber-400">{title}</span>
      <span className="mt-1 block text-sm text-slate-300">{text}</span>
    </>
  );
}
