/**
 * The loot view of a loot document (lib/portal/loot-view): one collapsible section per
 * loot source (plain <details>, so it works without JavaScript), its item sets and
 * their entries as lists that wrap on a phone. Every text is document content and goes
 * through React's escaping; links are built from catalogue values only.
 */
import Link from "next/link";
import type { LootEntryView, LootSourceView, LootView } from "@/lib/portal/loot-view";
import { formatCount } from "@/lib/portal/format";

const link = "text-amber-400 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
/** Sources open at first when the document is small enough to read at a glance. */
const OPEN_UP_TO_ENTRIES = 150;

function Entry({ entry }: { entry: LootEntryView }) {
  return (
    <li className="rounded border border-slate-800 px-3 py-2" data-testid="loot-entry">
      <ul className="space-y-0.5">
        {entry.items.map((item, i) => (
          <li key={i} className="break-words">
            {item.spawnHref ? (
              <Link href={item.spawnHref} className={link} data-testid="loot-item">
                {item.name}
              </Link>
            ) : (
              <span className="font-mono text-sm text-slate-300" title="Not in this server's catalogue" data-testid="loot-item">
                {item.name}
              </span>
            )}
            {item.share && <span className="text-sm text-slate-400"> ({item.share})</span>}
            {item.mod && (
              <span className="text-sm text-slate-400">
                {" "}
                from{" "}
                <Link href={item.mod.href} className={link}>
                  {item.mod.name}
                </Link>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-400">
        <span>weight {entry.weight}</span>
        <span>quantity {entry.quantity}</span>
        <span>quality {entry.quality}</span>
        <span>blueprint {entry.blueprint}</span>
      </p>
    </li>
  );
}

function Source({ source, open }: { source: LootSourceView; open: boolean }) {
  return (
    <details open={open} className="group rounded-lg border border-slate-800" data-testid="loot-source">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
        {source.color && <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 rounded-full border border-slate-600" style={{ backgroundColor: source.color }} />}
        <span className="font-semibold" data-testid="loot-source-label">
          {source.label}
        </span>
        <span className="break-all font-mono text-xs text-slate-400">{source.crateClass}</span>
        <span className="text-xs text-slate-400">
          {source.sets} item {source.sets === "1" ? "set" : "sets"}
          {source.maps.length > 0 && ` · ${source.maps.join(", ")}`}
          {source.multipliers && ` · quality ×${source.multipliers}`}
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-800 px-4 py-3">
        {source.itemSets.length === 0 && <p className="text-sm text-slate-400">No item sets.</p>}
        {source.itemSets.map((set, i) => (
          <section key={i} className="space-y-2" aria-label={`Item set ${set.name}`}>
            <h4 className="flex flex-wrap items-baseline gap-x-3 font-medium">
              <span className="break-words">{set.name}</span>
              <span className="text-xs font-normal text-slate-400">
                chosen {set.chance} of the time · {set.items} {set.items === "1" ? "item" : "items"}
              </span>
            </h4>
            {set.entries.length === 0 ? (
              <p className="text-sm text-slate-400">No entries.</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {set.entries.map((entry, j) => (
                  <Entry key={j} entry={entry} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </details>
  );
}

export function LootViewSection({ view }: { view: LootView }) {
  const open = view.entryCount <= OPEN_UP_TO_ENTRIES;
  return (
    <section aria-labelledby="loot-title" className="space-y-3">
      <h2 id="loot-title" className="text-lg font-semibold">
        Loot: {formatCount(view.sourceCount)} {view.sourceCount === 1 ? "source" : "sources"}, {formatCount(view.entryCount)} {view.entryCount === 1 ? "entry" : "entries"}
      </h2>
      {view.problems.length > 0 && (
        <ul className="list-inside list-disc text-sm text-amber-200" aria-label="Parts of the document that could not be read">
          {view.problems.slice(0, 10).map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      {view.sources.map((source, i) => (
        <Source key={i} source={source} open={open} />
      ))}
    </section>
  );
}
