/** One of the owner's mods (a Workshop or an ASA one): unconfirmed ones show how to confirm, confirmed ones link on. */
import Link from "@/components/intent-link";
import { confirmAsaModAction, confirmModAction, removeModAction } from "@/app/dashboard/mod-actions";
import { ActionForm } from "@/components/dashboard/action-form";
import { CopyButton } from "@/components/dashboard/copy-button";
import { card, focus } from "@/components/dashboard/styles";
import type { AsaModJson } from "@/lib/mods/asa-mod-json";
import type { ModJson } from "@/lib/mods/mod-json";
import type { ModContents } from "@/lib/mods/mod-contents";
import { removeModQuestion } from "@/lib/dashboard/confirm-questions";

/** Where the owner puts the code, for each kind of mod. */
function Steps({ mod }: { mod: ModJson | AsaModJson }) {
  const asa = "game" in mod;
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
      <li>Copy the confirmation code.</li>
      <li>
        Open the mod&apos;s{" "}
        <a
          href={asa ? mod.curseforge_url : mod.workshop_url}
          className={`text-amber-300 underline ${focus}`}
          rel="noreferrer"
          target="_blank"
        >
          {asa ? "project page" : "workshop page"}
        </a>{" "}
        {asa ? (
          <>on CurseForge and edit its summary or description.</>
        ) : (
          <>on Steam and choose &ldquo;Edit title &amp; description&rdquo;.</>
        )}
      </li>
      <li>Paste the code anywhere in the {asa ? "summary or description" : "description"} and save.</li>
      <li>Press &ldquo;Confirm ownership&rdquo;. Afterwards you may remove the code from the description.</li>
    </ol>
  );
}

/** `contents`: what removing the mod takes with it (lib/mods/mod-contents), asked before it goes. */
export function ModCard({ mod, contents }: { mod: ModJson | AsaModJson; contents?: ModContents }) {
  const asa = "game" in mod;
  const id = `mod-${mod.mod_id}`;
  return (
    <li className={card} aria-labelledby={`${id}-name`} data-mod-id={mod.mod_id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-name`} className="text-lg font-semibold">
          {mod.confirmed ? (
            <Link href={`/dashboard/mods/${mod.mod_id}`} className={`text-amber-300 hover:underline ${focus}`}>
              {mod.name}
            </Link>
          ) : (
            mod.name
          )}
        </h3>
        <span className="font-mono text-xs text-slate-400">
          {mod.mod_id} · {mod.confirmed ? "confirmed" : "not confirmed"}
        </span>
      </div>
      {!mod.confirmed && (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-300">Confirmation code:</span>
            <code
              className="break-all rounded bg-slate-950 px-2 py-1 font-mono text-sm text-amber-200"
              data-testid="confirmation-code"
            >
              {mod.confirmation_code}
            </code>
            <CopyButton text={mod.confirmation_code} label="Copy the confirmation code" />
          </div>
          <Steps mod={mod} />
          <ActionForm
            id={`${id}-confirm`}
            action={asa ? confirmAsaModAction : confirmModAction}
            hidden={{ mod_id: mod.mod_id }}
            submitLabel="Confirm ownership"
            submitAriaLabel={`Confirm ownership of ${mod.name}`}
          />
        </div>
      )}
      <ActionForm
        id={`${id}-remove`}
        action={removeModAction}
        hidden={{ mod_id: mod.mod_id, game: asa ? "asa" : "ase" }}
        submitLabel={mod.confirmed ? "Remove mod and its engrams" : "Remove"}
        // The name spoken starts with the words shown (WCAG 2.5.3, label in name), then says which mod.
        submitAriaLabel={`${mod.confirmed ? "Remove mod and its engrams" : "Remove"}: ${mod.name}`}
        variant="danger"
        confirm={removeModQuestion({
          name: mod.name,
          confirmed: mod.confirmed,
          engrams: contents?.engrams ?? 0,
          creatures: contents?.creatures ?? 0,
        })}
      />
    </li>
  );
}
