"use client";
/** Adding a loot source: a known crate by its label, or another crate whose class is typed next. */
import { useState } from "react";
import { input, secondaryButton } from "@/components/dashboard/styles";
import { insertPart } from "@/lib/loot/edit-document";
import type { LootSource } from "@/lib/loot/loot-document";
import { KNOWN_CRATES, knownCrate } from "@/lib/loot/known-crates";
import { newSource } from "@/lib/loot/new-loot";
import { partId, useEditor } from "./editor-context";

export function AddSource({ count, onAdded }: { count: number; onAdded: (source: LootSource) => void }) {
  const api = useEditor();
  const [crateClass, setCrateClass] = useState(KNOWN_CRATES[0]!.crateClass);
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-slate-700 p-3">
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
          {KNOWN_CRATES.map((c) => (
            <option key={c.crateClass} value={c.crateClass}>
              {c.label}
            </option>
          ))}
          <option value="">Another crate (type its class)</option>
        </select>
      </div>
      <button
        type="button"
        id="loot-doc-add"
        className={secondaryButton}
        onClick={() => {
          const source = newSource(knownCrate(crateClass) ?? { crateClass: "" });
          api.edit((d) => insertPart(d, [], source));
          onAdded(source);
          api.focusLater(`${partId([count])}-crate`);
        }}
      >
        Add loot source
      </button>
    </div>
  );
}
