"use client";
/** The windowed table of spawn commands: item, command, copy button. */
import type { CommandOptions } from "@/lib/portal/spawn-command";
import { spawnCommand } from "@/lib/portal/spawn-command";
import { FIRST_ROWS, type SpawnMod, type SpawnRow } from "@/lib/portal/spawn-filter";
import { useWindowedRows } from "./use-windowed-rows";

/** h-16 / sm:h-14: every row has one height per breakpoint, so windowing can compute
 * positions (it measures the real one); commands wrap to two lines at most. */
const ROW_HEIGHT = 56;

interface Props {
  rows: readonly SpawnRow[];
  mods: readonly SpawnMod[];
  visible: readonly number[];
  options: CommandOptions;
  copied: number | null;
  onCopy: (rowIndex: number) => void;
}

export function SpawnTable({ rows, mods, visible, options, copied, onCopy }: Props) {
  const { bodyRef, start, end, rowHeight } = useWindowedRows(visible.length, ROW_HEIGHT, FIRST_ROWS);
  const spacer = (height: number, key: string) => (
    <tr aria-hidden="true" key={key}>
      <td colSpan={3} className="p-0" style={{ height }} />
    </tr>
  );
  return (
    <table className="w-full table-fixed border-collapse text-sm" aria-rowcount={visible.length + 1}>
      <caption className="sr-only">Spawn commands; the table shows the rows near the scroll position.</caption>
      <thead className="text-left text-slate-300">
        <tr aria-rowindex={1}>
          <th scope="col" className="w-auto px-2 py-2 font-semibold sm:w-1/3">Item</th>
          <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">Spawn command</th>
          <th scope="col" className="w-20 px-2 py-2">
            <span className="sr-only">Copy</span>
          </th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {start > 0 && spacer(start * rowHeight, "top")}
        {visible.slice(start, end).map((rowIndex, i) => {
          const [label, className, path, , canBlueprint, mod] = rows[rowIndex]!;
          const command = spawnCommand(path, canBlueprint, options);
          const modName = mod >= 0 ? mods[mod]?.name : "Base game";
          return (
            <tr key={rowIndex} data-row="" aria-rowindex={start + i + 2} className="h-16 border-t border-slate-800 sm:h-14">
              <td className="px-2 py-1">
                <div className="truncate font-medium text-slate-100" title={label}>
                  {label}
                </div>
                <div className="hidden truncate text-xs text-slate-400 sm:block" title={path}>
                  {className} · {modName}
                </div>
                <code className="line-clamp-2 text-xs break-all text-amber-200 sm:hidden" title={command}>
                  {command}
                </code>
              </td>
              <td className="hidden px-2 py-1 sm:table-cell">
                <code className="line-clamp-2 text-xs break-all text-amber-200" title={command} data-command="">
                  {command}
                </code>
              </td>
              <td className="px-2 py-1 text-right">
                <button
                  type="button"
                  onClick={() => onCopy(rowIndex)}
                  aria-label={`Copy the spawn command for ${label}`}
                  className="rounded bg-slate-800 px-3 py-1.5 text-xs font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
                >
                  {copied === rowIndex ? "Copied" : "Copy"}
                </button>
              </td>
            </tr>
          );
        })}
        {end < visible.length && spacer((visible.length - end) * rowHeight, "bottom")}
      </tbody>
    </table>
  );
}
