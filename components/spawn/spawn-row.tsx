"use client";
/**
 * One engram or creature of the spawn table: the whole name (a link to its own page), where it comes from, the
 * whole command (wrapped, never cut) and a copy button a thumb reaches on a phone (the
 * right edge, 44 px tall). On a phone the command sits under the name; from 640 px it
 * has a column. While the command options are wrong (lib/spawn/spawn-options) there is
 * no command to show or copy. A command that is not the form asked for (an engram with
 * no GFI code) says why under it. An engram row has a toggle between its full `giveitem`
 * command and its short GFI form, whatever the view's form is (with JavaScript; the
 * view's own switch works without). A creature that varies another (a boss, a mission
 * or VR copy, an alpha...) says so beside its name, and a tameable one says so under it.
 */
import { memo } from "react";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";

interface Props {
  row: SpawnRow;
  /** the row's key (index into the page's rows) and its 1-based position for screen readers */
  rowKey: number;
  position: number;
  modName: string;
  /** the item's or creature's own page */
  href: string;
  /** what tells it from others of its name ("Boss · Gamma", "Mission · Genesis: Part 2": lib/catalogue/variant-tags), "" for the thing itself */
  mark: string;
  tameable: boolean;
  /** null while a number of the options is wrong */
  command: string | null;
  /** why the command is not the form asked for (strings, not the RowCommand object, so memo holds) */
  note: string | null;
  copied: boolean;
  onCopy: (rowKey: number) => void;
  /** the form an engram row shows (its toggle offers the other); null: no toggle */
  shows: "full" | "gfi" | null;
  onFlip: (rowKey: number) => void;
}

const CommandText = ({
  command,
  note,
  className,
  data,
}: {
  command: string | null;
  note: string | null;
  className: string;
  data?: boolean;
}) =>
  command === null ? (
    <span className={`${className} text-slate-400`}>
      —<span className="sr-only"> no command until the options are fixed</span>
    </span>
  ) : (
    <>
      <code className={`${className} break-all text-amber-200`} data-command={data ? "" : undefined}>
        {command}
      </code>
      {note && (
        <span className={`${className} block text-slate-400`} data-note={data ? "" : undefined}>
          {note}
        </span>
      )}
    </>
  );

const FlipButton = ({ shows, label, onFlip }: { shows: "full" | "gfi"; label: string; onFlip: () => void }) => (
  <button
    type="button"
    onClick={onFlip}
    aria-pressed={shows === "gfi"}
    className="mt-1 inline-flex min-h-9 items-center rounded px-1 text-xs text-amber-300 underline decoration-dotted underline-offset-2 hover:text-amber-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 noscript:hidden"
  >
    GFI code
    <span className="sr-only"> for {label}</span>
  </button>
);

export const SpawnRowView = memo(function SpawnRowView({
  row,
  rowKey,
  position,
  modName,
  href,
  mark,
  tameable,
  command,
  note,
  copied,
  onCopy,
  shows,
  onFlip,
}: Props) {
  const [label, className] = row;
  // On a phone under the name, from 640 px in its own column (one is hidden by CSS).
  const commandCell = (textClass: string, data?: boolean) => (
    <>
      <CommandText command={command} note={note} className={textClass} data={data} />
      {shows && (
        <span className="block">
          <FlipButton shows={shows} label={label} onFlip={() => onFlip(rowKey)} />
        </span>
      )}
    </>
  );
  return (
    <tr data-row="" data-key={rowKey} aria-rowindex={position} className="border-t border-slate-800 align-top">
      <td className="py-2 pr-2 pl-1 sm:pl-2">
        <div className="font-medium break-words text-slate-100">
          <a
            href={href}
            className="underline decoration-slate-600 underline-offset-2 hover:text-amber-300 hover:decoration-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {label}
          </a>
          {mark && (
            <span className="ml-2 inline-block rounded border border-slate-600 px-1.5 text-xs font-normal text-slate-300">
              {mark}
            </span>
          )}
        </div>
        <div className="text-xs break-all text-slate-400">
          <span className="hidden sm:inline">{className} · </span>
          {modName}
          {tameable && " · tameable"}
        </div>
        <span className="sm:hidden">{commandCell("mt-1 block text-xs")}</span>
      </td>
      <td className="hidden px-2 py-2 sm:table-cell">{commandCell("text-xs", true)}</td>
      <td className="py-2 pl-1 text-right align-middle">
        <button
          type="button"
          onClick={() => onCopy(rowKey)}
          disabled={command === null}
          className="min-h-11 min-w-14 rounded bg-slate-800 px-3 text-sm font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-50 noscript:hidden"
        >
          {copied ? "Copied" : "Copy"}
          {/* the visible word starts the accessible name (WCAG 2.5.3) */}
          <span className="sr-only"> the spawn command for {label}</span>
        </button>
      </td>
    </tr>
  );
});
