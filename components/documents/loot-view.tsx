/**
 * The loot view of a loot document (lib/documents/loot-view): a summary first (sources,
 * item sets, items, maps), then one collapsed section per loot source (plain <details>,
 * so it opens without JavaScript), its item sets and their entries as lists that wrap on
 * a phone. Collapsed because a reader wants the overview and one crate at a time: Default
 * Loot with every source open made the page over 10,000 px tall at 1280 px. Every text is document content and goes
 * through React's escaping; links are built from catalogue values only. Entries are
 * kept to a few elements with short classes (app/globals.css): a 1 MB document has
 * thousands, each sent in the HTML and again in the React payload.
 */
import type { LootEntryView, LootSourceView, LootView } from "@/lib/documents/loot-view";
import { countOf, formatCount, plural } from "@/lib/portal/format";

/** A document with one source opens it, when it is small enough to read at a glance. */
const OPEN_UP_TO_ENTRIES = 150;

function Entry({ entry }: { entry: LootEntryView }) {
  return (
    <li className="loot-entry">
      {entry.items.map((item, i) => (
        <span key={i} className="block">
          {/* Plain <a>: next/link would add a client component per item. */}
          {item.spawnHref ? (
            <a href={item.spawnHref} className="loot-item">
              {item.name}
            </a>
          ) : (
            <span className="loot-unknown">{item.name}</span>
          )}
          {item.share && <span className="loot-note"> ({item.share})</span>}
          {item.documents && (
            <a href={item.documents.href} className="loot-note underline">
              {` in ${countOf(item.documents.count, "document", "documents")}`}
            </a>
          )}
          {item.mod && (
            <span className="loot-note">
              {" from "}
              <a href={item.mod.href} className="loot-item">
                {item.mod.name}
              </a>
            </span>
          )}
        </span>
      ))}
      <span className="loot-meta">{`weight ${entry.weight} · quantity ${entry.quantity} · ${entry.quality} · blueprint ${entry.blueprint}`}</span>
    </li>
  );
}

function Source({ source, open, oddsHref }: { source: LootSourceView; open: boolean; oddsHref?: string }) {
  return (
    <details open={open} className="group rounded-lg border border-slate-800" data-testid="loot-source">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400">
        <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-90">
          ▸
        </span>
        {source.color && (
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 shrink-0 rounded-full border border-slate-600"
            style={{ backgroundColor: source.color }}
          />
        )}
        <span className="font-semibold" data-testid="loot-source-label">
          {source.label}
        </span>
        <span className="break-all font-mono text-xs text-slate-400">{source.crateClass}</span>
        <span className="text-xs text-slate-400">
          {source.sets} item {source.sets === "1" ? "set" : "sets"} per drop ·{" "}
          {countOf(source.entryCount, "entry", "entries")}
          {source.maps.length > 0 && ` · ${source.maps.join(", ")}`}
          {source.multipliers && ` · quality ×${source.multipliers}`}
        </span>
      </summary>
      <div className="space-y-4 border-t border-slate-800 px-4 py-3">
        {oddsHref && (
          <p className="text-sm">
            <a href={oddsHref} className="loot-item">
              {`Odds per item of ${source.label}`}
            </a>
          </p>
        )}
        {source.itemSets.length === 0 && <p className="text-sm text-slate-400">No item sets.</p>}
        {source.itemSets.map((set, i) => (
          <section key={i} className="space-y-2" aria-label={`Item set ${set.name}`}>
            <h3 className="flex flex-wrap items-baseline gap-x-3 font-medium">
              <span className="break-words">{set.name}</span>
              <span className="text-xs font-normal text-slate-400">
                chosen {set.chance} of the time · {set.items} {set.items === "1" ? "item" : "items"}
              </span>
            </h3>
            {set.entries.length === 0 ? (
              <p className="text-sm text-slate-400">No entries.</p>
            ) : (
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
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

function Summary({ view }: { view: LootView }) {
  const facts: [string, string][] = [
    [plural(view.sourceCount, "Loot source", "Loot sources"), formatCount(view.sourceCount)],
    [plural(view.setCount, "Item set", "Item sets"), formatCount(view.setCount)],
    [
      plural(view.itemCount, "Item", "Items"),
      `${formatCount(view.itemCount)} different, in ${countOf(view.entryCount, "entry", "entries")}`,
    ],
    // The document's maps, as its Maps line says; each source's own maps are on its line below.
    ["Maps", view.maps.join(", ") || "Not set"],
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-800 p-4 sm:grid-cols-4"
      data-testid="loot-summary"
    >
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs text-slate-400">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `oddsHref`: the odds page of a source by its place (/documents/<id>/odds?source=N). */
export function LootViewSection({ view, oddsHref }: { view: LootView; oddsHref?: (index: number) => string }) {
  const open = view.sourceCount === 1 && view.entryCount <= OPEN_UP_TO_ENTRIES;
  return (
    <section aria-labelledby="loot-title" className="space-y-3">
      <h2 id="loot-title" className="text-lg font-semibold">
        {`Loot: ${formatCount(view.sourceCount)} ${view.sourceCount === 1 ? "source" : "sources"}, ${formatCount(view.entryCount)} ${view.entryCount === 1 ? "entry" : "entries"}`}
      </h2>
      {view.problems.length > 0 && (
        <ul
          className="list-inside list-disc text-sm text-amber-200"
          aria-label="Parts of the document that could not be read"
        >
          {view.problems.slice(0, 10).map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
      <Summary view={view} />
      {oddsHref && view.sources.length > 0 && (
        <p className="text-sm">
          <a href={oddsHref(0)} className="loot-item" data-testid="loot-odds-link">
            What each crate drops: the odds of every item
          </a>
        </p>
      )}
      {view.sources.length === 0 && <p className="text-slate-300">This loot document has no loot sources yet.</p>}
      {view.sources.length > 1 && (
        <p className="text-sm text-slate-400">Open a source to see its item sets and what they drop.</p>
      )}
      {view.sources.map((source, i) => (
        <Source key={i} source={source} open={open} oddsHref={oddsHref?.(i)} />
      ))}
    </section>
  );
}
