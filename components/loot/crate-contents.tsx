/**
 * A game crate's default contents as the loot view shows a document's: its item sets with
 * their share of the set rolls and item counts, each set's entries with their share,
 * quantity, quality range and blueprint chance, and the items an entry picks among.
 * Sets are disclosures, closed: a large crate has hundreds of entries.
 */
import Link from "@/components/intent-link";
import type { CrateItemName } from "@/lib/loot/crate-pages";
import type { GameCrate } from "@/lib/loot/game-crates";
import { percent, shares } from "@/lib/loot/shares";

const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

const range = (r: { min: number; max: number }) => (r.min === r.max ? `${r.min}` : `${r.min} to ${r.max}`);

export function CrateContents({ crate, nameOf }: { crate: GameCrate; nameOf: (cls: string) => CrateItemName }) {
  const setShares = shares(crate.sets.map((s) => s.weight));
  return (
    <div className="space-y-2">
      {crate.sets.map((set, i) => {
        const entryShares = shares(set.entries.map((e) => e.weight));
        return (
          <details key={i} className="rounded-lg border border-slate-800 p-3">
            <summary className="cursor-pointer text-sm">
              <span className="font-semibold">{set.name || `Set ${i + 1}`}</span>
              <span className="text-slate-300">{` · ${percent(setShares[i]!)} of set rolls · ${range(set.qtyScale)} entries rolled · ${set.entries.length} entries`}</span>
            </summary>
            <ul className="mt-2 space-y-2">
              {set.entries.map((entry, j) => {
                const itemShares = shares(entry.items.map(([w]) => w));
                return (
                  <li key={j} className="border-t border-slate-800 pt-2 text-sm">
                    <p className="font-medium">{entry.name || `Entry ${j + 1}`}</p>
                    <p className="text-slate-400">
                      {`${percent(entryShares[j]!)} of the set's rolls · quantity ${range(entry.qty)} · quality ${range(entry.quality)} · blueprint ${percent(Math.min(Math.max(entry.bpChance, 0), 1))}`}
                    </p>
                    <ul className="flex flex-wrap gap-x-3">
                      {entry.items.map(([, cls], k) => {
                        const name = nameOf(cls ?? "");
                        return (
                          <li key={k}>
                            {name.href ? (
                              <Link href={name.href} className={link}>
                                {name.label}
                              </Link>
                            ) : (
                              name.label
                            )}
                            {entry.items.length > 1 && (
                              <span className="text-slate-400">{` ${percent(itemShares[k]!)}`}</span>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
