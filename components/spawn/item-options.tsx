"use client";
/**
 * The items tab's command options: who gets the item (the admin: `giveitem`; another
 * player by id: `GiveItemToPlayer`), quantity, quality, item or blueprint, and the
 * command form: the full command or its short GFI code (`cmd=gfi`). One switch for the
 * page rather than one per row: who wants short codes wants them for every row, the
 * choice is one parameter of a shared link and one field of the form without
 * JavaScript, and "Copy all" copies what the rows show. The help under them says where
 * each command works, and why there is no `giveitemnum`.
 */
import type { OptionErrors } from "@/lib/spawn/spawn-options";
import type { CommandForm, GiveTo, SpawnKind, SpawnView } from "@/lib/spawn/spawn-view";
import { NumberField } from "./number-field";
import { SelectField } from "./select-field";

interface Props {
  view: SpawnView;
  /** what this page's GFI codes are unique among, and when the full command is safer (gfiScopeNote) */
  gfiNote: string;
  errors: OptionErrors;
  onChange: (patch: Partial<SpawnView>) => void;
}

export function ItemOptions({ view, gfiNote, errors, onChange }: Props) {
  const toPlayer = view.giveTo === "player";
  return (
    <>
      <SelectField
        id="spawn-give"
        name="give"
        label="Give to"
        value={view.giveTo}
        onChange={(giveTo) => onChange({ giveTo: giveTo as GiveTo })}
      >
        <option value="me">Me (giveitem)</option>
        <option value="player">A player (GiveItemToPlayer)</option>
      </SelectField>
      {toPlayer && (
        <NumberField
          id="spawn-player"
          name="player"
          label="Player id"
          value={view.player}
          error={errors.player}
          onChange={(player) => onChange({ player })}
          wide
        />
      )}
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
      {view.game === "asa" ? (
        <p className="w-full text-xs text-slate-400" data-testid="asa-no-gfi">
          ARK: Survival Ascended: full giveitem commands only. Short GFI codes are worked out from a game&apos;s whole
          item list, and no public data set lists ASA&apos;s items.
        </p>
      ) : (
        <>
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
              ? "cheat gfi gives the first item whose class name holds the code, and only to you."
              : "Short GFI codes are easier to type in the game's console."}
          </p>
          {view.form === "gfi" && (
            <p className="w-full text-xs text-slate-300" data-testid="gfi-scope">
              {gfiNote}
            </p>
          )}
        </>
      )}
      <details className="w-full text-xs text-slate-300" data-testid="item-commands-help">
        <summary className="disclosure inline-flex min-h-9 cursor-pointer items-center text-slate-200">
          Which command works where
        </summary>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li data-testid="gfi-scope-help">{gfiNote}</li>
          <li>
            <code>giveitem</code> and <code>gfi</code> give the item to you, the admin typing them: in single player
            with cheats on, or on a server after <code>enablecheats</code> (hence the <code>cheat</code> or{" "}
            <code>admincheat</code> prefix).
          </li>
          <li>
            <code>GiveItemToPlayer</code> gives it to another player, who must be online, by their player id (
            <code>ShowMyAdminManager</code> lists each player&apos;s id). It also works from a server&apos;s own console
            or RCON, where <code>giveitem</code> has no one to give to.
          </li>
          <li>
            <code>giveitemnum</code> is not offered: it takes the game&apos;s numeric item ids, and no public data set
            gives those ids with the items&apos; paths.
          </li>
        </ul>
      </details>
    </>
  );
}
