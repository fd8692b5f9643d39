"use client";
/**
 * What a crate of the source being edited drops, as the admin types (docs/LOOT.md#odds-in-the-editor):
 * items per crate, empty crates and the most likely items, from the odds engine within a
 * page's budget. Deferred (useDeferredValue): the fields answer each key first, the odds
 * follow; each computation is measured as "loot-odds" (performance.measure) for the e2e
 * timing on a throttled phone profile.
 */
import { useDeferredValue, useMemo } from "react";
import type { LootSource } from "@/lib/loot/loot-document";
import { boundedSourceOdds, PAGE_ODDS_BUDGET, type BoundedOdds } from "@/lib/loot/odds/odds";
import { oddsSourceOf } from "@/lib/loot/odds/shape";
import { percent } from "@/lib/loot/shares";
import { useEditor } from "./editor-context";

/** Items listed before "All N items". */
const FIRST_ITEMS = 8;

function measuredOdds(source: LootSource, difficulty: number): BoundedOdds {
  const started = performance.now();
  const odds = boundedSourceOdds(oddsSourceOf(source, difficulty), {}, PAGE_ODDS_BUDGET);
  performance.measure("loot-odds", { start: started, end: performance.now() });
  return odds;
}

const units = (x: number) => (x >= 10 ? x.toFixed(1) : x >= 0.01 ? x.toFixed(2) : "<0.01");

export function SourceOdds({ pid, source, difficulty }: { pid: string; source: LootSource; difficulty: number }) {
  const api = useEditor();
  const shown = useDeferredValue(source);
  const shownDifficulty = useDeferredValue(difficulty);
  const odds = useMemo(() => measuredOdds(shown, shownDifficulty), [shown, shownDifficulty]);
  const names = useMemo(() => {
    const out = new Map<string, string>();
    for (const set of shown.itemSets)
      for (const entry of set.entries)
        for (const item of entry.items) {
          const key = item.class.toLowerCase();
          if (!out.has(key)) out.set(key, api.lookup(item)?.label ?? (item.class || "(no item)"));
        }
    return out;
  }, [shown, api]);
  const heading = `${pid}-odds-title`;
  const likely = useMemo(
    () =>
      "odds" in odds
        ? [...odds.odds.items].sort((a, b) => b.atLeastOne.value - a.atLeastOne.value || a.key.localeCompare(b.key))
        : [],
    [odds],
  );
  return (
    <section
      aria-labelledby={heading}
      className="space-y-1 rounded border border-slate-800 p-2"
      data-testid="loot-source-odds"
    >
      <h4 id={heading} className="text-xs font-medium text-slate-300">
        What a crate drops
      </h4>
      {"tooLarge" in odds ? (
        <p className="text-sm text-amber-200" data-testid="loot-odds-summary">
          {Number.isFinite(odds.tooLarge.itemRolls)
            ? `One crate can roll up to ${odds.tooLarge.itemRolls.toLocaleString("en-US")} items: too many to compute odds for (and a crash risk).`
            : "The odds show once every count and quantity is a number."}
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="loot-odds-summary">
            {`${odds.odds.expectedItems.value.toFixed(2)} items per crate on average · ${percent(odds.odds.itemCount.pmf[0] ?? 0)} of crates empty`}
            {!odds.odds.exact && <span className="text-slate-400"> · simulated</span>}
          </p>
          <OddsList
            items={likely.slice(0, FIRST_ITEMS)}
            names={names}
            label={`Most likely items of ${source.label || "this source"}`}
          />
          {odds.odds.items.length > FIRST_ITEMS && (
            <details>
              <summary className="cursor-pointer text-xs text-amber-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
                {`All ${odds.odds.items.length} items`}
              </summary>
              <OddsList
                items={likely.slice(FIRST_ITEMS)}
                names={names}
                label={`More items of ${source.label || "this source"}`}
              />
            </details>
          )}
        </>
      )}
    </section>
  );
}

function OddsList({
  items,
  names,
  label,
}: {
  items: Extract<BoundedOdds, { odds: unknown }>["odds"]["items"];
  names: Map<string, string>;
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-x-4 text-xs sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.key || "none"} className="flex justify-between gap-2 border-b border-slate-800 py-0.5">
          <span className="min-w-0 break-words">{names.get(item.key.toLowerCase()) ?? (item.key || "(no item)")}</span>
          <span className="shrink-0 text-slate-300">{`${percent(item.atLeastOne.value)} · ${units(item.expected.value)} per crate`}</span>
        </li>
      ))}
    </ol>
  );
}
