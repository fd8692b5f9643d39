/**
 * The admin command of an engram with the page's options. With the defaults it is
 * exactly the v1 `spawn` string (docs/CONTRACT.md#engrams): `cheat giveitem "Blueprint'<path>'" 1 0 false`.
 * For another player it is `cheat GiveItemToPlayer <player id> "Blueprint'<path>'" ...`
 * with the same numbers (the game's own argument order), which also works from a
 * server's console, where giveitem has no one to give to.
 * Its short form is `cheat gfi <code> <quantity> <quality> <blueprint>`, where the code
 * is the shortest part of the class name no other item's class holds
 * (lib/catalogue/gfi-codes.ts): the game gives the first item whose class contains it.
 * Pure: safe to import from client components.
 */
import type { SpawnKind, SpawnPrefix } from "./spawn-view";

export interface CommandOptions {
  prefix: SpawnPrefix;
  quantity: number;
  quality: number;
  kind: SpawnKind;
  /** the player id GiveItemToPlayer gives to (digits, kept as text: ids pass 2^53); null or absent: the admin */
  player?: string | null;
}

// Resources (wood, stone) have no blueprint: asking for one would give nothing.
const blueprint = (canBlueprint: boolean, o: CommandOptions) => o.kind === "blueprint" && canBlueprint;

export function spawnCommand(path: string, canBlueprint: boolean, o: CommandOptions): string {
  const give = o.player == null ? "giveitem" : `GiveItemToPlayer ${o.player}`;
  return `${o.prefix} ${give} "Blueprint'${path}'" ${o.quantity} ${o.quality} ${blueprint(canBlueprint, o)}`;
}

/** The same item by its GFI code; the blueprint flag is written as giveitem's is (the game reads true/false and 1/0 alike). */
export function gfiCommand(code: string, canBlueprint: boolean, o: CommandOptions): string {
  return `${o.prefix} gfi ${code} ${o.quantity} ${o.quality} ${blueprint(canBlueprint, o)}`;
}
