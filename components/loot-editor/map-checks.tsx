"use client";
/** Map checkboxes over a bit mask (a document's Map, a source's Availability). */
import { focus } from "@/components/dashboard/styles";
import { DOCUMENT_MAPS } from "@/lib/loot/maps";
import { useEditor, type DocEdit } from "./editor-context";

export function MapChecks({
  id,
  legend,
  mask,
  onChange,
}: {
  id: string;
  legend: string;
  mask: number;
  onChange: (mask: number) => DocEdit;
}) {
  const api = useEditor();
  return (
    <fieldset id={id} className="min-w-0">
      <legend className="text-xs font-medium text-slate-300">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {DOCUMENT_MAPS.map(({ key, name, bit }) => (
          <label key={key} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={(mask & bit) !== 0}
              onChange={(e) => api.edit(onChange(e.target.checked ? mask | bit : mask & ~bit))}
              className={`accent-amber-400 ${focus}`}
            />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
