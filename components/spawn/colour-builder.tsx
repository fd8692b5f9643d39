"use client";
/**
 * The colour builder: a colour for any of a creature's six colour regions, and the
 * `SetTargetDinoColor` commands that paint them (lib/spawn/colour-command.ts), one per
 * region and all on one line. A plain GET form, so without JavaScript "Make the
 * commands" loads the view from the server; with it each choice applies at once and the
 * address bar keeps a link that restores the view.
 */
import { useMemo, useState } from "react";
import type { DyeColour } from "@/lib/catalogue/dye-colours";
import {
  checkColourView,
  colourCommands,
  colourViewQuery,
  COLOUR_REGIONS,
  oneLine,
  regionParam,
  type ColourView,
} from "@/lib/spawn/colour-command";
import type { SpawnPrefix } from "@/lib/spawn/spawn-view";
import { copyText } from "./copy-text";
import { caption, field } from "./spawn-form";
import { ColourSwatch } from "./colour-swatch";
import { linkStyle } from "./view-link";

export const COLOURS_PATH = "/spawn/colors";
const FORM = "colour-form";

interface Props {
  colours: readonly DyeColour[];
  initialView: ColourView;
}

const copyButton =
  "min-h-11 min-w-14 shrink-0 rounded bg-slate-800 px-3 text-sm font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 noscript:hidden";

function CommandLine({ label, command }: { label: string; command: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <li className="flex items-center justify-between gap-2 border-t border-slate-800 py-2">
      <code className="min-w-0 text-sm break-all text-amber-200">{command}</code>
      <button
        type="button"
        className={copyButton}
        onClick={() => void copyText(command).then(setCopied)}
        onBlur={() => setCopied(false)}
      >
        {copied ? "Copied" : "Copy"}
        <span className="sr-only">{` ${label}`}</span>
      </button>
    </li>
  );
}

export function ColourBuilder({ colours, initialView }: Props) {
  const [view, setView] = useState(initialView);
  const byId = useMemo(() => new Map(colours.map((c) => [c.id, c])), [colours]);
  const { choices, errors } = checkColourView(view, (id) => byId.has(id));
  const commands = colourCommands(choices, view.prefix);

  const change = (next: ColourView) => {
    setView(next);
    window.history.replaceState(window.history.state, "", `${COLOURS_PATH}${colourViewQuery(next)}`);
  };
  const setRegion = (region: number, id: string) =>
    change({ ...view, regions: view.regions.map((v, r) => (r === region ? id : v)) });

  return (
    <section aria-labelledby="colour-builder-title" className="space-y-3">
      <h2 id="colour-builder-title" className="text-xl font-semibold">
        Colour builder
      </h2>
      <p className="text-sm text-slate-300">
        Pick a colour for any of the six colour regions, look at the creature in the game and run the commands in the
        console. Which part of a creature each region colours differs from creature to creature, and some creatures
        leave regions unused.
      </p>
      <form
        id={FORM}
        method="get"
        action={COLOURS_PATH}
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-1 gap-3 rounded-lg border border-slate-800 bg-slate-900/50 p-4 sm:grid-cols-3"
      >
        {COLOUR_REGIONS.map((region) => {
          const id = `colour-${regionParam(region)}`;
          const chosen = byId.get(Number(view.regions[region]));
          return (
            <div key={region} className="flex flex-col gap-1">
              <label htmlFor={id} className={caption}>
                {`Region ${region}`}
              </label>
              <div className="flex items-center gap-2">
                <ColourSwatch hex={view.regions[region] === "" ? undefined : (chosen?.hex ?? null)} />
                <select
                  id={id}
                  name={regionParam(region)}
                  value={view.regions[region]}
                  onChange={(e) => setRegion(region, e.target.value)}
                  aria-invalid={errors[region] ? true : undefined}
                  aria-describedby={errors[region] ? `${id}-error` : undefined}
                  className={`${field} min-w-0 flex-1`}
                >
                  <option value="">Leave as it is</option>
                  {colours.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {`${c.id} ${c.name}`}
                    </option>
                  ))}
                </select>
              </div>
              {errors[region] && (
                <p id={`${id}-error`} className="text-xs text-rose-300">
                  {errors[region]}
                </p>
              )}
            </div>
          );
        })}
        <div className="flex flex-col gap-1">
          <label htmlFor="colour-prefix" className={caption}>
            Prefix
          </label>
          <select
            id="colour-prefix"
            name="prefix"
            value={view.prefix}
            onChange={(e) => change({ ...view, prefix: e.target.value as SpawnPrefix })}
            className={field}
          >
            <option value="cheat">cheat</option>
            <option value="admincheat">admincheat</option>
          </select>
        </div>
        <div className="flex flex-wrap items-end gap-4 sm:col-span-2">
          <button
            type="submit"
            className="hidden rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 noscript:inline-block"
          >
            Make the commands
          </button>
          {colourViewQuery(view) !== "" && (
            <a
              href={COLOURS_PATH}
              onClick={(e) => {
                e.preventDefault();
                change({ regions: view.regions.map(() => ""), prefix: view.prefix });
              }}
              className={`${linkStyle} py-1.5 text-sm`}
            >
              Clear the colours
            </a>
          )}
        </div>
      </form>
      <div aria-live="polite" className="space-y-2">
        {commands.length === 0 ? (
          <p className="text-sm text-slate-400">Pick a colour for at least one region to get its command.</p>
        ) : (
          <>
            <h3 className="text-sm font-semibold text-slate-200">
              {commands.length === 1 ? "The command" : `${commands.length} commands, one per region`}
            </h3>
            <ul>
              {commands.map((command, i) => (
                <CommandLine key={command} label={`the command for region ${choices[i]!.region}`} command={command} />
              ))}
            </ul>
            {commands.length > 1 && (
              <>
                <h3 className="text-sm font-semibold text-slate-200">All at once (one line for the console)</h3>
                <ul>
                  <CommandLine label="all the commands on one line" command={oneLine(commands)} />
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
