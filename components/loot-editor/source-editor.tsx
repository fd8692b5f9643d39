"use client";
/**
 * One loot source: its crate (chosen from the known crates by label, or any class), its
 * label, maps, set counts and quality multipliers; its item sets with the chance of each
 * set and item per roll (lib/loot/roll-chances); and its live Game.ini line, written by
 * the export's own writer (lib/loot/game-ini).
 */
import { useState } from "react";
import { secondaryButton } from "@/components/dashboard/styles";
import { chooseCrate, insertPart, setFields } from "@/lib/loot/edit-document";
import { supplyCrateLine } from "@/lib/loot/game-ini";
import { knownCrate } from "@/lib/loot/known-crates";
import { CrateOptions } from "./crate-options";
import type { LootSource } from "@/lib/loot/loot-document";
import { newItemSet } from "@/lib/loot/new-loot";
import { rollChances } from "@/lib/loot/roll-chances";
import { partId, useEditor } from "./editor-context";
import { CheckField, IssueLines, NumberField, TextField } from "./fields";
import { ItemSetEditor } from "./item-set-editor";
import { MapChecks } from "./map-checks";
import { PartActions } from "./part-actions";
import { GameDefaultButton } from "./game-default";
import { SourceOdds } from "./source-odds";
import { countOf } from "@/lib/portal/format";

const OTHER = "other";

function CrateChoice({ path, source }: { path: [number]; source: LootSource }) {
  const api = useEditor();
  const pid = partId(path);
  const known = knownCrate(source.crateClass);
  const [other, setOther] = useState(!known);
  const issues = api.issues(path, "crateClass");
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${pid}-crate`} className="text-xs font-medium text-slate-300">
        Crate
      </label>
      <select
        id={`${pid}-crate`}
        value={other || !known ? OTHER : known.crateClass}
        aria-describedby={issues.length > 0 ? `${pid}-crateClass-issues` : undefined}
        onChange={(e) => {
          const crate = knownCrate(e.target.value);
          setOther(!crate);
          if (crate) api.edit((doc) => chooseCrate(doc, path[0], crate));
        }}
        className="w-full rounded border border-slate-600 bg-slate-900 px-2 py-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        <CrateOptions />
        <option value={OTHER}>Another crate (type its class)</option>
      </select>
      {other || !known ? (
        <TextField
          pid={pid}
          path={path}
          field="crateClass"
          label="Crate class"
          mono
          placeholder="e.g. SupplyCrate_Cave_QualityTier1_C"
          value={source.crateClass}
          onChange={(crateClass) => (doc) => setFields(doc, path, { crateClass })}
        />
      ) : (
        <>
          <code className="break-all text-xs text-slate-400">{source.crateClass}</code>
          <IssueLines id={`${pid}-crateClass-issues`} issues={issues} />
        </>
      )}
    </div>
  );
}

export function SourceEditor(props: {
  index: number;
  source: LootSource;
  count: number;
  difficulty: number;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { index, source, count, difficulty, open } = props;
  const api = useEditor();
  const path: [number] = [index];
  const pid = partId(path);
  const chances = rollChances(source);
  const entries = source.itemSets.reduce((n, s) => n + s.entries.length, 0);
  const line = supplyCrateLine(source, { difficulty, canBlueprint: (i) => api.lookup(i)?.canBlueprint ?? true });
  const under = api.countUnder(path);
  const notes = [
    under.errors > 0 ? countOf(under.errors, "error", "errors") : "",
    under.warnings > 0 ? countOf(under.warnings, "warning", "warnings") : "",
  ].filter(Boolean);
  return (
    <li
      id={pid}
      className="space-y-3 rounded-lg border border-slate-700 p-3 sm:p-4"
      data-testid="loot-source"
      aria-labelledby={`${pid}-heading`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <span
            aria-hidden
            className="mt-1.5 inline-block h-3 w-3 shrink-0 rounded-full border border-slate-600"
            style={{ backgroundColor: source.uiColor ? `#${source.uiColor.slice(0, 6)}` : "transparent" }}
          />
          <div className="min-w-0">
            <h3 id={`${pid}-heading`} className="break-words font-semibold" data-testid="loot-source-title">
              {source.label || source.crateClass || "(no crate yet)"}
            </h3>
            <p className="text-xs text-slate-400">
              {countOf(source.itemSets.length, "item set", "item sets")} · {countOf(entries, "entry", "entries")}
              {notes.length > 0 && (
                <span className={under.errors > 0 ? "text-rose-300" : "text-amber-200"}> · {notes.join(", ")}</span>
              )}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            id={`${pid}-toggle`}
            className={`${secondaryButton} px-2 py-1 text-xs`}
            aria-expanded={open}
            aria-controls={`${pid}-body`}
            onClick={() => props.onToggle(!open)}
          >
            {open ? "Hide" : "Show"} <span className="sr-only">{source.label}</span>
          </button>
          <PartActions path={path} count={count} name={`source ${source.label || index + 1}`} />
        </div>
      </div>
      <IssueLines id={`${pid}-issues`} issues={api.issues(path)} />
      {open && (
        <div id={`${pid}-body`} className="space-y-3">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <div className="col-span-2">
              <CrateChoice path={path} source={source} />
            </div>
            <TextField
              pid={pid}
              path={path}
              field="label"
              label="Label"
              value={source.label}
              onChange={(label) => (doc) => setFields(doc, path, { label })}
              className="col-span-2"
            />
            <NumberField
              pid={pid}
              path={path}
              field="minItemSets"
              label="Min item sets"
              value={source.minItemSets}
              onChange={(minItemSets) => (doc) => setFields(doc, path, { minItemSets })}
            />
            <NumberField
              pid={pid}
              path={path}
              field="maxItemSets"
              label="Max item sets"
              value={source.maxItemSets}
              onChange={(maxItemSets) => (doc) => setFields(doc, path, { maxItemSets })}
            />
            <NumberField
              pid={pid}
              path={path}
              field="itemSetsPower"
              label="Item sets power"
              value={source.itemSetsPower}
              onChange={(itemSetsPower) => (doc) => setFields(doc, path, { itemSetsPower })}
            />
            <NumberField
              pid={pid}
              path={path}
              field="multiplierMin"
              label="Quality multiplier min"
              value={source.multiplierMin}
              onChange={(multiplierMin) => (doc) => setFields(doc, path, { multiplierMin })}
            />
            <NumberField
              pid={pid}
              path={path}
              field="multiplierMax"
              label="Quality multiplier max"
              value={source.multiplierMax}
              onChange={(multiplierMax) => (doc) => setFields(doc, path, { multiplierMax })}
            />
          </div>
          <MapChecks
            id={`${pid}-maps`}
            legend="Maps (availability)"
            mask={source.availability}
            onChange={(availability) => (doc) => setFields(doc, path, { availability })}
          />
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <CheckField
              pid={pid}
              path={path}
              field="setsRandomWithoutReplacement"
              label="Each item set at most once per crate (without replacement)"
              value={source.setsRandomWithoutReplacement}
              onChange={(v) => (doc) => setFields(doc, path, { setsRandomWithoutReplacement: v })}
            />
            <CheckField
              pid={pid}
              path={path}
              field="useBlueprints"
              label="Name items by blueprint path"
              hint="Items=(BlueprintGeneratedClass'…') instead of class strings, which are not unique across mods"
              value={source.useBlueprints}
              onChange={(v) => (doc) => setFields(doc, path, { useBlueprints: v })}
            />
          </div>
          <GameDefaultButton pid={pid} index={index} source={source} difficulty={difficulty} />
          <SourceOdds pid={pid} source={source} difficulty={difficulty} />
          <ol className="space-y-3" aria-label={`Item sets of ${source.label}`}>
            {source.itemSets.map((set, t) => (
              <ItemSetEditor
                key={api.keyOf(set)}
                path={[index, t]}
                set={set}
                count={source.itemSets.length}
                chance={chances[t]!}
              />
            ))}
          </ol>
          <button
            type="button"
            id={`${pid}-add`}
            className={`${secondaryButton} text-xs`}
            onClick={() => {
              api.edit((doc) => insertPart(doc, path, newItemSet()));
              api.focusLater(`${partId([index, source.itemSets.length])}-label`);
            }}
          >
            Add item set to {source.label || "this source"}
          </button>
          <div className="space-y-1">
            <p className="text-xs font-medium text-slate-300" id={`${pid}-line-label`}>
              Game.ini line (difficulty {Number.isFinite(difficulty) ? difficulty : "?"})
            </p>
            {/* Focusable: a long line scrolls, and a keyboard must reach what it hides. */}
            <pre
              tabIndex={0}
              aria-labelledby={`${pid}-line-label`}
              data-testid="loot-source-line"
              className="max-h-48 overflow-y-auto whitespace-pre-wrap break-all rounded border border-slate-800 bg-slate-900 p-2 font-mono text-xs text-slate-300"
            >
              {line}
            </pre>
          </div>
        </div>
      )}
    </li>
  );
}
