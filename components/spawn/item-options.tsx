"use client";
/**
 * The items tab's command options: quantity, quality, item or blueprint, and the command
 * form: the full `giveitem` command or its short GFI code (`cmd=gfi`). One switch for
 * the page rather than one per row: who wants short codes wants them for every row, the
 * choice is one parameter of a shared link and one field of the form without
 * JavaScript, and "Copy all" copies what the rows show.
 */
import type { OptionErrors } from "@/lib/portal/spawn-options";
import type { CommandForm, SpawnKind, SpawnView } from "@/lib/portal/spawn-view";
import { NumberField } from "./number-field";
import { caption, field, FORM_ID } from "./spawn-form";

interface Props {
  view: SpawnView;
  errors: OptionErrors;
  onChange: (patch: Partial<SpawnView>) => void;
}

export function ItemOptions({ view, errors, onChange }: Props) {
  return (
    <>
      <NumberField id="spawn-qty" name="qty" label="Quantity" value={view.quantity} error={errors.quantity} onChange={(quantity) => onChange({ quantity })} />
      <NumberField id="spawn-quality" name="quality" label="Quality" value={view.quality} error={errors.quality} onChange={(quality) => onChange({ quality })} />
      <div className="flex flex-col gap-1">
        <label htmlFor="spawn-kind" className={caption}>
          Give as
        </label>
        <select id="spawn-kind" form={FORM_ID} name="as" value={view.kind} onChange={(e) => onChange({ kind: e.target.value as SpawnKind })} className={field}>
          <option value="item">Item</option>
          <option value="blueprint">Blueprint</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="spawn-cmd" className={caption}>
          Command
        </label>
        <select id="spawn-cmd" form={FORM_ID} name="cmd" value={view.form} onChange={(e) => onChange({ form: e.target.value as CommandForm })} aria-describedby="spawn-cmd-hint" className={field}>
          <option value="full">Full (giveitem)</option>
          <option value="gfi">Short (GFI code)</option>
        </select>
      </div>
      <p id="spawn-cmd-hint" className="w-full text-xs text-slate-400">
        {view.form === "gfi"
          ? "cheat gfi gives the first item whose class name holds the code. Codes are unique among the base game and this page's mods; on a server with other mods a code may give one of theirs."
          : "Short GFI codes are easier to type in the game's console."}
      </p>
    </>
  );
}
