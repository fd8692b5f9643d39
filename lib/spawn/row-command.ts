/**
 * What each row of a spawn page view shows and copies, from the view's tab and options:
 * an engram's `giveitem` command, or its short `gfi` form when the view asks for GFI
 * codes (the full command, with a note, for an engram that has no code); a creature's
 * `spawndino` or `GMSummon` command. While a number of the tab's options is wrong there
 * is no command at all (lib/spawn/spawn-options), never one with a number the reader
 * did not ask for. One function for the table, copy one, copy all and the export.
 * A reader may flip one engram row to the other form (rowCommands: the per-row toggle).
 * Pure: safe to import from client components.
 */
import { creatureCommand } from "./creature-command";
import { gfiCommand, spawnCommand } from "./spawn-command";
import type { SpawnRow } from "./spawn-filter";
import { checkCommandOptions, checkCreatureOptions, type OptionErrors } from "./spawn-options";
import { gameView, type SpawnView } from "./spawn-view";

export interface RowCommand {
  command: string;
  /** why the command is not the form the view asked for */
  note: string | null;
}

export type CommandOf = (row: SpawnRow) => RowCommand;

export const NO_GFI_CODE = "No short code: its class name is inside another item's.";
export const GFI_ONLY_TO_ME = "GFI codes give only to you: for another player the full command it is.";

export interface ViewCommands {
  /** null while a number is wrong */
  commandOf: CommandOf | null;
  errors: OptionErrors;
}

export type CommandFields = Pick<
  SpawnView,
  | "tab"
  | "game"
  | "quantity"
  | "quality"
  | "kind"
  | "form"
  | "giveTo"
  | "player"
  | "level"
  | "summon"
  | "distance"
  | "yOffset"
  | "zOffset"
  | "prefix"
>;

export function viewCommands(fields: CommandFields): ViewCommands {
  const view = gameView(fields);
  if (view.tab === "creatures") {
    const { options, errors } = checkCreatureOptions(view);
    return { commandOf: options && ((r) => ({ command: creatureCommand(r[2], r[1], options), note: null })), errors };
  }
  const { options, errors } = checkCommandOptions(view);
  if (!options) return { commandOf: null, errors };
  const full = (r: SpawnRow): RowCommand => ({ command: spawnCommand(r[2], r[4], options), note: null });
  if (view.form === "full") return { commandOf: full, errors };
  if (options.player != null) return { commandOf: (r) => ({ ...full(r), note: GFI_ONLY_TO_ME }), errors };
  // undefined: rows without codes stand in while the coded rows load; null: no code.
  return {
    commandOf: (r) =>
      r[7]
        ? { command: gfiCommand(r[7], r[4], options), note: null }
        : r[7] === null
          ? { ...full(r), note: NO_GFI_CODE }
          : full(r),
    errors,
  };
}

export const LOADING_GFI_CODE = "Finding its short code…";

/**
 * What each engram row shows when the reader may flip single rows to the other form
 * (full command or GFI code) than the view's: `flipped(key)` says which rows are. A row
 * flipped to its code needs its coded row (`coded(key)`, undefined until the coded rows
 * arrive: the full command stands in, saying so). Creature rows have one form.
 */
export function rowCommands(
  view: CommandFields,
  rowAt: (key: number) => SpawnRow,
  flipped: (key: number) => boolean,
  coded: (key: number) => SpawnRow | undefined,
): ((key: number) => RowCommand) | null {
  const { commandOf } = viewCommands(view);
  if (!commandOf) return null;
  const other =
    view.tab === "items" ? viewCommands({ ...view, form: view.form === "gfi" ? "full" : "gfi" }).commandOf : null;
  return (key) => {
    const row = rowAt(key);
    if (!other || !flipped(key)) return commandOf(row);
    if (view.form === "gfi") return other(row);
    const withCode = coded(key);
    return withCode ? other(withCode) : { ...commandOf(row), note: LOADING_GFI_CODE };
  };
}
