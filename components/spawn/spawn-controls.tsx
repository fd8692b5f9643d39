"use client";
/** Filters (text, map, mod, blueprintable) and command options of the spawn page. */
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import type { SpawnMod } from "@/lib/portal/spawn-filter";
import { BASE_GAME, MAX_QUALITY, MAX_QUANTITY, type BlueprintFilter, type SpawnKind, type SpawnPrefix, type SpawnView } from "@/lib/portal/spawn-view";
import { NumberField } from "./number-field";

const field = "rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
const caption = "text-xs font-medium text-slate-300";

interface Props {
  view: SpawnView;
  mods: readonly SpawnMod[];
  hasBaseGame: boolean;
  onChange: (patch: Partial<SpawnView>) => void;
}

export function SpawnControls({ view, mods, hasBaseGame, onChange }: Props) {
  const modChoices = [...mods.map((m) => ({ id: m.id, name: m.name })), ...(hasBaseGame ? [{ id: BASE_GAME, name: "Base game" }] : [])];
  return (
    <form role="search" aria-label="Filter spawn codes" onSubmit={(e) => e.preventDefault()} className="space-y-4 rounded-lg border border-slate-800 bg-slate-900/50 p-4">
      <div className="flex flex-col gap-1">
        <label htmlFor="spawn-search" className={caption}>
          Search by name, class or path
        </label>
        <input
          id="spawn-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={view.q}
          onChange={(e) => onChange({ q: e.target.value })}
          placeholder="e.g. sword, PrimalItem, /Game/Mods/"
          className={`${field} w-full`}
        />
      </div>

      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className={`${caption} mb-1`}>Maps (any of)</legend>
        {ENVIRONMENTS.map((name, i) => (
          <label key={name} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              name="map"
              checked={(view.maps & (1 << i)) !== 0}
              onChange={(e) => onChange({ maps: e.target.checked ? view.maps | (1 << i) : view.maps & ~(1 << i) })}
              className="h-4 w-4 accent-amber-400 focus-visible:ring-2 focus-visible:ring-amber-400"
            />
            {name}
          </label>
        ))}
      </fieldset>

      <div className="flex flex-wrap items-end gap-4">
        {modChoices.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor="spawn-mod" className={caption}>
              Mod
            </label>
            <select id="spawn-mod" value={view.mods[0] ?? ""} onChange={(e) => onChange({ mods: e.target.value ? [e.target.value] : [] })} className={`${field} max-w-[16rem]`}>
              <option value="">All mods</option>
              {modChoices.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="spawn-bp" className={caption}>
            Blueprintable
          </label>
          <select id="spawn-bp" value={view.bp} onChange={(e) => onChange({ bp: e.target.value as BlueprintFilter })} className={field}>
            <option value="all">All items</option>
            <option value="yes">Blueprintable only</option>
            <option value="no">Not blueprintable</option>
          </select>
        </div>
      </div>

      <fieldset className="flex flex-wrap items-end gap-4 border-t border-slate-800 pt-4">
        <legend className="sr-only">Command options</legend>
        <NumberField id="spawn-qty" label="Quantity" value={view.quantity} min={1} max={MAX_QUANTITY} onChange={(quantity) => onChange({ quantity })} />
        <NumberField id="spawn-quality" label="Quality" value={view.quality} min={0} max={MAX_QUALITY} onChange={(quality) => onChange({ quality })} />
        <div className="flex flex-col gap-1">
          <label htmlFor="spawn-kind" className={caption}>
            Give as
          </label>
          <select id="spawn-kind" value={view.kind} onChange={(e) => onChange({ kind: e.target.value as SpawnKind })} className={field}>
            <option value="item">Item</option>
            <option value="blueprint">Blueprint</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="spawn-prefix" className={caption}>
            Prefix
          </label>
          <select id="spawn-prefix" value={view.prefix} onChange={(e) => onChange({ prefix: e.target.value as SpawnPrefix })} className={field}>
            <option value="cheat">cheat</option>
            <option value="admincheat">admincheat</option>
          </select>
        </div>
      </fieldset>
    </form>
  );
}
