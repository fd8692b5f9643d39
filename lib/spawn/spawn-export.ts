/**
 * What "Copy all visible" and "Export view as JSON" hand over: the view's commands, one
 * per row in the order shown (as the table shows them: lib/spawn/row-command), and the
 * JSON document (`spawn-codes.json`, `creature-spawn-codes.json`) with the view's URL
 * and, per engram or creature, what the v1 API calls it, every map it is known on
 * (`maps`, by name) and its command.
 * Pure: safe to import from client components.
 */
import { gameMapsOf, V1_MAPS_MASK } from "@/lib/catalogue/game-maps";
import { environmentNames } from "@/lib/engrams/environments";
import type { CommandOf, RowCommand } from "./row-command";
import type { SpawnMod, SpawnRow } from "./spawn-filter";
import type { SpawnTab } from "./spawn-view";

/** "Copy all": the visible rows' commands, one per line, each as its row shows it (rowCommands). */
export function spawnCommands(visible: readonly number[], commandFor: (key: number) => RowCommand): string[] {
  return visible.map((i) => commandFor(i).command);
}

export const exportFileName = (tab: SpawnTab) =>
  tab === "creatures" ? "creature-spawn-codes.json" : "spawn-codes.json";

export function spawnExport(
  rows: readonly SpawnRow[],
  mods: readonly SpawnMod[],
  visible: readonly number[],
  commandOf: CommandOf,
  viewUrl: string,
  now: Date,
  tab: SpawnTab = "items",
) {
  const items = visible.map((i) => {
    const row = rows[i]!;
    const [label, className, path, maps, canBlueprint, mod] = row;
    const names = {
      label,
      class: className,
      path,
      environments: environmentNames(maps & V1_MAPS_MASK),
      maps: gameMapsOf(maps).map((m) => m.name),
    };
    const owner = { mod_id: mods[mod]?.id ?? null, mod_name: mods[mod]?.name ?? null, command: commandOf(row).command };
    return tab === "creatures" ? { ...names, ...owner } : { ...names, can_blueprint: canBlueprint, ...owner };
  });
  return tab === "creatures"
    ? { view_url: viewUrl, exported_at: now.toISOString(), creatures: items }
    : { view_url: viewUrl, exported_at: now.toISOString(), engrams: items };
}
