/**
 * The options of a crate <select>: Default Loot's six first, then every crate and drop of
 * the game's data by map (lib/loot/known-crates CRATE_GROUPS), each group an <optgroup>.
 */
import { CRATE_GROUPS } from "@/lib/loot/known-crates";

export function CrateOptions() {
  return (
    <>
      {CRATE_GROUPS.map((group) => (
        <optgroup key={group.name} label={group.name}>
          {group.crates.map((c) => (
            <option key={c.crateClass} value={c.crateClass}>
              {c.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
