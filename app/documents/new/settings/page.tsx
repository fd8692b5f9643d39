/**
 * /documents/new/settings: a new document of server settings, for ASE or ASA, from a
 * Game.ini and a GameUserSettings.ini pasted or chosen (either, both, or neither to fill
 * in on the settings page it opens).
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { focus, input, label } from "@/components/dashboard/styles";
import { SignInNeeded } from "@/components/loot-editor/sign-in-needed";
import { IniFileFields } from "@/components/settings/ini-file-fields";
import { currentUserId } from "@/lib/dashboard/session";
import { newSettingsDocumentAction } from "@/app/documents/[id]/settings/settings-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New server settings document" };

export default async function NewSettingsDocumentPage() {
  const userId = await currentUserId();
  return (
    <section className="space-y-6">
      <header className="space-y-2">
        <p>
          <Link href="/documents/new" className={`text-sm text-amber-400 underline ${focus}`}>
            Other ways to start
          </Link>
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">New server settings document</h1>
        <p className="text-sm text-slate-300">
          Every setting of both files lands in its group; keys the option table does not know are kept as custom lines.
          Passwords and other secrets are left out: documents are published and never store them.
        </p>
      </header>
      {userId ? (
        <IniFileFields action={newSettingsDocumentAction} submitLabel="Make the document" id="new-settings">
          <div className="space-y-1">
            <label htmlFor="new-settings-title" className={label}>
              Title
            </label>
            <input id="new-settings-title" name="title" required maxLength={200} className={input} />
          </div>
          <fieldset className="space-y-1">
            <legend className={label}>Game</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-1.5">
                <input type="radio" name="game" value="ase" defaultChecked className="accent-amber-400" />
                ARK: Survival Evolved
              </label>
              <label className="flex items-center gap-1.5">
                <input type="radio" name="game" value="asa" className="accent-amber-400" />
                ARK: Survival Ascended
              </label>
            </div>
          </fieldset>
        </IniFileFields>
      ) : (
        <SignInNeeded next="/documents/new/settings" what="make documents" />
      )}
    </section>
  );
}
