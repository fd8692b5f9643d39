"use client";
/**
 * Items or creatures: two links to the two views of the page (`tab=creatures`), so
 * without JavaScript each loads from the server and with it the view changes in place.
 * The shown one is marked `aria-current`; each says how many rows its tab has, or with
 * search text how many match ("Creatures 29 matching"; nothing while not known yet).
 */
import type { SpawnTab, SpawnView } from "@/lib/spawn/spawn-view";
import { ViewLink } from "./view-link";

interface Props {
  tab: SpawnTab;
  counts: Record<SpawnTab, number>;
  /** with search text: the rows each tab matches (null: not known yet); null without text */
  matched: Record<SpawnTab, number | null> | null;
  hrefFor: (patch: Partial<SpawnView>) => string;
  onChange: (patch: Partial<SpawnView>) => void;
}

const TABS: { tab: SpawnTab; label: string }[] = [
  { tab: "items", label: "Items" },
  { tab: "creatures", label: "Creatures" },
];

const base =
  "inline-flex min-h-11 items-center gap-1.5 rounded-t border-b-2 px-3 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function SpawnTabs({ tab, counts, matched, hrefFor, onChange }: Props) {
  return (
    <nav aria-label="What to spawn" className="flex gap-1 border-b border-slate-800" data-testid="spawn-tabs">
      {TABS.map((t) => (
        <ViewLink
          key={t.tab}
          href={hrefFor({ tab: t.tab })}
          onFollow={() => onChange({ tab: t.tab })}
          current={t.tab === tab}
          className={`${base} ${t.tab === tab ? "border-amber-400 text-amber-200" : "border-transparent text-slate-300 hover:text-slate-100"}`}
        >
          {t.label}
          {matched ? (
            matched[t.tab] !== null && (
              <span className="rounded-full bg-slate-800 px-1.5 text-xs font-medium text-slate-200" data-matched="">
                {matched[t.tab]!.toLocaleString("en-US")}
                <span className="sr-only"> matching</span>
              </span>
            )
          ) : (
            <span className="rounded-full bg-slate-800 px-1.5 text-xs font-medium text-slate-200">
              {counts[t.tab].toLocaleString("en-US")}
            </span>
          )}
        </ViewLink>
      ))}
    </nav>
  );
}
