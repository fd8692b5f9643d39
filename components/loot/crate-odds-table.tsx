/**
 * A crate's odds, one row per item: the chance a crate holds at least one, the units per
 * crate on average, the blueprint chance and the most likely quality tier. The column
 * headers are plain links that sort (no JavaScript); simulated figures carry their 95 %
 * interval. Scrolls sideways inside its own focusable box on a phone.
 */
import Link from "@/components/intent-link";
import type { CrateView, OddsSort } from "@/lib/loot/crate-pages";
import { QUALITY_TIERS, qualityName } from "@/lib/loot/quality";
import { percent } from "@/lib/loot/shares";
import type { Figure } from "@/lib/loot/odds/odds";

const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

const units = (x: number) => (x >= 10 ? x.toFixed(1) : x >= 0.01 ? x.toFixed(2) : x > 0 ? "<0.01" : "0");

function FigureText({ figure, format }: { figure: Figure; format: (x: number) => string }) {
  if (figure.low === undefined || figure.high === undefined) return <>{format(figure.value)}</>;
  return (
    <>
      {format(figure.value)}
      <span className="block text-xs text-slate-400">{`simulated: ${format(figure.low)} to ${format(figure.high)}`}</span>
    </>
  );
}

/** The tier most of its units are, by the entry's quality range and the crate's multiplier. */
function likelyTier(tiers: number[]): string {
  let best = 0;
  tiers.forEach((share, i) => {
    if (share > tiers[best]!) best = i;
  });
  const tier = QUALITY_TIERS[best];
  return tier ? qualityName(tier) : "";
}

const SORT_LABELS: Record<OddsSort, string> = { likely: "Most likely", rarest: "Rarest", item: "By item" };

export function CrateOddsTable({
  view,
  sortHref,
}: {
  /** a game crate's view, or a document source's odds in the same shape */
  view: Pick<CrateView, "sort" | "rows">;
  sortHref: (sort: OddsSort) => string;
}) {
  const th = "px-2 py-2 text-left font-medium";
  return (
    <div className="space-y-2">
      <nav aria-label="Sort the odds" className="flex flex-wrap gap-x-4 text-sm">
        {(Object.keys(SORT_LABELS) as OddsSort[]).map((sort) =>
          view.sort === sort ? (
            <span key={sort} aria-current="true" className="py-2 font-semibold text-amber-200">
              {SORT_LABELS[sort]}
            </span>
          ) : (
            <Link key={sort} href={sortHref(sort)} className={`py-2 ${link}`}>
              {SORT_LABELS[sort]}
            </Link>
          ),
        )}
      </nav>
      <div
        className="overflow-x-auto rounded-lg border border-slate-800"
        tabIndex={0}
        role="region"
        aria-label="Odds per item"
      >
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="bg-slate-900 text-slate-300">
            <tr>
              <th scope="col" className={th}>
                Item
              </th>
              <th scope="col" className={th}>
                Chance per crate
              </th>
              <th scope="col" className={th}>
                Units per crate
              </th>
              <th scope="col" className={th}>
                Blueprint
              </th>
              <th scope="col" className={th}>
                Most likely quality
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.key || "none"} className="border-t border-slate-800" data-odds-row="">
                <th scope="row" className="px-2 py-2 text-left font-normal">
                  {row.name.href ? (
                    <Link href={row.name.href} className={link}>
                      {row.name.label}
                    </Link>
                  ) : (
                    <span>{row.name.label}</span>
                  )}
                  {row.key && <span className="block font-mono text-xs break-all text-slate-400">{row.key}</span>}
                </th>
                <td className="px-2 py-2" data-chance="">
                  <FigureText figure={row.atLeastOne} format={percent} />
                </td>
                <td className="px-2 py-2">
                  <FigureText figure={row.expected} format={units} />
                </td>
                <td className="px-2 py-2">{percent(row.blueprint)}</td>
                <td className="px-2 py-2">{likelyTier(row.tiers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
