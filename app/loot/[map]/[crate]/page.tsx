/**
 * /loot/<map>/<crate>: one of the game's crates (ASE): its odds per item, sortable, under
 * either count rule (?rule=), and its default contents. No JavaScript needed: the sort and
 * the rule are links. lib/loot/crate-pages does the work.
 */
import type { Metadata } from "next";
import { decodeSegment } from "@/lib/portal/path-segment";
import { notFound } from "next/navigation";
import { cache } from "react";
import Link from "@/components/intent-link";
import { CrateContents } from "@/components/loot/crate-contents";
import { CountRuleLinks } from "@/components/loot/count-rule-links";
import { CrateOddsTable } from "@/components/loot/crate-odds-table";
import { readDb } from "@/lib/db/replicas";
import { crateView, nameOf, parseCrateQuery, type OddsSort } from "@/lib/loot/crate-pages";
import { findGameCrate } from "@/lib/loot/game-crates";
import type { CountRule } from "@/lib/loot/odds/count-rule";
import { percent } from "@/lib/loot/shares";

export const dynamic = "force-dynamic";

type Params = Promise<{ map: string; crate: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

const crateAt = cache(async (map: string, crate: string) => findGameCrate(decodeSegment(map), decodeSegment(crate)));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { map, crate } = await params;
  const ref = await crateAt(map, crate);
  if (!ref) return { title: "No such crate" };
  return {
    title: `${ref.title}${ref.mapName ? ` (${ref.mapName})` : ""}: what it drops`,
    description: `The default contents of ${ref.title} in ARK: Survival Evolved, with the chance of every item per crate.`,
  };
}

export default async function CratePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { map, crate } = await params;
  const ref = await crateAt(map, crate);
  if (!ref) notFound();
  const { rule, sort } = parseCrateQuery(await searchParams);
  const view = await crateView(readDb(), ref, rule, sort);
  const href = (next: { rule?: CountRule; sort?: OddsSort }) => {
    const r = next.rule ?? rule;
    const s = next.sort ?? sort;
    const query = [r !== "rounded" && `rule=${r}`, s !== "likely" && `sort=${s}`].filter(Boolean).join("&");
    return `${ref.path}${query ? `?${query}` : ""}`;
  };
  const c = ref.crate;
  const expected = view.odds.expectedItems;
  const empty = view.odds.itemCount.pmf[0] ?? 0;
  return (
    <article className="space-y-6 [overflow-wrap:anywhere]" aria-labelledby="crate-title">
      <header className="space-y-1">
        <p className="text-sm text-slate-400">
          <Link href="/loot" className={link}>
            The game&apos;s loot crates
          </Link>
          {` · ${c.kind === "crate" ? "Supply crate" : "Drop"} of ARK: Survival Evolved`}
        </p>
        <h1 id="crate-title" className="text-2xl font-bold break-words sm:text-3xl">
          {ref.title}
        </h1>
        <p className="text-sm text-slate-300">
          {ref.mapName ? `${ref.mapName}` : "Creature and other drops"}
          {c.maps.length > 1 && ` (also ${c.maps.length - 1} more ${c.maps.length === 2 ? "map" : "maps"})`}
          {" · "}
          <code className="break-all">{c.class}</code>
        </p>
      </header>
      <section aria-labelledby="crate-summary-title" className="space-y-2">
        <h2 id="crate-summary-title" className="text-xl font-semibold">
          Per crate
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-slate-400">Items, on average</dt>
          <dd data-testid="crate-expected">
            {expected.value.toFixed(2)}
            {expected.low !== undefined && ` (simulated: ${expected.low.toFixed(2)} to ${expected.high!.toFixed(2)})`}
          </dd>
          <dt className="text-slate-400">Item sets rolled</dt>
          <dd>{`${c.setQty.min === c.setQty.max ? c.setQty.min : `${c.setQty.min} to ${c.setQty.max}`} of ${c.sets.length}${c.setQty.pow !== 1 ? `, power ${c.setQty.pow}` : ""}`}</dd>
          <dt className="text-slate-400">Empty crates</dt>
          <dd>{percent(empty)}</dd>
          <dt className="text-slate-400">Quality multiplier</dt>
          <dd>
            {c.qualityMult.min === c.qualityMult.max
              ? `×${c.qualityMult.min}`
              : `×${c.qualityMult.min} to ×${c.qualityMult.max}`}
          </dd>
        </dl>
        <CountRuleLinks rule={rule} href={(r) => href({ rule: r })} linkClass={link} />
        <p className="text-sm text-slate-400">
          {view.odds.exact
            ? "Every figure is exact, computed from the crate's weights and counts."
            : "This crate is too large to compute exactly: its figures come from a seeded simulation, each with its 95 % interval."}{" "}
          The sources give a count&apos;s minimum, maximum and power but not the formula, so both readings are offered
          (docs/LOOT.md in the source explains them). Quality assumes the default difficulty.
        </p>
      </section>
      <section aria-labelledby="crate-odds-title" className="space-y-2">
        <h2 id="crate-odds-title" className="text-xl font-semibold">
          {`Odds of its ${view.rows.length} items`}
        </h2>
        <CrateOddsTable view={view} sortHref={(s) => href({ sort: s })} />
      </section>
      <section aria-labelledby="crate-contents-title" className="space-y-2">
        <h2 id="crate-contents-title" className="text-xl font-semibold">
          Default contents
        </h2>
        <p className="text-sm">
          <Link href={`/documents/new?start=crate&crate=${encodeURIComponent(c.class)}`} className={link}>
            Start a loot document from these contents
          </Link>
          <span className="text-slate-400"> (in the loot editor, to change as you like)</span>
        </p>
        <CrateContents crate={c} nameOf={(cls) => nameOf(view.names, cls)} />
      </section>
    </article>
  );
}
