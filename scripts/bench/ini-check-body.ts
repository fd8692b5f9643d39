/**
 * The ini checker's bench body: a GameUserSettings.ini and a Game.ini of about 200 KB
 * together, as a large server's are: the test fixtures' settings, then 1,800 stack-size
 * overrides (ConfigOverrideItemMaxQuantity, one line per item, the usual bulk of a big
 * Game.ini).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function iniCheckBody(root: string): string {
  const fixture = (name: string) => readFileSync(join(root, "test", "fixtures", "server-config", name), "utf8");
  const overrides = Array.from(
    { length: 1800 },
    (_, i) =>
      `ConfigOverrideItemMaxQuantity=(ItemClassString="PrimalItemResource_Bench${i}_C",Quantity=(MaxItemQuantity=1000,bIgnoreMultiplier=true))`,
  ).join("\n");
  return JSON.stringify({
    game: "ase",
    files: {
      "Game.ini": `${fixture("Game.ini")}\n[/script/shootergame.shootergamemode]\n${overrides}\n`,
      "GameUserSettings.ini": fixture("GameUserSettings.ini"),
    },
  });
}
