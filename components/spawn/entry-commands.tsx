"use client";
/**
 * An item's or creature's page: its spawn command with the spawn page's builder (the
 * items tab's options or the Creatures tab's, and the prefix), computed by the same
 * functions as the spawn table's rows (lib/spawn/row-command.ts). The options are the
 * spawn page's URL parameters, so without JavaScript "Apply" loads the page with them
 * from the server, and with it each change applies at once and the address bar keeps a
 * link that restores them.
 */
import { useEffect, useState } from "react";
import { viewCommands } from "@/lib/spawn/row-command";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { DEFAULT_VIEW, spawnViewQuery, type SpawnPrefix, type SpawnView } from "@/lib/spawn/spawn-view";
import { ALL_ENGRAMS } from "@/lib/spawn/spawn-scope";
import { copyText } from "./copy-text";
import { CreatureOptions } from "./creature-options";
import { ItemOptions } from "./item-options";
import { SelectField } from "./select-field";
import { FORM_ID } from "./spawn-form";

interface Props {
  /** the page's rows of one kind (usually one; a class several blueprints share has more), each with its name */
  rows: { row: SpawnRow; label: string }[];
  /** the page's own address, which the form loads */
  href: string;
  initialView: SpawnView;
  /** names the form for screen readers */
  label: string;
  /** what the page's GFI codes are unique among (lib/spawn/spawn-notices gfiScopeNote) */
  gfiNote: string;
}

/** Only the command options go in the page's URL (the page has one row: no search or filters). */
function optionsQuery(view: SpawnView): string {
  const { tab, q, maps, mods, bp, category, tameable } = DEFAULT_VIEW;
  return spawnViewQuery({ ...view, tab, q, maps, mods, bp, category, tameable }, ALL_ENGRAMS);
}

function CommandBox({ row, label, view }: { row: SpawnRow; label: string; view: SpawnView }) {
  const [copied, setCopied] = useState<string | null>(null);
  const { commandOf } = viewCommands(view);
  const command = commandOf ? commandOf(row) : null;
  return (
    <div className="flex items-start justify-between gap-2 rounded-lg border border-slate-700 bg-slate-900 p-3">
      {command ? (
        <div className="min-w-0">
          <code data-command="" className="block text-sm break-all text-amber-200">
            {command.command}
          </code>
          {command.note && <p className="mt-1 text-xs text-slate-400">{command.note}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-400">No command until the options below are fixed.</p>
      )}
      <button
        type="button"
        disabled={command === null}
        onClick={() => command && void copyText(command.command).then((ok) => setCopied(ok ? command.command : null))}
        className="min-h-11 min-w-14 shrink-0 rounded bg-slate-800 px-3 text-sm font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-50 noscript:hidden"
      >
        {copied !== null && copied === command?.command ? "Copied" : "Copy"}
        <span className="sr-only">{` the spawn command for ${label}`}</span>
      </button>
    </div>
  );
}

export function EntryCommands({ rows, href, initialView, label, gfiNote }: Props) {
  const [view, setView] = useState(initialView);
  const { errors } = viewCommands(view);
  // Hydrated: the options respond from here (scripts/phone-speed.ts reads this mark).
  useEffect(() => {
    performance.mark("entry-ready");
  }, []);

  const change = (patch: Partial<SpawnView>) => {
    const next = { ...view, ...patch };
    setView(next);
    window.history.replaceState(window.history.state, "", `${href}${optionsQuery(next)}`);
  };

  return (
    <div className="space-y-3">
      {rows.map((r) => (
        <div key={r.row[2]} className="space-y-1">
          {rows.length > 1 && <p className="text-xs break-all text-slate-400">{r.row[2]}</p>}
          <CommandBox row={r.row} label={r.label} view={view} />
        </div>
      ))}
      <form
        id={FORM_ID}
        method="get"
        action={href}
        aria-label={`Command options for ${label}`}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-800 bg-slate-900/50 p-4"
      >
        {view.tab === "creatures" ? (
          <CreatureOptions view={view} errors={errors} onChange={change} />
        ) : (
          <ItemOptions view={view} gfiNote={gfiNote} errors={errors} onChange={change} />
        )}
        <SelectField
          id="spawn-prefix"
          name="prefix"
          label="Prefix"
          value={view.prefix}
          onChange={(prefix) => change({ prefix: prefix as SpawnPrefix })}
        >
          <option value="cheat">cheat</option>
          <option value="admincheat">admincheat</option>
        </SelectField>
        {/* "Apply" without JavaScript stays in the page's game (the options are the only other fields). */}
        {view.game === "asa" && <input type="hidden" name="game" value="asa" />}
        <button
          type="submit"
          className="hidden self-end rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 noscript:inline-block"
        >
          Apply
        </button>
      </form>
    </div>
  );
}
