"use client";
/**
 * Filters (maps, mod, blueprintable and category for items, tameable for creatures) and
 * command options of the spawn page: the items tab's (item-options.tsx) or the
 * Creatures tab's (creature-options.tsx). Every control belongs to the page's GET form
 * (form="spawn-form"), so without JavaScript "Apply" loads the view from the server;
 * with it each change applies at once. The other tab's options that differ from their
 * defaults ride along as hidden fields, so Apply keeps them. Each map (every official
 * map, by the name players know) and each category says how many rows it has. On a
 * phone the panel opens from the search bar's Filters button; from 640 px it is always
 * shown, from 1024 px beside the list (spawn-browser.tsx), so the first results are on
 * the first screen (above the list, a 1280x800 window put the first row at y=932).
 */
import { GAME_MAPS } from "@/lib/catalogue/game-maps";
import { categoryToParam, ITEM_CATEGORIES, NO_CATEGORY } from "@/lib/catalogue/item-categories";
import type { SpawnMod } from "@/lib/spawn/spawn-filter";
import type { OptionErrors } from "@/lib/spawn/spawn-options";
import {
  BASE_GAME,
  hiddenParams,
  type BlueprintFilter,
  type SpawnPrefix,
  type SpawnView,
} from "@/lib/spawn/spawn-view";
import { CreatureOptions } from "./creature-options";
import { SelectField } from "./select-field";
import { ItemOptions } from "./item-options";
import { caption, FILTERS_ID, FORM_ID } from "./spawn-form";
import { ViewLink } from "./view-link";

export { FILTERS_ID, FORM_ID };

interface Props {
  view: SpawnView;
  mapCounts: readonly number[];
  /** items: rows per category number; creatures: [tameable rows] */
  facetCounts: readonly number[];
  /** the page's mods by name (the mod filter's choices) */
  modChoices: readonly SpawnMod[];
  hasBaseGame: boolean;
  /** what the page's GFI codes are unique among (lib/spawn/spawn-notices gfiScopeNote) */
  gfiNote: string;
  errors: OptionErrors;
  /** shown on a phone */
  open: boolean;
  /** the view with every filter and option at its default, for "Clear" */
  clearHref: string | null;
  onChange: (patch: Partial<SpawnView>) => void;
  onClear: () => void;
}

export function SpawnControls({
  view,
  mapCounts,
  facetCounts,
  modChoices,
  hasBaseGame,
  gfiNote,
  errors,
  open,
  clearHref,
  onChange,
  onClear,
}: Props) {
  const choices = [
    ...(hasBaseGame && modChoices.length > 0 ? [{ id: BASE_GAME, name: "Base game only" }] : []),
    ...modChoices,
  ];
  return (
    <div
      id={FILTERS_ID}
      role="group"
      aria-label="Filters and command options"
      className={`space-y-4 rounded-lg border border-slate-800 bg-slate-900/50 p-4 ${open ? "" : "max-sm:hidden noscript:block"}`}
    >
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className={`${caption} mb-1`}>Maps (any of)</legend>
        {GAME_MAPS.map((map, i) => (
          <label key={map.key} className="flex min-h-8 items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              form={FORM_ID}
              name="map"
              value={map.key.toLowerCase()}
              checked={(view.maps & map.bit) !== 0}
              onChange={(e) => onChange({ maps: e.target.checked ? view.maps | map.bit : view.maps & ~map.bit })}
              className="h-4 w-4 accent-amber-400 focus-visible:ring-2 focus-visible:ring-amber-400"
            />
            {map.name} <span className="text-slate-400">({(mapCounts[i] ?? 0).toLocaleString("en-US")})</span>
          </label>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-end gap-4">
        {hiddenParams(view).map(([name, value]) => (
          <input key={name} type="hidden" form={FORM_ID} name={name} value={value} />
        ))}
        {choices.length > 1 && (
          <SelectField
            id="spawn-mod"
            name="mod"
            label="Mod"
            value={view.mods[0] ?? ""}
            onChange={(mod) => onChange({ mods: mod ? [mod] : [] })}
            className="max-w-[16rem]"
          >
            <option value="">All mods{hasBaseGame ? " and the base game" : ""}</option>
            {choices.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </SelectField>
        )}
        {view.tab === "items" && (
          <SelectField
            id="spawn-cat"
            name="cat"
            label="Category"
            value={categoryToParam(view.category) ?? ""}
            onChange={(cat) =>
              onChange({
                category:
                  cat === ""
                    ? -1
                    : cat === "unknown"
                      ? NO_CATEGORY
                      : ITEM_CATEGORIES.findIndex((c) => c.key === cat) + 1,
              })
            }
            className="max-w-[20rem]"
          >
            <option value="">All categories</option>
            {ITEM_CATEGORIES.map((c, i) =>
              facetCounts[i + 1] || view.category === i + 1 ? (
                <option key={c.key} value={c.key}>
                  {c.name} ({(facetCounts[i + 1] ?? 0).toLocaleString("en-US")})
                </option>
              ) : null,
            )}
            {(facetCounts[NO_CATEGORY] || view.category === NO_CATEGORY) && (
              <option value="unknown">
                Not categorised ({(facetCounts[NO_CATEGORY] ?? 0).toLocaleString("en-US")})
              </option>
            )}
          </SelectField>
        )}
        {view.tab === "creatures" && (
          <label className="flex min-h-10 items-center gap-1.5 self-end text-sm">
            <input
              type="checkbox"
              form={FORM_ID}
              name="tame"
              value="1"
              checked={view.tameable}
              onChange={(e) => onChange({ tameable: e.target.checked })}
              className="h-4 w-4 accent-amber-400 focus-visible:ring-2 focus-visible:ring-amber-400"
            />
            Tameable only <span className="text-slate-400">({(facetCounts[0] ?? 0).toLocaleString("en-US")})</span>
          </label>
        )}
        {view.tab === "items" && (
          <SelectField
            id="spawn-bp"
            name="bp"
            label="Blueprintable"
            value={view.bp}
            onChange={(bp) => onChange({ bp: bp as BlueprintFilter })}
          >
            <option value="all">All items</option>
            <option value="yes">Blueprintable only</option>
            <option value="no">Not blueprintable</option>
          </SelectField>
        )}
      </div>

      <fieldset className="flex flex-wrap items-start gap-4 border-t border-slate-800 pt-4">
        <legend className="sr-only">Command options</legend>
        {view.tab === "creatures" ? (
          <CreatureOptions view={view} errors={errors} onChange={onChange} />
        ) : (
          <ItemOptions view={view} gfiNote={gfiNote} errors={errors} onChange={onChange} />
        )}
        <SelectField
          id="spawn-prefix"
          name="prefix"
          label="Prefix"
          value={view.prefix}
          onChange={(prefix) => onChange({ prefix: prefix as SpawnPrefix })}
        >
          <option value="cheat">cheat</option>
          <option value="admincheat">admincheat</option>
        </SelectField>
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          form={FORM_ID}
          className="hidden rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 noscript:inline-block"
        >
          Apply
        </button>
        {clearHref && (
          <ViewLink href={clearHref} onFollow={onClear}>
            Clear filters and options
          </ViewLink>
        )}
      </div>
    </div>
  );
}
