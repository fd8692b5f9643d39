"use client";
/**
 * The spawn page's search box, pinned to the top of the screen while the list scrolls.
 * It is the page's GET form (filters and options join it with form="spawn-form"), so
 * without JavaScript Enter or "Search" loads /spawn/?q=… from the server; with it,
 * results follow each keystroke and submitting only closes a phone's keyboard. On a
 * phone, the Filters button opens the panel and counts what is set.
 */
import type { Game } from "@/lib/catalogue/game";
import type { SpawnTab } from "@/lib/spawn/spawn-view";
import { FILTERS_ID, FORM_ID } from "./spawn-form";

interface Props {
  tab: SpawnTab;
  q: string;
  /** the page's mod_id, kept by the form (null: every engram) */
  modId: string | null;
  /** kept by the form: ASA's page stays ASA's */
  game: Game;
  active: number;
  filtersOpen: boolean;
  onQuery: (q: string) => void;
  onToggleFilters: () => void;
}

const button =
  "min-h-10 shrink-0 rounded px-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export function SpawnSearchBar({ tab, q, modId, game, active, filtersOpen, onQuery, onToggleFilters }: Props) {
  return (
    <div id="spawn-search-bar" className="sticky top-0 z-20 -mx-4 border-b border-slate-800 bg-slate-950 px-4 py-2">
      <form
        id={FORM_ID}
        role="search"
        aria-label="Spawn codes"
        method="get"
        action="/spawn/"
        onSubmit={(e) => {
          e.preventDefault();
          (document.activeElement as HTMLElement | null)?.blur();
        }}
        className="flex items-end gap-2"
      >
        {modId !== null && <input type="hidden" name="mod_id" value={modId} />}
        {game === "asa" && <input type="hidden" name="game" value="asa" />}
        {tab === "creatures" && <input type="hidden" name="tab" value={tab} />}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="spawn-search" className="sr-only text-xs font-medium text-slate-300 sm:not-sr-only">
            Search by name, class or path
          </label>
          <input
            id="spawn-search"
            name="q"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            value={q}
            onChange={(e) => onQuery(e.target.value)}
            placeholder={
              tab === "creatures"
                ? "e.g. rex, raptor, Raptor_Character_BP"
                : "e.g. metal pickaxe, PrimalItem_, /Game/Mods/"
            }
            className="min-h-10 w-full rounded border border-slate-600 bg-slate-900 px-2 text-base text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 sm:text-sm"
          />
        </div>
        <button type="submit" className={`${button} bg-slate-800 text-slate-100 hover:bg-slate-700`}>
          Search
        </button>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_ID}
          onClick={onToggleFilters}
          className={`${button} border border-slate-600 text-slate-100 sm:hidden noscript:hidden`}
        >
          Filters{active > 0 && " "}
          {active > 0 && (
            <span className="ml-1.5 rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-950">
              {active}
              <span className="sr-only"> set</span>
            </span>
          )}
        </button>
      </form>
    </div>
  );
}
