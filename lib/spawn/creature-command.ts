/**
 * The admin command of a creature with the page's options (docs/PORTAL.md#creatures-tab): wild, where the
 * admin stands, `cheat spawndino "Blueprint'<path>'" <distance> <y offset> <z offset>
 * <level>`, which with the defaults (1 1 1, level 30) is exactly the v1 `spawn` string
 * of a creature (lib/engrams/derive.ts); tamed, `cheat GMSummon "<class>" <level>`,
 * which takes the class name and no position; or, where GMSummon does not work, the
 * same spawndino followed by `ForceTame` (the console runs commands joined by `|` one
 * after the other; ForceTame tames the creature the admin looks at). The prefix applies
 * to every command: on a server each needs `cheat` or `admincheat` in front.
 * Pure: safe to import from client components.
 */
import type { SpawnPrefix, Summon } from "./spawn-view";

export interface CreatureOptions {
  prefix: SpawnPrefix;
  summon: Summon;
  level: number;
  /** spawndino's distance in front of the admin and its Y and Z offsets, in the game's units (centimetres) */
  distance: number;
  yOffset: number;
  zOffset: number;
}

export function creatureCommand(path: string, className: string, o: CreatureOptions): string {
  if (o.summon === "tamed") return `${o.prefix} GMSummon "${className}" ${o.level}`;
  const spawn = `${o.prefix} spawndino "Blueprint'${path}'" ${o.distance} ${o.yOffset} ${o.zOffset} ${o.level}`;
  return o.summon === "forcetame" ? `${spawn} | ${o.prefix} ForceTame` : spawn;
}
