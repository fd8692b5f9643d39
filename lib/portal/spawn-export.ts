/**
 * What "Copy all visible" and "Export view as JSON" hand over: the view's commands, one
 * per row in the order shown, and the JSON document (`spawn-codes.json`) with the view's
 * URL and, per engram, what the v1 API calls it plus its command.
 * Pure: safe to import from client components.
 */
import { environmentNames } from "@/lib/engrams/environments";
import { spawnCommand, type CommandOptions } from "./spawn-command";
import type { SpawnMod, SpawnRow } from "./spawn-filter";

export function spawnCommands(rows: readonly SpawnRow[], visible: readonly number[], options: CommandOptions): string[] {
  return visible.map((i) => spawnCommand(rows[i]![2], rows[i]![4], options));
}

export function spawnExport(rows: readonly SpawnRow[], mods: readonly SpawnMod[], visible: readonly number[], options: CommandOptions, viewUrl: string, now: Date) {
  const engrams = visible.map((i) => {
    const [label, className, path, env, canBlueprint, mod] = rows[i]!;
    return { label, class: className, path, environments: environmentNames(env), can_blueprint: canBlueprint, mod_id: mods[mod]?.id ?? null, mod_name: mods[mod]?.name ?? null, command: spawnCommand(path, canBlueprint, options) };
  });
  return { view_url: viewUrl, exported_at: now.toISOString(), engrams };
}
