/**
 * A mod's engrams or creatures with inline edit (a <details> form per row, no script
 * needed) and delete, and the fields of the add and edit forms of each kind. Ids of
 * creature forms carry `creature-`, since a path may be an engram and a creature at once
 * (one uid in both tables).
 */
import {
  deleteCreatureAction,
  deleteEngramAction,
  saveCreatureAction,
  saveEngramAction,
} from "@/app/dashboard/catalogue-actions";
import { ActionForm, type FieldSpec } from "@/components/dashboard/action-form";
import { focus } from "@/components/dashboard/styles";
import { GAME_MAPS, V1_MAPS_MASK } from "@/lib/catalogue/game-maps";
import type { ItemJson } from "@/lib/engrams/find-engrams";
import { itemKinds, type ItemKind } from "@/lib/engrams/item-kind";

export const catalogueActions = {
  engrams: { save: saveEngramAction, remove: deleteEngramAction },
  creatures: { save: saveCreatureAction, remove: deleteCreatureAction },
} as const;

/** Prefix of the kind's form ids: engrams keep the ids they always had. */
const formIdPrefix = (kind: ItemKind) => (kind === "engrams" ? "" : "creature-");

/**
 * The maps an item can be on, all ticked for a new one: every official map of ASE
 * (lib/catalogue/game-maps); for an ASA mod the interface's five, as its data offers no list
 * of ASA's maps to tell them by.
 */
const mapNames = (asa: boolean) => GAME_MAPS.filter((m) => !asa || (m.bit & V1_MAPS_MASK) !== 0).map((m) => m.name);

export function catalogueFields(kind: ItemKind, options: { e?: ItemJson; maps?: string[]; asa: boolean }): FieldSpec[] {
  const { e, maps, asa } = options;
  const { noun } = itemKinds[kind];
  const placeholder =
    kind === "engrams" ? "/Game/Mods/MyMod/MyItem.MyItem" : "/Game/Mods/MyMod/MyDino_Character_BP.MyDino_Character_BP";
  const fields: FieldSpec[] = [
    {
      name: "path",
      label: "Blueprint path",
      defaultValue: e?.path,
      readOnly: e !== undefined,
      mono: true,
      placeholder,
      hint: e ? `The path is the ${noun}'s identity; to change it, add a new ${noun} and delete this one.` : undefined,
    },
    { name: "label", label: "Label", defaultValue: e?.label },
    {
      name: "maps",
      label: "Maps",
      type: "checkboxes",
      options: mapNames(asa),
      defaultValues: maps ?? mapNames(asa),
    },
  ];
  if (kind === "engrams")
    fields.push({
      name: "can_blueprint",
      label: "Can be blueprinted",
      type: "checkbox",
      defaultValue: String(e && "can_blueprint" in e ? e.can_blueprint : true),
    });
  return fields;
}

export function CatalogueTable({
  kind,
  modId,
  items,
  maps,
  asa,
}: {
  kind: ItemKind;
  modId: string;
  items: ItemJson[];
  /** each item's maps by uid (lib/engrams/find-engrams modItemMaps) */
  maps: Map<string, string[]>;
  asa: boolean;
}) {
  const { noun } = itemKinds[kind];
  const actions = catalogueActions[kind];
  const prefix = formIdPrefix(kind);
  // "Delete Rex" alone could be the saddle or the creature when a mod has both.
  const named = (label: string) => (kind === "engrams" ? label : `${noun} ${label}`);
  if (items.length === 0) return <p className="text-slate-300">This mod has no {noun}s yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{kind === "engrams" ? "Engrams" : "Creatures"} of this mod</caption>
        <thead className="border-b border-slate-700 text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Label
            </th>
            <th scope="col" className="py-2 pr-3">
              Class
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              Maps
            </th>
            <th scope="col" className="py-2 pr-3">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.uid} className="border-b border-slate-800 align-top" {...{ [`data-${noun}-uid`]: e.uid }}>
              <td className="py-2 pr-3">{e.label}</td>
              <td className="break-all py-2 pr-3 font-mono text-xs">{e.class}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">{(maps.get(e.uid) ?? []).join(", ")}</td>
              <td className="space-y-2 py-2 pr-3">
                <details>
                  <summary className={`cursor-pointer text-amber-300 ${focus}`}>
                    Edit<span className="sr-only"> {named(e.label)}</span>
                  </summary>
                  <div className="mt-2 w-72 max-w-full">
                    <ActionForm
                      id={`edit-${prefix}${e.uid}`}
                      action={actions.save}
                      hidden={{ mod_id: modId }}
                      fields={catalogueFields(kind, { e, maps: maps.get(e.uid), asa })}
                      submitLabel="Save"
                      submitAriaLabel={`Save ${named(e.label)}`}
                    />
                  </div>
                </details>
                <ActionForm
                  id={`delete-${prefix}${e.uid}`}
                  action={actions.remove}
                  hidden={{ mod_id: modId, uid: e.uid }}
                  submitLabel="Delete"
                  submitAriaLabel={`Delete ${named(e.label)}`}
                  variant="danger"
                  inline
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
