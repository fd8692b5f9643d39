"use client";
/**
 * Adding a loot source: a known crate by its label, or another crate whose class is typed
 * next. On a document without sources, "Add an item" makes the source, its item set and
 * an entry in one step and puts the keyboard in the entry's item picker: the first item
 * is three clicks from "Start empty".
 */
import { useState } from "react";
import { input, primaryButton, secondaryButton } from "@/components/dashboard/styles";
import { addSource, withFirstEntry } from "@/lib/loot/edit-document";
import type { LootSource } from "@/lib/loot/loot-document";
import { KNOWN_CRATES, knownCrate } from "@/lib/loot/known-crates";
import { CrateOptions } from "./crate-options";
import { newSource } from "@/lib/loot/new-loot";
import { partId, useEditor } from "./editor-context";

export function AddSource({ count, onAdded }: { count: number; onAdded: (source: LootSource) => void }) {
  const api = useEditor();
  const [crateClass, setCrateClass] = useState(KNOWN_CRATES[0]!.crateClass);
  const chosen = () => newSource(knownCrate(crateClass) ?? { crateClass: "" });
  return (
    <div className="space-y-2 rounded-lg border border-dashed border-slate-700 p-3">
      {count === 0 && (
        <p className="text-sm text-slate-300" id="loot-first-item-help">
          A crate drops item sets, and each set picks among entries of items. &ldquo;Add an item&rdquo; makes a source
          of this crate with one set and one entry for you: pick the item and it is in.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="loot-new-crate" className="text-xs font-medium text-slate-300">
            Crate of the new source
          </label>
          <select
            id="loot-new-crate"
            value={crateClass}
            onChange={(e) => setCrateClass(e.target.value)}
            className={`${input} py-1`}
          >
            <CrateOptions />
            <option value="">Another crate (type its class)</option>
          </select>
        </div>
        {count === 0 && (
          <button
            type="button"
            id="loot-doc-add-item"
            className={primaryButton}
            aria-describedby="loot-first-item-help"
            onClick={() => {
              const source = withFirstEntry(chosen());
              api.edit((d) => addSource(d, source));
              onAdded(source);
              api.focusLater(`${partId([count, 0, 0])}-pick`);
            }}
          >
            Add an item
          </button>
        )}
        <button
          type="button"
          id="loot-doc-add"
          className={secondaryButton}
          onClick={() => {
            const source = chosen();
            api.edit((d) => addSource(d, source));
            onAdded(source);
            api.focusLater(`${partId([count])}-crate`);
          }}
        >
          Add loot source
        </button>
      </div>
    </div>
  );
}
