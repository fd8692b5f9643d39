"use client";
/**
 * The Creatures tab's command options: level, wild (`spawndino`, placed by distance and
 * offsets), tamed (`GMSummon`, by class, beside the admin) or spawned and then tamed
 * (`spawndino` then `ForceTame`, where GMSummon does not work), each number kept as typed
 * and explained when wrong, like quantity and quality; the help says which works where.
 */
import type { OptionErrors } from "@/lib/spawn/spawn-options";
import type { SpawnView, Summon } from "@/lib/spawn/spawn-view";
import { NumberField } from "./number-field";
import { SelectField } from "./select-field";

interface Props {
  view: SpawnView;
  errors: OptionErrors;
  onChange: (patch: Partial<SpawnView>) => void;
}

export function CreatureOptions({ view, errors, onChange }: Props) {
  const wild = view.summon !== "tamed";
  return (
    <>
      <NumberField
        id="spawn-level"
        name="level"
        label="Level"
        value={view.level}
        error={errors.level}
        onChange={(level) => onChange({ level })}
      />
      <SelectField
        id="spawn-summon"
        name="summon"
        label="Spawn as"
        value={view.summon}
        onChange={(summon) => onChange({ summon: summon as Summon })}
      >
        <option value="wild">Wild (spawndino)</option>
        {view.game !== "asa" && <option value="tamed">Tamed (GMSummon)</option>}
        <option value="forcetame">Tamed (spawndino, then ForceTame)</option>
      </SelectField>
      <NumberField
        id="spawn-dist"
        name="dist"
        label="Distance"
        value={view.distance}
        error={wild ? errors.distance : undefined}
        onChange={(distance) => onChange({ distance })}
      />
      <NumberField
        id="spawn-y"
        name="y"
        label="Y offset"
        value={view.yOffset}
        error={wild ? errors.yOffset : undefined}
        onChange={(yOffset) => onChange({ yOffset })}
      />
      <NumberField
        id="spawn-z"
        name="z"
        label="Z offset"
        value={view.zOffset}
        error={wild ? errors.zOffset : undefined}
        onChange={(zOffset) => onChange({ zOffset })}
      />
      <p className="w-full text-xs text-slate-400">
        {wild
          ? "Distance in front of you and the Y and Z offsets are in game units (100 is one metre)."
          : "A tamed creature appears beside you: distance and offsets apply to spawndino only."}
      </p>
      <details className="w-full text-xs text-slate-300" data-testid="creature-commands-help">
        <summary className="disclosure inline-flex min-h-9 cursor-pointer items-center text-slate-200">
          Which command works where
        </summary>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>
            <code>spawndino</code> puts a wild creature in front of you, by its blueprint path: wherever admin commands
            work.
          </li>
          {view.game === "asa" ? (
            <li data-testid="asa-no-gmsummon">
              ARK: Survival Ascended: this page offers no <code>GMSummon</code>, which no source we could check
              documents for ASA, so tamed creatures use the next one.
            </li>
          ) : (
            <li>
              <code>GMSummon</code> gives you a tamed creature by its class name. Where it is not available or refuses a
              creature, use the next one.
            </li>
          )}
          <li>
            <code>spawndino … | ForceTame</code>: the console runs both, one after the other. ForceTame tames the
            creature you are looking at, so face the spot where it appears (raise the distance to see it in front of
            you).
          </li>
        </ul>
      </details>
    </>
  );
}
