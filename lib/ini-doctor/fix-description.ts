/**
 * A certain fix in words, apart from the check itself (which reads the option table from
 * disk), so the page's client code can show it too.
 */
import type { IniFix } from "./check-ini";

/** A certain fix in words, as the CLI prints it and the page shows it ("move it to Game.ini [/script/shootergame.shootergamemode]"). */
export function fixDescription(fix: IniFix): string {
  if (fix.kind === "move") return `move it to ${fix.to.file} [${fix.to.section}]`;
  if (fix.kind === "rename-key") return `write it ${fix.key}`;
  if (fix.kind === "rename-section") return `[${fix.section}]`;
  if (fix.kind === "launch-option") return `add ${fix.option} to the launch line`;
  return "remove the line";
}
