"use client";
/** The windowed table of spawn commands: item or creature, command, copy button (rows: spawn-row.tsx). */
import type { Game } from "@/lib/catalogue/game";
import { entryHref } from "@/lib/spawn/entry-address";
import type { RowCommand } from "@/lib/spawn/row-command";
import { FIRST_ROWS, type SpawnMod, type SpawnRow } from "@/lib/spawn/spawn-filter";
import type { CommandForm, SpawnTab } from "@/lib/spawn/spawn-view";
import { isTameable } from "@/lib/catalogue/creature-variants";
import { SpawnRowView } from "./spawn-row";
import { useWindowedRows } from "./use-windowed-rows";

/** a desktop row's height before any is measured (a phone's rows are taller and get measured) */
const ROW_ESTIMATE = 64;

interface Props {
  /** whose rows these are: each links its own page in that game */
  game: Game;
  tab: SpawnTab;
  rows: readonly SpawnRow[];
  /** by row key: what tells a row from others of its name ("Mission", "Boss · Gamma"); "" for the thing itself */
  tags: readonly string[];
  mods: readonly SpawnMod[];
  visible: readonly number[];
  /** by row key; null while a number of the options is wrong: rows show no command */
  commandFor: ((key: number) => RowCommand) | null;
  /** the view's form of item commands; `flipped` rows show the other */
  form: CommandForm;
  flipped: ReadonlySet<number>;
  onFlip: (rowKey: number) => void;
  /** changes when row heights may all change (other rows, other command text) */
  layoutKey: string;
  copied: number | null;
  onCopy: (rowIndex: number) => void;
}

export function SpawnTable({
  game,
  tab,
  rows,
  tags,
  mods,
  visible,
  commandFor,
  form,
  flipped,
  onFlip,
  layoutKey,
  copied,
  onCopy,
}: Props) {
  const { bodyRef, start, end, above, below } = useWindowedRows(visible, ROW_ESTIMATE, FIRST_ROWS, layoutKey);
  // One cell: spanning the command column, hidden on phones, would add an empty column there.
  const spacer = (height: number, key: string) => (
    <tr aria-hidden="true" key={key}>
      <td className="p-0" style={{ height }} />
    </tr>
  );
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-rowcount={visible.length + 1}>
      <caption className="sr-only">
        {tab === "creatures" ? "Creature spawn commands" : "Spawn commands"}; the table shows the rows near the scroll
        position.
      </caption>
      <thead className="text-left text-slate-300">
        <tr aria-rowindex={1}>
          <th scope="col" className="py-2 pl-1 font-semibold sm:w-1/3 sm:pl-2">
            {tab === "creatures" ? "Creature" : "Item"}
          </th>
          <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">
            Spawn command
          </th>
          <th scope="col" className="w-16 py-2 sm:w-20">
            <span className="sr-only">Copy</span>
          </th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {start > 0 && spacer(above, "top")}
        {visible.slice(start, end).map((rowIndex, i) => {
          const row = rows[rowIndex]!;
          const command = commandFor ? commandFor(rowIndex) : null;
          const isFlipped = flipped.has(rowIndex);
          return (
            <SpawnRowView
              key={rowIndex}
              row={row}
              rowKey={rowIndex}
              position={start + i + 2}
              modName={row[5] >= 0 ? (mods[row[5]]?.name ?? "") : "Base game"}
              href={entryHref(row[5] >= 0 ? (mods[row[5]]?.id ?? null) : null, row[1], game)}
              mark={tags[rowIndex] ?? ""}
              tameable={tab === "creatures" && isTameable(row[6])}
              command={command?.command ?? null}
              note={command?.note ?? null}
              copied={copied === rowIndex}
              onCopy={onCopy}
              shows={tab === "creatures" || command === null ? null : (form === "gfi") !== isFlipped ? "gfi" : "full"}
              onFlip={onFlip}
            />
          );
        })}
        {end < visible.length && spacer(below, "bottom")}
      </tbody>
    </table>
  );
}
