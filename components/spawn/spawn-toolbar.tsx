"use client";
import { countOf, formatCount } from "@/lib/portal/format";
/** The line above the spawn table: how many rows show, copy all, export, and what the last action did. */
interface Props {
  /** what the rows are: "engram", "creature" */
  noun: string;
  visibleCount: number;
  total: number;
  /** all rows loaded, some shown, and the command options right */
  canAct: boolean;
  status: string;
  onCopyAll: () => void;
  onExport: () => void;
}

const button =
  "min-h-10 rounded bg-slate-800 px-3 text-sm font-medium text-slate-100 hover:bg-slate-700 disabled:opacity-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 noscript:hidden";

export function SpawnToolbar({ noun, visibleCount, total, canAct, status, onCopyAll, onExport }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="mr-auto text-sm text-slate-300" aria-live="polite" data-testid="result-count">
        Showing {formatCount(visibleCount)} of {countOf(total, noun, `${noun}s`)}
      </p>
      {/* Short words on a phone; the names stay whole ("Copy all visible"). */}
      <button type="button" className={button} onClick={onCopyAll} disabled={!canAct}>
        Copy all<span className="max-sm:sr-only"> visible</span>
      </button>
      <button type="button" className={button} onClick={onExport} disabled={!canAct}>
        Export<span className="max-sm:sr-only"> view as JSON</span>
      </button>
      <p role="status" className="w-full text-sm text-emerald-300">
        {status}
      </p>
    </div>
  );
}
