/**
 * The admin command of an engram with the page's options. With the defaults it is
 * exactly the v1 `spawn` string (CONTRACT §6): `cheat giveitem "Blueprint'<path>'" 1 0 false`.
 * Pure: safe to import from client components.
 */
import type { SpawnKind, SpawnPrefix } from "./spawn-view";

export interface CommandOptions {
  prefix: SpawnPrefix;
  quantity: number;
  quality: number;
  kind: SpawnKind;
}

export function spawnCommand(path: string, canBlueprint: boolean, o: CommandOptions): string {
  // Resources (wood, stone) have no blueprint: asking for one would give nothing.
  const blueprint = o.kind === "blueprint" && canBlueprint;
  return `${o.prefix} giveitem "Blueprint'${path}'" ${o.quantity} ${o.quality} ${blueprint}`;
}
