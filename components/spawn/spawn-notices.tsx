"use client";
/**
 * What the spawn page says above its table when the view needs a word: a ticked map no
 * item is marked for (with a link that clears it), a search that found nothing (with
 * "did you mean" links), a search that only matched with typos, and command options
 * that are wrong (no command is shown until they are fixed). Links work without
 * JavaScript (lib/spawn/spawn-view URLs) and change the view in place with it.
 */
import { mapNotice, mapsLeaveNothing, tabNoun } from "@/lib/spawn/spawn-notices";
import type { OptionErrors } from "@/lib/spawn/spawn-options";
import type { SpawnView } from "@/lib/spawn/spawn-view";
import { ViewLink } from "./view-link";

interface Props {
  view: SpawnView;
  mapCounts: readonly number[];
  visibleCount: number;
  search: { typos: boolean; suggestions: string[]; nothingToSearch: boolean };
  errors: OptionErrors;
  /** whether any filter (maps, mod, blueprintable) is set */
  filtered: boolean;
  hrefFor: (patch: Partial<SpawnView>) => string;
  onChange: (patch: Partial<SpawnView>) => void;
}

const box = "rounded border px-3 py-2 text-sm";

export function SpawnNotices({ view, mapCounts, visibleCount, search, errors, filtered, hrefFor, onChange }: Props) {
  const link = (patch: Partial<SpawnView>, text: string) => (
    <ViewLink href={hrefFor(patch)} onFollow={() => onChange(patch)}>
      {text}
    </ViewLink>
  );
  const maps = mapNotice(view.maps, mapCounts);
  const q = view.q.trim();
  const optionErrors = [
    errors.quantity,
    errors.quality,
    errors.level,
    errors.distance,
    errors.yOffset,
    errors.zOffset,
  ].filter(Boolean);
  const noMatch = visibleCount === 0 && !search.nothingToSearch && !mapsLeaveNothing(view.maps, mapCounts);
  if (optionErrors.length === 0 && !maps && !search.nothingToSearch && !search.typos && !noMatch) return null;
  return (
    <div className="space-y-2" data-testid="spawn-notices">
      {optionErrors.length > 0 && (
        <p className={`${box} border-rose-400/60 text-rose-200`} data-testid="options-notice">
          No command is shown until the options are fixed: {optionErrors.join(" ")}
        </p>
      )}
      {maps && (
        <p className={`${box} border-amber-400/60 text-amber-100`} data-testid="map-notice">
          {maps} {link({ maps: 0 }, "Clear the map filter")}
        </p>
      )}
      {search.nothingToSearch && (
        <p className={`${box} border-slate-600 text-slate-200`}>
          “{q}” has no letter or digit to search for: type part of a name, class or path.{" "}
          {link({ q: "" }, "Clear the search")}
        </p>
      )}
      {search.typos && visibleCount > 0 && (
        <p className="text-sm text-slate-300">Nothing is spelled exactly “{q}”; these are the closest spellings.</p>
      )}
      {noMatch && (
        <div className={`${box} space-y-1 border-slate-600 text-slate-200`} data-testid="no-match">
          <p>No {tabNoun(view.tab)} matches this view.</p>
          {search.suggestions.length > 0 && (
            <p>
              Did you mean{" "}
              {search.suggestions.map((s, i) => (
                <span key={s}>
                  {i > 0 && (i === search.suggestions.length - 1 ? " or " : ", ")}
                  {link({ q: s }, s)}
                </span>
              ))}
              ?
            </p>
          )}
          {(q || filtered) && (
            <p className="flex flex-wrap gap-x-4">
              {q && link({ q: "" }, "Clear the search")}
              {filtered && link({ maps: 0, mods: [], bp: "all" }, "Clear the filters")}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
