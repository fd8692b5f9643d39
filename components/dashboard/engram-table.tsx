/** A mod's engrams with inline edit (a <details> form per row, no script needed) and delete. */
import { deleteEngramAction, saveEngramAction } from "@/app/dashboard/engram-actions";
import { ActionForm, type FieldSpec } from "@/components/dashboard/action-form";
import { focus } from "@/components/dashboard/styles";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { ENVIRONMENTS } from "@/lib/engrams/environments";

export function engramFields(e?: EngramJson): FieldSpec[] {
  return [
    { name: "path", label: "Blueprint path", defaultValue: e?.path, readOnly: e !== undefined, mono: true, placeholder: "/Game/Mods/MyMod/MyItem.MyItem", hint: e ? "The path is the engram's identity; to change it, add a new engram and delete this one." : undefined },
    { name: "label", label: "Label", defaultValue: e?.label },
    { name: "environments", label: "Environments", type: "checkboxes", options: [...ENVIRONMENTS], defaultValues: e?.environments ?? [...ENVIRONMENTS] },
    { name: "can_blueprint", label: "Can be blueprinted", type: "checkbox", defaultValue: String(e?.can_blueprint ?? true) },
  ];
}

export function EngramTable({ modId, engrams }: { modId: string; engrams: EngramJson[] }) {
  if (engrams.length === 0) return <p className="text-slate-300">This mod has no engrams yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Engrams of this mod</caption>
        <thead className="border-b border-slate-700 text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-3">Label</th>
            <th scope="col" className="py-2 pr-3">Class</th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">Environments</th>
            <th scope="col" className="py-2 pr-3">Actions</th>
          </tr>
        </thead>
        <tbody>
          {engrams.map((e) => (
            <tr key={e.uid} className="border-b border-slate-800 align-top" data-engram-uid={e.uid}>
              <td className="py-2 pr-3">{e.label}</td>
              <td className="break-all py-2 pr-3 font-mono text-xs">{e.class}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">{e.environments.join(", ")}</td>
              <td className="space-y-2 py-2 pr-3">
                <details>
                  <summary className={`cursor-pointer text-amber-300 ${focus}`}>Edit<span className="sr-only"> {e.label}</span></summary>
                  <div className="mt-2 w-72 max-w-full">
                    <ActionForm id={`edit-${e.uid}`} action={saveEngramAction} hidden={{ mod_id: modId }} fields={engramFields(e)} submitLabel="Save" submitAriaLabel={`Save ${e.label}`} />
                  </div>
                </details>
                <ActionForm id={`delete-${e.uid}`} action={deleteEngramAction} hidden={{ mod_id: modId, uid: e.uid }} submitLabel="Delete" submitAriaLabel={`Delete ${e.label}`} variant="danger" inline />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
