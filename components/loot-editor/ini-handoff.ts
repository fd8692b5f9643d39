/**
 * A Game.ini handed from the ini checker (/tools/ini-check) to the new document page's
 * Game.ini box, through this tab's sessionStorage: the text can be far larger than an
 * address holds, never goes to the server until the admin reads it into the editor, and
 * survives the sign-in page in between. Read once: taking it removes it.
 */
import { crateOfLine } from "@/lib/loot/game-ini-merge";

const KEY = "beacon-hub:ini-for-editor";

/** Where the editor takes it: the new document page, which offers its Game.ini box. */
export const INI_HANDOFF_PATH = "/documents/new?start=ini";

export function handOffGameIni(text: string): void {
  window.sessionStorage.setItem(KEY, text);
}

export function takeHandedGameIni(): string | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null; // storage refused (private mode): the box stays empty
  }
}

/** How many crate lines a Game.ini has (ConfigOverrideSupplyCrateItems naming a crate, as the merge reads them). */
export function crateOverrideCount(gameIni: string): number {
  return gameIni.split("\n").filter((line) => crateOfLine(line) !== undefined).length;
}
