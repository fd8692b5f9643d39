"use client";
/**
 * The items tab's command options: quantity, quality, item or blueprint, and the command
 * form: the full `giveitem` command or its short GFI code (`cmd=gfi`). One switch for
 * the page rather than one per row: who wants short codes wants them for every row, the
 * choice is one parameter of a shared link and one field of the form without
 * JavaScript, and "Copy all" copies what the rows show.
 */
import type { OptionErrors } from "@/lib/spawn/spawn-options";
import type { CommandForm, SpawnKind, SpawnView } from "@/lib/spawn/spawn-view";
import { NumberField } from "./number-field";
import { SelectField } from "./select-field";

interface Props {
  view: SpawnView;
  errors: OptionErrors;
  onChange: (patch: Partial<SpawnView>) => void;
}

export function ItemOptions({ view, errors, onChange }: Props) {
  return (
    <>
      <NumberField
        id="spawn-qty"
        name="qty"
        label="Quantity"
        value={view.quantity}
        error={errors.quantity}
        onChange={(quantity) => onChange({ quantity })}
      />
      <NumberField
        id="spawn-quality"
        name="quality"
        label="Quality"
        value={view.quality}
        error={errors.quality}
        onChange={(quality) => onChange({ quality })}
      />
      <SelectField
        id="spawn-kind"
        name="as"
        label="Give as"
        value={view.kind}
        onChange={(kind) => onChange({ kind: kind as SpawnKind })}
      >
        <option value="item">Item</option>
        <option value="blueprint">Blueprint</option>
      </SelectField>
      <SelectField
        id="spawn-cmd"
        name="cmd"
        label="Command"
        value={view.form}
        onChange={(form) => onChange({ form: form as CommandForm })}
        describedBy="spawn-cmd-hint"
      >
        <option value="full">Full (giveitem)</option>
        <option value="gfi">Short (GFI code)</option>
      </SelectField>
      <p id="spawn-cmd-hint" className="w-full text-xs text-slate-400">
        {view.form === "gfi"
          ? "cheat gfi gives the first item whose class name holds the code. Codes are unique among the base game and this page's mods; on a server with other mods a code may give one of theirs."
          : "Short GFI codes are easier to type in the game's console."}
      </p>
    </>
  );
}
