"use client";
/**
 * The commands a spawn view shows: the view's command options checked once per change
 * of one of them (lib/spawn/row-command viewCommands), and each row's command with the
 * rows the reader flipped to the other form and the coded rows that give short codes.
 */
import { useMemo } from "react";
import { rowCommands, viewCommands, type CommandFields } from "@/lib/spawn/row-command";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";

export function useSpawnCommands(
  view: CommandFields,
  rows: SpawnRow[],
  flipped: ReadonlySet<number>,
  coded: SpawnRow[] | null,
) {
  // The options as one value that changes only when one of them does (the view also
  // holds the search and filters, which change no command).
  const {
    game,
    tab,
    quantity,
    quality,
    kind,
    form,
    giveTo,
    player,
    level,
    summon,
    distance,
    yOffset,
    zOffset,
    prefix,
  } = view;
  const fields = useMemo<CommandFields>(
    () => ({
      game,
      tab,
      quantity,
      quality,
      kind,
      form,
      giveTo,
      player,
      level,
      summon,
      distance,
      yOffset,
      zOffset,
      prefix,
    }),
    [game, tab, quantity, quality, kind, form, giveTo, player, level, summon, distance, yOffset, zOffset, prefix],
  );
  const { commandOf, errors } = useMemo(() => viewCommands(fields), [fields]);
  // Coded rows come in the same order as plain ones (one sort); checked by path all the same.
  const commandFor = useMemo(
    () =>
      rowCommands(
        fields,
        (key) => rows[key]!,
        (key) => flipped.has(key),
        (key) => (coded?.[key]?.[2] === rows[key]![2] ? coded[key] : undefined),
      ),
    [fields, rows, flipped, coded],
  );
  return { fields, commandOf, errors, commandFor };
}
